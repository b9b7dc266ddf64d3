package dev.cumps.app.ui.window;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.animation.PauseTransition;
import javafx.beans.InvalidationListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import javafx.util.Duration;

/**
 * Places the main window and remembers where it was. Before the first show the bounds come from the
 * saved state (clamped to the screens; a saved size too small to be a choice is ignored) or are
 * {@link WindowState#DEFAULT_WIDTH}×{@link WindowState#DEFAULT_HEIGHT} centred on the primary
 * screen. They are applied again once the window is shown. Until the window manager's frame is
 * known, the stage's minimum and maximum size are both the size to open at: JavaFX 21's GTK glass
 * learns the frame extents only after the window is mapped and then recomputes the size from
 * what GTK reported meanwhile (its 200×200 default), which without that clamp dropped the window
 * to its minimum for a moment (docs/performance.md, "Under a window manager").
 * Only a sane, normal (not maximized, not iconified, not full-screen) window updates the
 * remembered bounds; a maximized window is saved as its flag plus the last normal bounds.
 */
public final class WindowPlacement {

    private static final System.Logger LOG = System.getLogger(WindowPlacement.class.getName());

    /** How long a window manager has to report the frame before the size is unpinned anyway. */
    static final Duration FRAME_WAIT = Duration.seconds(3);
    /** How long a framed window's bounds must stay unchanged to count as settled. */
    static final Duration SETTLE = Duration.millis(500);
    /** How many times a settled window not at its bounds is given them again. */
    static final int PLACEMENTS = 2;

    private final Optional<WindowStateStore> store;
    private WindowState normal;
    private boolean maximized;

    private WindowPlacement(Optional<WindowStateStore> store, WindowState initial) {
        this.store = store;
        this.normal = initial.withMaximized(false);
        this.maximized = initial.maximized();
    }

    /** The placement for the current screens from {@code store}'s saved state (none: the default). */
    public static WindowPlacement load(Optional<WindowStateStore> store) {
        return new WindowPlacement(store, initialState(store.flatMap(WindowStateStore::load), screens()));
    }

    /** The bounds to open with: {@code saved} clamped to {@code screens} (primary first) when sane, else the default. */
    public static WindowState initialState(Optional<WindowState> saved, List<Rectangle2D> screens) {
        Rectangle2D primary = screens.isEmpty() ? new Rectangle2D(0, 0, WindowState.DEFAULT_WIDTH,
                WindowState.DEFAULT_HEIGHT) : screens.get(0);
        return saved.filter(WindowState::saneSize)
                .map(state -> state.clampedTo(screens))
                .orElseGet(() -> WindowState.defaultOn(primary));
    }

    /** The state that closing the window now would save. */
    public WindowState current() {
        return normal.withMaximized(maximized);
    }

    /**
     * Sets {@code stage}'s minimum size (pinned to the bounds until the frame is known) and bounds,
     * before and again right after its first show, and tracks its normal bounds; saves them when it is hidden. Call before {@code stage.show()}.
     */
    public void attach(Stage stage) {
        Rectangle2D screen = screens().get(0);
        double minWidth = Math.min(WindowState.MIN_WIDTH, screen.getWidth());
        double minHeight = Math.min(WindowState.MIN_HEIGHT, screen.getHeight());
        WindowState initial = current();
        if (initial.maximized()) {
            stage.setMinWidth(minWidth);
            stage.setMinHeight(minHeight);
        } else {
            pinSize(stage, initial.width(), initial.height());
        }
        apply(stage, initial);
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, event -> {
            apply(stage, initial);
            if (!initial.maximized()) {
                unpinOnceFramed(stage, initial, minWidth, minHeight);
            }
            track(stage);
        });
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, event -> store.ifPresent(s -> s.save(current())));
    }

    /** Minimum and maximum size both {@code width}×{@code height}: no recomputation can map another size. */
    private static void pinSize(Stage stage, double width, double height) {
        stage.setMinWidth(width);
        stage.setMinHeight(height);
        stage.setMaxWidth(width);
        stage.setMaxHeight(height);
    }

    /**
     * Gives the user the real minimum (and no maximum) back once the window manager's frame is known
     * and the window is at its size: the stage (frame included) is then taller than its scene. A
     * window manager that reports no frame (or none at all) gets it back after {@link #FRAME_WAIT}, and a
     * window the toolkit left at another size is then given its size again; then {@link #placeUntilSettled}
     * watches it until it has settled.
     */
    private static void unpinOnceFramed(Stage stage, WindowState initial, double minWidth, double minHeight) {
        PauseTransition fallback = new PauseTransition(FRAME_WAIT);
        InvalidationListener[] check = new InvalidationListener[1];
        Runnable unpin = () -> {
            fallback.stop();
            stage.widthProperty().removeListener(check[0]);
            stage.heightProperty().removeListener(check[0]);
            if (stage.getScene() != null) {
                stage.getScene().heightProperty().removeListener(check[0]);
            }
            stage.setMaxWidth(Double.MAX_VALUE);
            stage.setMaxHeight(Double.MAX_VALUE);
            stage.setMinWidth(minWidth);
            stage.setMinHeight(minHeight);
            // While pinned nobody could resize it, so a window not at its size now is the toolkit's doing: a
            // window mapped before its frame was known and then refused the smaller inside that the frame
            // needs (openbox kept 1282x841 for 1280x820 by the pinned minimum). Asked again, unpinned.
            if (!stage.isMaximized() && !atSize(stage, initial)) {
                stage.setWidth(initial.width());
                stage.setHeight(initial.height());
            }
            if (!stage.isMaximized()) {
                placeUntilSettled(stage, initial);
            }
        };
        check[0] = observable -> {
            if (framedAt(stage, initial)) {
                unpin.run();
            }
        };
        if (framedAt(stage, initial)) {
            unpin.run();
            return;
        }
        stage.widthProperty().addListener(check[0]);
        stage.heightProperty().addListener(check[0]);
        if (stage.getScene() != null) {
            stage.getScene().heightProperty().addListener(check[0]);
        }
        fallback.setOnFinished(event -> {
            if (!framed(stage)) {
                LOG.log(Level.DEBUG, () -> "window-frame-wait-over: no frame after " + FRAME_WAIT.toMillis() + " ms");
            }
            unpin.run();
        });
        fallback.play();
    }

    /**
     * Once the pin is released: when the window has its frame and its bounds have not changed for
     * {@link #SETTLE}, a window that bears the toolkit's mark ({@link #insideTookTheWholeWidth}) is given
     * the bounds it opened with again, at most {@link #PLACEMENTS} times; the first settled check that
     * finds it in place, maximized, or moved or resized by the user ends the watch.
     * On a loaded machine the toolkit's and the window manager's answers cross: the frame can come after
     * the pin was released ({@link #FRAME_WAIT} ran out first), or the stage can report its size before
     * openbox's last configure; either way openbox kept 1282x841 (an inside of 1280x820 or 1280x816) for
     * 1280x820, and a window manager that was stopped while the window asked to be mapped put it at (0, 0).
     * The watch lasts until about {@link #SETTLE} after the frame.
     */
    private static void placeUntilSettled(Stage stage, WindowState initial) {
        PauseTransition settle = new PauseTransition(SETTLE);
        InvalidationListener restart = observable -> settle.playFromStart();
        List<ObservableValue<Number>> bounds = List.of(stage.xProperty(), stage.yProperty(),
                stage.widthProperty(), stage.heightProperty());
        int[] placed = {0};
        settle.setOnFinished(event -> {
            if (!framed(stage)) {
                return; // not framed yet: the frame's arrival changes the bounds and restarts the wait
            }
            if (stage.isMaximized() || (atSize(stage, initial) && atPosition(stage, initial)) || placed[0] >= PLACEMENTS
                    || !insideTookTheWholeWidth(stage, initial)) {
                bounds.forEach(b -> b.removeListener(restart));
                return;
            }
            placed[0]++;
            LOG.log(Level.DEBUG, () -> "window-placed-again: settled at " + stage.getWidth() + "x" + stage.getHeight() + "+"
                    + stage.getX() + "+" + stage.getY());
            apply(stage, initial);
            settle.playFromStart(); // checked again once settled, also if nothing moves
        });
        bounds.forEach(b -> b.addListener(restart));
        settle.playFromStart();
    }

    /**
     * The toolkit's mark on a window it sized before it knew the frame: its inside is as wide as the whole
     * window was asked to be, and the frame comes on top (1282 for 1280). A window the user resized has
     * another width inside and is left as it is.
     */
    private static boolean insideTookTheWholeWidth(Stage stage, WindowState initial) {
        return Math.abs(stage.getScene().getWidth() - initial.width()) < 1 && stage.getWidth() > initial.width() + 0.5;
    }

    /** Whether {@code stage} has its frame: it is taller than its scene. */
    private static boolean framed(Stage stage) {
        return stage.getScene() != null && stage.getHeight() > stage.getScene().getHeight();
    }

    /** Whether {@code stage} has its frame and is {@code state}'s size. */
    private static boolean framedAt(Stage stage, WindowState state) {
        return framed(stage) && atSize(stage, state);
    }

    /** Whether {@code stage}'s frame is at {@code state}'s position, to the pixel. */
    private static boolean atPosition(Stage stage, WindowState state) {
        return Math.abs(stage.getX() - state.x()) < 1 && Math.abs(stage.getY() - state.y()) < 1;
    }

    /** Whether {@code stage} (frame included) is {@code state}'s size, to the pixel. */
    private static boolean atSize(Stage stage, WindowState state) {
        return Math.abs(stage.getWidth() - state.width()) < 1 && Math.abs(stage.getHeight() - state.height()) < 1;
    }

    private static void apply(Stage stage, WindowState state) {
        stage.setX(state.x());
        stage.setY(state.y());
        stage.setWidth(state.width());
        stage.setHeight(state.height());
        stage.setMaximized(state.maximized());
    }

    private void track(Stage stage) {
        InvalidationListener update = observable -> {
            if (stage.isIconified() || stage.isFullScreen()) {
                return;
            }
            maximized = stage.isMaximized();
            if (maximized) {
                return;
            }
            WindowState now = new WindowState(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), false);
            // Maximizing can move and resize the window a moment before the flag follows: bounds
            // that fill a whole screen are that moment, not normal bounds.
            if (now.saneSize() && !fillsAScreen(now)) {
                normal = now;
            }
        };
        stage.xProperty().addListener(update);
        stage.yProperty().addListener(update);
        stage.widthProperty().addListener(update);
        stage.heightProperty().addListener(update);
        stage.maximizedProperty().addListener(update);
    }

    private static boolean fillsAScreen(WindowState state) {
        return screens().stream().anyMatch(screen -> state.width() >= screen.getWidth() - 1
                && state.height() >= screen.getHeight() - 1);
    }

    /** Each screen's usable area, primary first. */
    static List<Rectangle2D> screens() {
        List<Rectangle2D> screens = new ArrayList<>();
        Rectangle2D primary = Objects.requireNonNull(Screen.getPrimary()).getVisualBounds();
        screens.add(primary);
        Screen.getScreens().stream().map(Screen::getVisualBounds).filter(b -> !b.equals(primary)).forEach(screens::add);
        return screens;
    }
}
