package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.mps.ControlClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * View → Control client (issue 37 item 2): Automatic or NVIDIA's program, saved beside the other settings,
 * and at the next start the session's host asks control daemons with the saved client.
 */
@ExtendWith(ApplicationExtension.class)
class ControlClientSettingTest {

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        // Only the toolkit is needed; the menu is built in each test.
    }

    private Menu menu(FxRobot robot, ControlClientSetting setting, Locale locale) {
        AtomicReference<Menu> menu = new AtomicReference<>();
        robot.interact(() -> menu.set(ControlClientMenu.menu(setting, Messages.forLocale(locale))));
        return menu.get();
    }

    private static MenuItem item(Menu menu, String id) {
        return menu.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
    }

    /** The client the core chooses for the window on the host a session opens with {@code choice}. */
    private ControlClient chosen(ControlClientChoice choice, Map<String, String> env) {
        HostEnvironment host = SimulatedConsole.privateHost(dir, env);
        return ControlClient.chosenBy(choice.applyTo(host), ControlClient.LONG_LIVED);
    }

    @Test
    void nvidiasProgramIsSavedAndTheNextSessionAsksThroughIt(FxRobot robot) throws Exception {
        ControlClientStore store = ControlClientStore.besideWindowState(dir.resolve("mps-console").resolve("window.properties"));
        assertEquals(dir.resolve("mps-console").resolve("control-client.properties"), store.file());
        Menu menu = menu(robot, ControlClientSetting.of(Optional.of(store), Map.of()), Locale.ENGLISH);
        assertEquals("Control client", menu.getText());
        assertTrue(((RadioMenuItem) item(menu, "controlClientAutomatic")).isSelected(), "automatic until chosen otherwise");
        assertEquals("NVIDIA's program (nvidia-cuda-mps-control)", item(menu, "controlClientNvidia").getText());
        assertEquals("Applies from the next start of the console", item(menu, "controlClientNote").getText());
        assertEquals(Optional.empty(), store.load(), "nothing saved until the user chooses");

        robot.interact(() -> ((RadioMenuItem) item(menu, "controlClientNvidia")).setSelected(true));
        assertEquals(Optional.of(ControlClientChoice.NVIDIA), store.load());
        assertTrue(Files.readString(store.file()).contains("control_client=nvidia"));

        // The next start: the saved choice is checked, and the session's host asks through NVIDIA's program.
        ControlClientSetting next = ControlClientSetting.of(Optional.of(store), Map.of());
        assertTrue(((RadioMenuItem) item(menu(robot, next, Locale.ENGLISH), "controlClientNvidia")).isSelected());
        assertEquals(Optional.empty(), chosen(next.saved(), Map.of()).protocol(), "NVIDIA's program, no in-process client");
        assertEquals(Optional.empty(), chosen(next.saved(), Map.of(ControlClient.VARIABLE, ControlClient.BUILTIN)).protocol(),
                "the setting forces the program as CUMPS_CONTROL_CLIENT=nvidia does");

        robot.interact(() -> ((RadioMenuItem) item(menu, "controlClientAutomatic")).setSelected(true));
        assertEquals(Optional.of(ControlClientChoice.AUTOMATIC), store.load());
        assertTrue(chosen(ControlClientChoice.AUTOMATIC, Map.of()).protocol().isPresent(), "automatic: the window asks in-process");
        assertEquals(Optional.empty(), chosen(ControlClientChoice.AUTOMATIC, Map.of(ControlClient.VARIABLE, ControlClient.NVIDIA)).protocol(),
                "automatic leaves CUMPS_CONTROL_CLIENT to decide");
    }

    @Test
    void theChineseMenuAndTheVariableNote(FxRobot robot) {
        ControlClientSetting setting = ControlClientSetting.of(Optional.empty(), Map.of(ControlClient.VARIABLE, ControlClient.NVIDIA));
        Menu zh = menu(robot, setting, Locale.SIMPLIFIED_CHINESE);
        assertEquals("控制客户端", zh.getText());
        assertEquals("NVIDIA 程序（nvidia-cuda-mps-control）", item(zh, "controlClientNvidia").getText());
        assertEquals("已设置 CUMPS_CONTROL_CLIENT=nvidia：选择“自动”时由它决定（下次启动时生效）", item(zh, "controlClientNote").getText());
        Menu en = menu(robot, setting, Locale.ENGLISH);
        assertEquals("CUMPS_CONTROL_CLIENT=nvidia is set: with Automatic, it decides (applies from the next start)",
                item(en, "controlClientNote").getText());
        assertTrue(item(en, "controlClientNote").isDisable(), "a note, not a choice");
        robot.interact(() -> ((RadioMenuItem) item(en, "controlClientNvidia")).setSelected(true));
        assertFalse(((RadioMenuItem) item(en, "controlClientAutomatic")).isSelected());
    }

    @Test
    void anUnknownSavedValueIsAutomatic() throws Exception {
        ControlClientStore store = new ControlClientStore(dir.resolve("control-client.properties"));
        Files.writeString(store.file(), "control_client=purple\n");
        assertEquals(Optional.empty(), store.load());
        assertEquals(ControlClientChoice.AUTOMATIC, ControlClientSetting.of(Optional.of(store), Map.of()).saved());
    }
}
