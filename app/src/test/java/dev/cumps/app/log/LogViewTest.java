package dev.cumps.app.log;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.Styles;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.ManagedDaemon;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.TextArea;
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
class LogViewTest {

    private static SimulatedConsole host;
    private static ManagedDaemon daemon;

    private FxUiExecutor executor;
    private LogView view;

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
        SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>(daemon);
        view = new LogView(new LogViewModel(host.context(executor, Messages.forLocale(Locale.ENGLISH)), selection));
        Scene scene = new Scene(view, 800, 300);
        Styles.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void closeExecutor() {
        executor.close();
    }

    @Test
    void showsTheLogAndPicksUpNewLinesByItself(FxRobot robot) throws Exception {
        TextArea area = robot.lookup("#logText").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> !area.getText().isEmpty());
        assertTrue(view.ticking(), "the periodic refresh runs while the window shows the pane");
        assertTrue(area.getStyleClass().contains("log-block"));

        Path log = daemon.record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
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
