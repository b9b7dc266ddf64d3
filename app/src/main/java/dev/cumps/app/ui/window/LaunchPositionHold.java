package dev.cumps.app.ui.window;

import java.lang.System.Logger.Level;
import javafx.animation.Animation;
import javafx.animation.PauseTransition;
import javafx.beans.InvalidationListener;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import javafx.util.Duration;

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
 */
final class LaunchPositionHold {

    private static final System.Logger LOG = System.getLogger(LaunchPositionHold.class.getName());

    /** How long after the window first has the focus a move is still taken for the toolkit's. */
    static final Duration HOLD = Duration.seconds(5);
    /** How long after the window is shown the hold ends however far the mapping got. */
    static final Duration LIMIT = Duration.seconds(60);
    /** How long a position must stay unchanged before it counts as where the window landed. */
    static final Duration SETTLE = Duration.millis(300);
    /** How many times a window that landed elsewhere is put back. */
    static final int CORRECTIONS = 2;
    /** How far (px) from the asked position still counts as at it. */
    private static final double SLACK = 2;

    private final Stage stage;
    private final double x;
    private final double y;
    private final PauseTransition settle = new PauseTransition(SETTLE);
    private final PauseTransition hold;
    private final PauseTransition limit;
    private final InvalidationListener moved = observable -> restartSettle();
    private final InvalidationListener focused = observable -> startHoldOnce();
    private final InvalidationListener stateChanged = observable -> endIfNotNormal();
    private final EventHandler<Event> userInput = event -> end("user input");
    private int corrections;
    private boolean ended;

    private LaunchPositionHold(Stage stage, double x, double y, Duration hold, Duration limit) {
        this.stage = stage;
        this.x = x;
        this.y = y;
        this.hold = new PauseTransition(hold);
        this.limit = new PauseTransition(limit);
    }

    /** Holds {@code stage}, just shown, at ({@code x}, {@code y}) as described above. Call on the FX thread. */
    static void start(Stage stage, double x, double y) {
        start(stage, x, y, HOLD, LIMIT);
    }

    /** As {@link #start(Stage, double, double)}, with the hold after the first focus and the limit after the show given. */
    static void start(Stage stage, double x, double y, Duration hold, Duration limit) {
        new LaunchPositionHold(stage, x, y, hold, limit).begin();
    }

    private void begin() {
        settle.setOnFinished(event -> placeAgainIfElsewhere());
        hold.setOnFinished(event -> end("held " + hold.getDuration()));
        limit.setOnFinished(event -> end("shown " + limit.getDuration() + " ago"));
        stage.xProperty().addListener(moved);
        stage.yProperty().addListener(moved);
        stage.focusedProperty().addListener(focused);
        stage.maximizedProperty().addListener(stateChanged);
        stage.iconifiedProperty().addListener(stateChanged);
        stage.fullScreenProperty().addListener(stateChanged);
        stage.addEventFilter(MouseEvent.MOUSE_PRESSED, userInput);
        stage.addEventFilter(KeyEvent.KEY_PRESSED, userInput);
        limit.play();
        startHoldOnce();
        endIfNotNormal();
        restartSettle();
    }

    private void startHoldOnce() {
        if (!ended && stage.isFocused() && hold.getStatus() != Animation.Status.RUNNING) {
            stage.focusedProperty().removeListener(focused);
            hold.play();
        }
    }

    private void restartSettle() {
        if (!ended) {
            settle.playFromStart();
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
        settle.stop();
        hold.stop();
        limit.stop();
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
