package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.env.EnvView;
import dev.cumps.app.ui.Styles;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordState;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

class EnvViewTest {

    private final SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>();
    private ManagedDaemon daemon;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).withHost(host -> host.live("t1", 0))
            .systemClipboard().size(900, 300)
            .showing(p -> {
                daemon = p.daemon("t1");
                selection.set(daemon);
                return new EnvView(p.viewModels().env(selection));
            });

    @Test
    void copyPutsTheCoresExactTextOnTheSystemClipboardAndSaysCopied(FxRobot robot) throws Exception {
        String posix = pane.host().services().env().launchEnvironment(Optional.of("t1")).posix();
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
        assertEquals("Copy env block of t1", pane.context().activity().entries().get(0).action());
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> !copied.isVisible());
    }

    @Test
    void theJsonToggleShowsAndCopiesTheJsonText(FxRobot robot) throws Exception {
        String json = pane.host().services().env().launchEnvironment(Optional.of("t1")).jsonText();
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
