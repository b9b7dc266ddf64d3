package dev.cumps.app.ui.window;

import dev.cumps.app.ui.UiExecutor;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import javafx.beans.InvalidationListener;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;

/**
 * Keeps the main window where it was asked to open while the window manager maps and frames it. When the
 * window manager frames the window late (a loaded machine, a busy openbox), JavaFX 26's GTK glass sometimes
 * takes the window's coordinates inside its new frame for its place on the screen and moves it to the screen's
 * corner: the frame went from (320,130) to (-1,-20) right after it was mapped, and stayed there (xev on the root
 * window; docs/testing.md, "Under a window manager"). A move to somewhere else than asked, once the position has
 * settled, is undone, at most {@link #CORRECTIONS} times. The hold ends at the user's first key or button press
 * in the window, {@link #HOLD} after the window first has the focus (the window manager maps and focuses it),
 * {@link #LIMIT} after it is shown in any case, or when it is maximized, iconified or full-screen. A user who
 * drags the window by its title bar within that time sees it put back once; nothing else tells the two apart.
 * Its timers are the window's {@link UiExecutor}'s, not animations (a running {@code PauseTransition} would keep
 * the FX pulse going).
 */
final class LaunchPositionHold {

    private static final System.Logger LOG = System.getLogger(LaunchPositionHold.class.getName());

    /** How long after the window first has the focus a move is still taken for the toolkit's. */
    static final Duration HOLD = Duration.ofSeconds(5);
    /** How long after the window is shown the hold ends however far the mapping got. */
    static final Duration LIMIT = Duration.ofSeconds(60);
    /** How long a position must stay unchanged before it counts as where the window landed. */
    static final Duration SETTLE = Duration.ofMillis(300);
    /** How many times a window that landed elsewhere is put back. */
    static final int CORRECTIONS = 2;
    /** How far (px) from the asked position still counts as at it. */
    private static final double SLACK = 2;

    private final Stage stage;
    private final double x;
    private final double y;
    private final UiExecutor timers;
    private Optional<UiExecutor.Timer> settle = Optional.empty();
    private Optional<UiExecutor.Timer> hold = Optional.empty();
    private Optional<UiExecutor.Timer> limit = Optional.empty();
    private final InvalidationListener moved = observable -> restartSettle();
    private final InvalidationListener focused = observable -> startHoldOnce();
    private final InvalidationListener stateChanged = observable -> endIfNotNormal();
    private final EventHandler<Event> userInput = event -> end("user input");
    private int corrections;
    private boolean ended;

    private LaunchPositionHold(Stage stage, double x, double y, UiExecutor timers) {
        this.stage = stage;
        this.x = x;
        this.y = y;
        this.timers = timers;
    }

    /** Holds {@code stage}, just shown, at ({@code x}, {@code y}) as described above, on {@code timers}. Call on the FX thread. */
    static void start(Stage stage, double x, double y, UiExecutor timers) {
        new LaunchPositionHold(stage, x, y, timers).begin();
    }

    private void begin() {
        limit = Optional.of(timers.schedule(LIMIT, () -> end("shown " + LIMIT.toSeconds() + " s ago")));
        stage.xProperty().addListener(moved);
        stage.yProperty().addListener(moved);
        stage.focusedProperty().addListener(focused);
        stage.maximizedProperty().addListener(stateChanged);
        stage.iconifiedProperty().addListener(stateChanged);
        stage.fullScreenProperty().addListener(stateChanged);
        stage.addEventFilter(MouseEvent.MOUSE_PRESSED, userInput);
        stage.addEventFilter(KeyEvent.KEY_PRESSED, userInput);
        startHoldOnce();
        endIfNotNormal();
        restartSettle();
    }

    private void startHoldOnce() {
        if (!ended && stage.isFocused() && hold.isEmpty()) {
            stage.focusedProperty().removeListener(focused);
            hold = Optional.of(timers.schedule(HOLD, () -> end("held " + HOLD.toSeconds() + " s after the first focus")));
        }
    }

    private void restartSettle() {
        if (!ended) {
            settle.ifPresent(UiExecutor.Timer::cancel);
            settle = Optional.of(timers.schedule(SETTLE, this::placeAgainIfElsewhere));
        }
    }

    private void endIfNotNormal() {
        if (stage.isMaximized() || stage.isIconified() || stage.isFullScreen()) {
            end("no longer a normal window");
        }
    }

    private void placeAgainIfElsewhere() {
        if (ended || atAskedPosition()) {
            return;
        }
        corrections++;
        LOG.log(Level.DEBUG, () -> "window moved to " + stage.getX() + "," + stage.getY() + " while being mapped; placed again at "
                + x + "," + y + " (" + corrections + " of " + CORRECTIONS + ")");
        stage.setX(x);
        stage.setY(y);
        if (corrections >= CORRECTIONS) {
            end("placed again " + CORRECTIONS + " times");
        }
    }

    private boolean atAskedPosition() {
        return Math.abs(stage.getX() - x) <= SLACK && Math.abs(stage.getY() - y) <= SLACK;
    }

    private void end(String why) {
        if (ended) {
            return;
        }
        ended = true;
        settle.ifPresent(UiExecutor.Timer::cancel);
        hold.ifPresent(UiExecutor.Timer::cancel);
        limit.ifPresent(UiExecutor.Timer::cancel);
        stage.xProperty().removeListener(moved);
        stage.yProperty().removeListener(moved);
        stage.focusedProperty().removeListener(focused);
        stage.maximizedProperty().removeListener(stateChanged);
        stage.iconifiedProperty().removeListener(stateChanged);
        stage.fullScreenProperty().removeListener(stateChanged);
        stage.removeEventFilter(MouseEvent.MOUSE_PRESSED, userInput);
        stage.removeEventFilter(KeyEvent.KEY_PRESSED, userInput);
        LOG.log(Level.DEBUG, () -> "launch position hold ended: " + why + " at " + stage.getX() + "," + stage.getY());
    }
}
