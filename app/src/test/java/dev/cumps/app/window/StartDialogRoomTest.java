package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import java.util.Locale;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Start dialog's refusal arrives after the dialog was placed (its live check runs a moment
 * after it opened, and again as the operator types) and a placed dialog does not grow: the refusal must fit into room the dialog
 * had from the start, and Start and Cancel stay wholly inside the dialog's scene, in English and in
 * Chinese (longer lines, taller glyphs).
 */
class StartDialogRoomTest {

    @Nested
    class English {
        @RegisterExtension
        final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

        @Test
        void aRefusalThatAppearsAfterTheDialogWasPlacedLeavesTheButtonsInside(FxRobot robot) {
            refusalKeepsButtonsInside(console, robot);
        }
    }

    @Nested
    class Chinese {
        @RegisterExtension
        final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE);

        @Test
        void aRefusalThatAppearsAfterTheDialogWasPlacedLeavesTheButtonsInside(FxRobot robot) {
            refusalKeepsButtonsInside(console, robot);
        }
    }

    private static void refusalKeepsButtonsInside(ConsoleExtension console, FxRobot robot) {
        WindowDriver ui = new WindowDriver(robot, console.window());
        console.host().start("room-a", 1);
        ui.refreshUntil("the daemon on GPU 1", () -> ui.row("room-a").isPresent() && ui.vm().gpus().size() == 2);
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        DialogPane pane = ui.dialog("#startDialog");
        Button start = robot.lookup("#startConfirm").queryButton();
        // GPU 0 and its default name are free: the dialog is placed and checked with nothing refused.
        Waits.onFx("the request accepted", () -> !start.isDisabled());
        WaitForAsyncUtils.waitForFxEvents();
        // Then the running daemon's name is typed: the refusal comes after the placement.
        TextField name = robot.lookup("#startName").queryAs(TextField.class);
        robot.interact(() -> name.setText("room-a"));
        Label refusal = robot.lookup("#startPlanProblem").queryAs(Label.class);
        Waits.onFx("the refusal for the taken name", () -> !refusal.getText().isEmpty() && refusal.getHeight() > 0);
        WaitForAsyncUtils.waitForFxEvents();

        Scene scene = Waits.fx(pane::getScene);
        for (String id : new String[] {"#startConfirm", "#startCancel", "#startPlanProblem"}) {
            Node node = robot.lookup(id).query();
            assertTrue(Waits.fx(() -> inside(node, scene)), () -> id + " " + Waits.fx(() -> node.localToScene(node.getLayoutBounds()))
                    + " is not wholly inside the dialog's scene " + Waits.fx(() -> scene.getWidth() + "x" + scene.getHeight())
                    + " (refusal: " + Waits.fx(refusal::getText) + ")");
        }
        assertTrue(Waits.fx(() -> refusal.getHeight() + 0.5 >= refusal.prefHeight(refusal.getWidth())), "the refusal is squeezed");
        Button cancel = robot.lookup("#startCancel").queryButton();
        robot.interact(cancel::fire);
        ui.dialogGone("#startDialog");
    }

    private static boolean inside(Node node, Scene scene) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        return node.isVisible() && b.getHeight() > 0 && b.getMinX() >= 0 && b.getMinY() >= 0
                && b.getMaxX() <= scene.getWidth() + 0.5 && b.getMaxY() <= scene.getHeight() + 0.5;
    }
}
