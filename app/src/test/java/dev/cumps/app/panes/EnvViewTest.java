package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.env.EnvView;
import dev.cumps.app.env.EnvViewModel;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.Styles;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordState;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class EnvViewTest {

    private static SimulatedConsole host;
    private static ManagedDaemon daemon;

    private final SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>();
    private FxUiExecutor executor;
    private ConsoleContext ctx;

    @BeforeAll
    static void startDaemon() {
        host = SimulatedConsole.open();
        daemon = host.live("t1", 0);
    }

    @AfterAll
    static void stopDaemon() {
        host.close();
    }

    @Start
    void start(Stage stage) {
        executor = new FxUiExecutor();
        ctx = host.context(executor, Messages.forLocale(Locale.ENGLISH), ClipboardSink.system());
        selection.set(daemon);
        Scene scene = new Scene(new EnvView(new EnvViewModel(ctx, selection)), 900, 300);
        Styles.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void closeExecutor() {
        executor.close();
    }

    @Test
    void copyPutsTheCoresExactTextOnTheSystemClipboardAndSaysCopied(FxRobot robot) throws Exception {
        String posix = host.services().env().launchEnvironment(Optional.of("t1")).posix();
        TextArea block = robot.lookup("#envBlock").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> posix.equals(block.getText()));
        assertTrue(block.getStyleClass().contains(Styles.ENV_BLOCK));
        assertFalse(block.isEditable());
        Label copied = robot.lookup("#envCopied").queryAs(Label.class);
        assertFalse(copied.isVisible());

        WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().clear()).get();
        robot.clickOn("#envCopy");

        assertEquals(posix, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get());
        assertTrue(copied.isVisible(), "the Copied note shows");
        assertEquals("Copied", copied.getText());
        assertEquals("Copy env block of t1", ctx.activity().entries().get(0).action());
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> !copied.isVisible());
    }

    @Test
    void theJsonToggleShowsAndCopiesTheJsonText(FxRobot robot) throws Exception {
        String json = host.services().env().launchEnvironment(Optional.of("t1")).jsonText();
        TextArea block = robot.lookup("#envBlock").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> !block.getText().isEmpty());
        robot.clickOn("#envJson");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(json, block.getText());
        robot.clickOn("#envCopy");
        assertEquals(json, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get());
    }

    @Test
    void aStaleSelectionShowsTheHintAndDisablesCopy(FxRobot robot) {
        robot.interact(() -> selection.set(new ManagedDaemon(daemon.record(), RecordState.STALE)));
        assertTrue(robot.lookup("#envCopy").queryButton().isDisabled());
        Label hint = robot.lookup("#envHint").queryAs(Label.class);
        assertTrue(hint.isVisible());
        assertTrue(hint.getText().startsWith("Daemon 't1' is stale"), hint.getText());
        assertFalse(robot.lookup("#envBlock").query().isVisible());
    }
}
