package dev.cumps.app.log;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.core.mps.RuntimeDirs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

class LogViewTest {

    private LogView view;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).withHost(host -> host.live("t1", 0)).size(800, 300)
            .showing(p -> view = new LogView(p.viewModels().log(
                    new SimpleObjectProperty<>(p.daemon("t1")))));

    @Test
    void showsTheLogAndPicksUpNewLinesByItself(FxRobot robot) throws Exception {
        TextArea area = robot.lookup("#logText").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> !area.getText().isEmpty());
        assertTrue(view.ticking(), "the periodic refresh runs while the window shows the pane");
        assertTrue(area.getStyleClass().contains("log-block"));

        Path log = pane.daemon("t1").record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        Files.writeString(log, "[test] a line written after the pane opened\n", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS,
                () -> area.getText().endsWith("[test] a line written after the pane opened\n"));
        WaitForAsyncUtils.waitForFxEvents(); // the text and the caret move in one FX pulse; read after it
        assertTrue(area.getCaretPosition() == area.getLength(), "scrolled to the end");

        robot.interact(() -> area.getScene().getWindow().hide());
        assertTrue(!view.ticking(), "no refresh while the window is hidden");
    }
}
