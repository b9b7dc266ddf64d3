package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The wrapper says the first reason that holds while its button is disabled, and nothing while it is enabled. */
@ExtendWith(ApplicationExtension.class)
class DisabledReasonTest {

    private final SimpleBooleanProperty busy = new SimpleBooleanProperty();
    private final SimpleBooleanProperty nothingSelected = new SimpleBooleanProperty();
    private Button button;
    private DisabledReason why;

    @Start
    void start(Stage stage) {
        button = new Button("Stop");
        button.disableProperty().bind(busy.or(nothingSelected));
        why = DisabledReason.wrap(button, new DisabledReason.Why(busy, "busy"), new DisabledReason.Why(nothingSelected, "select one"));
    }

    @Test
    void theFirstReasonThatHoldsIsShownOnlyWhileDisabled(FxRobot robot) {
        assertSame(button, why.control());
        assertSame(why, button.getParent(), "the button sits in the wrapper");
        assertEquals("", why.reasonProperty().get(), "enabled: nothing");

        robot.interact(() -> nothingSelected.set(true));
        assertEquals("select one", why.reasonProperty().get());
        assertEquals("select one", why.tooltip().getText());

        robot.interact(() -> busy.set(true));
        assertEquals("busy", why.reasonProperty().get(), "the earlier reason first");

        robot.interact(() -> {
            busy.set(false);
            nothingSelected.set(false);
        });
        assertEquals("", why.reasonProperty().get(), "enabled again: nothing");
        assertEquals(null, why.getProperties().get("javafx.scene.control.Tooltip"), "and no tooltip on the wrapper");
        robot.interact(() -> nothingSelected.set(true));
        assertSame(why.tooltip(), (Tooltip) why.getProperties().get("javafx.scene.control.Tooltip"), "installed while disabled");
    }
}
