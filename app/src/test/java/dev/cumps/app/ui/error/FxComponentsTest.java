package dev.cumps.app.ui.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.app.ui.window.WindowPlacement;
import dev.cumps.app.ui.window.WindowState;
import dev.cumps.app.ui.window.WindowStateStore;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** UI pieces that need the toolkit: pseudo-classes, the error dialog, window restore. */
@ExtendWith(ApplicationExtension.class)
class FxComponentsTest {

    @TempDir
    Path dir;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aSeverityReplacesThePreviousOne(FxRobot robot) {
        Label label = new Label("nvidia-smi");
        robot.interact(() -> {
            Severity.apply(label, Severity.FAIL);
            Severity.apply(label, Severity.PASS);
            RecordLook.apply(label, RecordLook.STALE);
        });
        assertEquals(Set.of("pass", "stale"), label.getPseudoClassStates().stream()
                .map(Object::toString).collect(Collectors.toSet()));
        robot.interact(() -> Severity.apply(label, null));
        assertEquals(Set.of("stale"), label.getPseudoClassStates().stream()
                .map(Object::toString).collect(Collectors.toSet()));
    }

    @Test
    void theErrorDialogLeadsWithTheSummaryAndHidesTheTrace(FxRobot robot) {
        Messages messages = Messages.forLocale(Locale.ENGLISH);
        ErrorReport report = ErrorReport.of(new IllegalStateException("Control pipe is gone"), messages);
        Alert[] alert = new Alert[1];
        robot.interact(() -> alert[0] = ErrorDialog.create(report, messages));

        assertEquals("Control pipe is gone", alert[0].getContentText());
        assertEquals("Something went wrong", alert[0].getHeaderText());
        assertNull(alert[0].getDialogPane().getExpandableContent(), "no JavaFX \"Show Details\" link in the JVM's language");
        TextArea details = (TextArea) alert[0].getDialogPane().lookup("#errorDetails");
        assertTrue(details.getText().contains("IllegalStateException"), details.getText());
        assertFalse(details.getParent().isVisible(), "the trace is behind the toggle");
        ToggleButton toggle = (ToggleButton) alert[0].getDialogPane().lookup("#errorDetailsToggle");
        assertEquals("Show details", toggle.getText());
        robot.interact(() -> toggle.setSelected(true));
        assertTrue(details.getParent().isVisible());
        assertEquals("Hide details", toggle.getText());
    }

    @Test
    void aWindowSavedOffScreenIsRestoredOntoTheScreen(FxRobot robot) {
        WindowStateStore store = new WindowStateStore(dir.resolve("window.properties"));
        store.save(new WindowState(50_000, 40_000, 900, 600, false));
        // A stage of its own: the primary stage is shared with the other tests, and attach sets a minimum size.
        Stage window = WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> {
            Stage fresh = new Stage();
            WindowPlacement.load(Optional.of(store)).attach(fresh, new CurrentThreadUiExecutor());
            return fresh;
        }));

        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        assertTrue(screen.contains(window.getX(), window.getY(), window.getWidth(), window.getHeight()),
                window.getX() + "," + window.getY() + " " + window.getWidth() + "x" + window.getHeight() + " not in " + screen);
        assertEquals(900, window.getWidth(), 0.5);
        assertEquals(600, window.getHeight(), 0.5);
    }
}
