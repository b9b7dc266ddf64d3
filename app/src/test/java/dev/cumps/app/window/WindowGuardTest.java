package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.WindowGuard;
import dev.cumps.app.i18n.Messages;
import java.util.Locale;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The guard the fault tests rely on can fail: it sees an exception thrown by a click handler, and it counts pulses. */
@ExtendWith(ApplicationExtension.class)
class WindowGuardTest {

    @Start
    void start(Stage stage) {
        Button boom = new Button("Boom");
        boom.setId("boom");
        boom.setOnAction(event -> {
            throw new IllegalStateException("a bug in a click handler");
        });
        stage.setScene(new Scene(boom, 200, 100));
        stage.show();
    }

    @Test
    void anExceptionFromAClickHandlerFailsTheCheck(FxRobot robot) {
        try (WindowGuard guard = new WindowGuard(Messages.forLocale(Locale.ENGLISH))) {
            guard.awaitPulses("on an idle window", 5);
            guard.assertNoUncaughtErrors();

            robot.clickOn("#boom");

            AssertionError failure = assertThrows(AssertionError.class, guard::assertNoUncaughtErrors);
            assertTrue(failure.getMessage().contains("1 uncaught exception"), failure.getMessage());
        }
    }
}
