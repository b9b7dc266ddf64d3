package dev.cumps.app.window;

import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.Waits;
import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.main.MainViewModel;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javafx.animation.PauseTransition;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import javafx.util.Duration;
import org.testfx.api.FxRobot;
import org.testfx.robot.Motion;

/** What the window tests do the way a user does it: click, select a row, read what is shown. */
final class WindowDriver {

    private final FxRobot robot;
    private final ConsoleWindow.Built window;

    WindowDriver(FxRobot robot, ConsoleWindow.Built window) {
        this.robot = robot;
        this.window = window;
    }

    FxRobot robot() {
        return robot;
    }

    MainViewModel vm() {
        return window.viewModel();
    }

    /** Shows the overview page (the tables and the actions), as a user clicks it in the rail. */
    void overview() {
        if (!"overview".equals(Waits.fx(() -> window.view().rail().selectedProperty().get()))) {
            robot.clickOn("#overviewNav");
        }
    }

    /**
     * Refreshes as a user does, Refresh on the overview or F5 on another page (which stays shown: the
     * clients and limits pages collect only while shown), and waits until {@code condition} holds.
     */
    void refreshUntil(String what, Callable<Boolean> condition) {
        if ("overview".equals(Waits.fx(() -> window.view().rail().selectedProperty().get()))) {
            robot.clickOn("#refreshButton");
        } else {
            robot.type(KeyCode.F5);
        }
        Waits.onFx(what, condition);
    }

    /** The daemons table row of {@code name}, as of the last refresh. */
    Optional<DaemonRow> row(String name) {
        return Waits.fx(() -> vm().daemons().stream().filter(r -> r.name().equals(name)).findFirst());
    }

    Node nameCell(String name) {
        Predicate<Node> nameCell = n -> n instanceof TableCell<?, ?> c && name.equals(c.getText())
                && c.isVisible() && c.getTableView() != null && "daemonsTable".equals(c.getTableView().getId());
        Waits.onFx("the row " + name + " in the daemons table", () -> robot.lookup(nameCell).tryQuery().isPresent());
        return robot.lookup(nameCell).query();
    }

    /**
     * Clicks the row of {@code name} until it is the selection. A click can miss on a busy machine
     * when the table lays its rows out again between finding the cell and the click arriving (a row
     * above was just removed): then the cell is looked up afresh and clicked again, until the
     * selection holds or the deadline passes.
     */
    void select(String name) {
        overview();
        Waits.until(name + " selected", () -> {
            if (!isSelected(name)) {
                robot.clickOn(nameCell(name));
            }
            return isSelected(name);
        });
    }

    private boolean isSelected(String name) {
        return Waits.fx(() -> vm().selectedRowProperty().get() != null
                && vm().selectedRowProperty().get().name().equals(name));
    }

    /** Waits for the dialog whose pane has {@code id} and returns its pane. */
    DialogPane dialog(String id) {
        Waits.onFx("the dialog " + id, () -> robot.lookup(id).tryQuery().isPresent());
        return robot.lookup(id).queryAs(DialogPane.class);
    }

    /** Waits until no dialog pane {@code id} is showing any more. */
    void dialogGone(String id) {
        Waits.onFx("the dialog " + id + " to close", () -> robot.lookup(id).tryQuery().isEmpty());
    }

    String notice() {
        return Waits.fx(() -> robot.lookup("#notice").queryAs(Label.class).getText());
    }

    String label(String id) {
        return Waits.fx(() -> robot.lookup(id).queryAs(Label.class).getText());
    }

    /** Moves the mouse onto {@code node} and waits until a tooltip shows; returns its text. */
    String hoverTooltip(Node node) {
        robot.moveTo(node);
        Waits.onFx("a tooltip to show", () -> showingTooltip().isPresent());
        String text = Waits.fx(() -> showingTooltip().orElseThrow().getText());
        // Away again, as a user's pointer goes, until the tooltip is gone: one left showing when the window closes
        // stays behind on JavaFX's headless glass (its screen is 1000 px wide, so a long tooltip lies over the
        // navigation rail) and took the next test's first click.
        robot.moveTo(node.getScene().getRoot(), Pos.TOP_LEFT, new Point2D(4, 4), Motion.DIRECT);
        Waits.onFx("the tooltip to hide", () -> showingTooltip().isEmpty());
        return text;
    }

    private static Optional<Tooltip> showingTooltip() {
        return new ArrayList<>(Window.getWindows()).stream()
                .filter(w -> w instanceof Tooltip && w.isShowing()).map(w -> (Tooltip) w).findFirst();
    }

    /**
     * Lets {@code seconds} of the FX animation clock pass. Only for checking that something does
     * <em>not</em> happen over a stretch of time the product measures itself (the refresh interval);
     * a slow machine can only make such a check less strict, never make it fail.
     */
    void observeFor(double seconds) {
        CountDownLatch done = new CountDownLatch(1);
        Waits.fx(() -> {
            PauseTransition pause = new PauseTransition(Duration.seconds(seconds));
            pause.setOnFinished(e -> done.countDown());
            pause.play();
            return null;
        });
        try {
            if (!done.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("the FX clock did not advance " + seconds + " s within the deadline");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
