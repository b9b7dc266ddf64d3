package dev.cumps.app.ui.window;

import dev.cumps.app.ui.UiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.InvalidationListener;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * Places the main window and remembers where it was. Before the first show the bounds come from the
 * saved state (clamped to the screens; a saved size too small to be a choice is ignored) or are
 * {@link WindowState#DEFAULT_WIDTH}×{@link WindowState#DEFAULT_HEIGHT} centred on the primary
 * screen. Only a sane, normal (not maximized, not iconified, not full-screen) window updates the
 * remembered bounds; a maximized window is saved as its flag plus the last normal bounds. They are saved
 * when the window is hidden, or, when the JVM ends without hiding it (SIGTERM, SIGINT), from a shutdown
 * hook that writes the last tracked bounds and touches nothing of JavaFX (the FX thread may be gone).
 */
public final class WindowPlacement {

    private final Optional<WindowStateStore> store;
    /** Written on the FX thread, read by the shutdown hook too. */
    private volatile WindowState normal;
    private volatile boolean maximized;

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
     * Sets {@code stage}'s minimum size and bounds before its first show, and tracks its normal bounds; saves
     * them when it is hidden. Call before {@code stage.show()}. JavaFX 26's GTK glass learns the window
     * manager's frame before it maps the window, so the bounds asked here are the ones it maps with (the
     * window-manager suite's LaunchWmTest records every size the frame has while mapped). A normal window is
     * then held at its position while the window manager frames it ({@link LaunchPositionHold}, on {@code timers}).
     */
    public void attach(Stage stage, UiExecutor timers) {
        Rectangle2D screen = screens().get(0);
        stage.setMinWidth(Math.min(WindowState.MIN_WIDTH, screen.getWidth()));
        stage.setMinHeight(Math.min(WindowState.MIN_HEIGHT, screen.getHeight()));
        WindowState initial = current();
        apply(stage, initial);
        Thread onExit = new Thread(this::save, "cumps-window-state");
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, event -> {
            if (!initial.maximized()) {
                LaunchPositionHold.start(stage, initial.x(), initial.y(), timers);
            }
            track(stage);
            store.ifPresent(s -> addHook(onExit));
        });
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, event -> {
            save();
            removeHook(onExit);
        });
    }

    private void save() {
        store.ifPresent(s -> s.save(current()));
    }

    private static void addHook(Thread hook) {
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // The JVM is already ending, or the hook is in place from an earlier show.
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is ending: the hook runs (or ran) and saves the same bounds again.
        }
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
