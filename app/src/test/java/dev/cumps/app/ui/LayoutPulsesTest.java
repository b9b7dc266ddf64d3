package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.Waits;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What waits for the first status on screen (the simulated host's processes, the launch harness's line)
 * runs once, right after a layout pulse at which its condition holds: never while it does not, never twice.
 */
@ExtendWith(ApplicationExtension.class)
class LayoutPulsesTest {

    private Label label;
    private final AtomicInteger pulses = new AtomicInteger();
    private Scene scene;

    @Start
    void start(Stage stage) {
        label = new Label("first");
        scene = new Scene(new StackPane(label), 200, 100);
        scene.addPostLayoutPulseListener(pulses::incrementAndGet);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theActionRunsOnceAfterThePulseAtWhichItsConditionFirstHolds(FxRobot robot) {
        SimpleBooleanProperty ready = new SimpleBooleanProperty();
        AtomicInteger ran = new AtomicInteger();
        robot.interact(() -> LayoutPulses.once(scene, ready, ready::get, ran::incrementAndGet));

        int before = pulses.get();
        robot.interact(() -> label.setText("laid out again"));
        Waits.until("a layout pulse while the condition does not hold", () -> pulses.get() > before);
        assertEquals(0, ran.get(), "not before its condition holds");

        // A change of the trigger that lays nothing out still gets its pulse.
        robot.interact(() -> ready.set(true));
        Waits.until("the action after the next pulse", () -> ran.get() == 1);

        int after = pulses.get();
        robot.interact(() -> {
            ready.set(false);
            ready.set(true);
            label.setText("and again");
        });
        Waits.until("another layout pulse", () -> pulses.get() > after);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, ran.get(), "once only");
    }
}
