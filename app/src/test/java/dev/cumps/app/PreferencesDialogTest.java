package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.app.theme.Appearance;
import dev.cumps.app.theme.ThemeChoice;
import dev.cumps.app.theme.ThemeStore;
import dev.cumps.app.theme.ThemeSwitch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.application.Application;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * File → Preferences… (review 2026-12-06 L-23): the theme, the language, the refresh interval and the control client in
 * one dialog, owned by the window; OK applies and saves, Cancel and Escape change nothing, and the View menu and the
 * toolbar show what the dialog set.
 */
class PreferencesDialogTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    @TempDir
    Path dir;

    /** Later test classes start from the light look, as every window does. */
    @AfterEach
    void backToLight(FxRobot robot) {
        robot.interact(() -> Application.setUserAgentStylesheet(Appearance.LIGHT.userAgentStylesheet()));
    }

    @Test
    void okAppliesTheThemeTheIntervalAndTheControlClientAndTheMenusAgree(FxRobot robot) {
        assertEquals(2, Waits.fx(() -> console.window().viewModel().intervalSecondsProperty().get()), "every 2 s to begin with");
        robot.clickOn("File");
        robot.clickOn("Preferences…");
        DialogPane pane = dialog(robot);
        assertEquals("Preferences", Waits.fx(() -> pane.getScene().getWindow() instanceof Stage s ? s.getTitle() : ""));
        assertEquals(console.stage(), Waits.fx(() -> ((Stage) pane.getScene().getWindow()).getOwner()), "owned by the window");
        assertEquals(ThemeChoice.LIGHT, Waits.fx(() -> choice(robot, "#preferencesTheme").getValue()), "shows the theme in effect");
        assertEquals("A new language applies from the next start of the console; --lang overrides it for one run.",
                Waits.fx(() -> robot.lookup("#preferencesLanguageNote").queryLabeled().getText()));

        robot.interact(() -> {
            choice(robot, "#preferencesTheme").setValue(ThemeChoice.DARK);
            choice(robot, "#preferencesInterval").setValue(5);
            choice(robot, "#preferencesControlClient").setValue(ControlClientChoice.NVIDIA);
        });
        assertEquals(Appearance.LIGHT.userAgentStylesheet(), Waits.fx(Application::getUserAgentStylesheet), "nothing changes before OK");
        robot.clickOn("#preferencesOk");
        Waits.onFx("the dialog to close", () -> robot.lookup("#preferencesDialog").tryQuery().isEmpty());

        Waits.onFx("the dark theme", () -> Appearance.DARK.userAgentStylesheet().equals(Application.getUserAgentStylesheet()));
        assertTrue(Waits.fx(() -> radio(robot, "themeDark").isSelected()), "View → Theme shows Dark");
        assertEquals(5, Waits.fx(() -> console.window().viewModel().intervalSecondsProperty().get()));
        assertEquals(5, Waits.fx(() -> robot.lookup("#refreshInterval").queryAs(ChoiceBox.class).getValue()), "the toolbar shows every 5 s");
        assertTrue(Waits.fx(() -> radio(robot, "controlClientNvidia").isSelected()), "View → Control client shows NVIDIA's program");

        // And the other way: what the View menu and the toolbar chose, the dialog shows.
        robot.interact(() -> {
            radio(robot, "themeLight").setSelected(true);
            PreferencesDialogTest.<Integer>choice(robot, "#refreshInterval").setValue(10);
        });
        robot.press(KeyCode.CONTROL, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.CONTROL);
        dialog(robot);
        assertEquals(ThemeChoice.LIGHT, Waits.fx(() -> choice(robot, "#preferencesTheme").getValue()));
        assertEquals(10, Waits.fx(() -> choice(robot, "#preferencesInterval").getValue()));
        assertEquals(ControlClientChoice.NVIDIA, Waits.fx(() -> choice(robot, "#preferencesControlClient").getValue()));
        robot.clickOn("#preferencesCancel");
        Waits.onFx("the dialog to close", () -> robot.lookup("#preferencesDialog").tryQuery().isEmpty());
    }

    @Test
    void cancelAndEscapeLeaveEverythingAsItWas(FxRobot robot) {
        for (boolean escape : new boolean[] {false, true}) {
            robot.interact(() -> menuItem(robot, "menuPreferences").fire());
            dialog(robot);
            robot.interact(() -> {
                choice(robot, "#preferencesTheme").setValue(ThemeChoice.DARK);
                choice(robot, "#preferencesInterval").setValue(10);
                choice(robot, "#preferencesControlClient").setValue(ControlClientChoice.NVIDIA);
            });
            if (escape) {
                robot.type(KeyCode.ESCAPE);
            } else {
                robot.clickOn("#preferencesCancel");
            }
            Waits.onFx("the dialog to close", () -> robot.lookup("#preferencesDialog").tryQuery().isEmpty());
            assertEquals(Appearance.LIGHT.userAgentStylesheet(), Waits.fx(Application::getUserAgentStylesheet), "still light");
            assertTrue(Waits.fx(() -> radio(robot, "themeLight").isSelected()));
            assertEquals(2, Waits.fx(() -> console.window().viewModel().intervalSecondsProperty().get()));
            assertEquals(2, Waits.fx(() -> robot.lookup("#refreshInterval").queryAs(ChoiceBox.class).getValue()));
            assertTrue(Waits.fx(() -> radio(robot, "controlClientAutomatic").isSelected()));
        }
    }

    @Test
    void okSavesEverySettingAndTheNextStartReadsThemBack(FxRobot robot) throws Exception {
        Path windowState = dir.resolve("mps-console").resolve("window.properties");
        ThemeStore themes = ThemeStore.besideWindowState(windowState);
        ControlClientStore clients = ControlClientStore.besideWindowState(windowState);
        PreferencesStore store = PreferencesStore.besideWindowState(windowState);
        Preferences first = Waits.fx(() -> preferences(themes, clients, store));
        robot.interact(() -> PreferencesDialog.show(first, Messages.forLocale(Locale.ENGLISH), console.stage()));
        dialog(robot);
        assertEquals(Optional.empty(), Waits.fx(() -> choice(robot, "#preferencesLanguage").getValue()), "the desktop's until chosen");
        robot.interact(() -> {
            choice(robot, "#preferencesTheme").setValue(ThemeChoice.DARK);
            choice(robot, "#preferencesLanguage").setValue(Optional.of(Locale.SIMPLIFIED_CHINESE));
            choice(robot, "#preferencesInterval").setValue(10);
            choice(robot, "#preferencesControlClient").setValue(ControlClientChoice.NVIDIA);
        });
        robot.clickOn("#preferencesOk");
        Waits.onFx("the dialog to close", () -> robot.lookup("#preferencesDialog").tryQuery().isEmpty());

        assertEquals(Optional.of(ThemeChoice.DARK), themes.load());
        assertEquals(Optional.of(ControlClientChoice.NVIDIA), clients.load());
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE), store.language());
        assertEquals(Optional.of(10), store.refreshInterval());
        String saved = Files.readString(store.file());
        assertTrue(saved.contains("language=zh-CN") && saved.contains("refresh_interval=10"), saved);

        // The next start: the saved interval in effect, and the dialog shows every saved choice.
        Preferences next = Waits.fx(() -> preferences(themes, clients, store));
        assertEquals(10, next.refreshIntervalProperty().get());
        robot.interact(() -> PreferencesDialog.show(next, Messages.forLocale(Locale.ENGLISH), console.stage()));
        dialog(robot);
        assertEquals(ThemeChoice.DARK, Waits.fx(() -> choice(robot, "#preferencesTheme").getValue()));
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE), Waits.fx(() -> choice(robot, "#preferencesLanguage").getValue()));
        assertEquals(10, Waits.fx(() -> choice(robot, "#preferencesInterval").getValue()));
        assertEquals(ControlClientChoice.NVIDIA, Waits.fx(() -> choice(robot, "#preferencesControlClient").getValue()));
        robot.type(KeyCode.ESCAPE);
        Waits.onFx("the dialog to close", () -> robot.lookup("#preferencesDialog").tryQuery().isEmpty());

        // Follow the desktop again: saved as empty, read as none; a value not understood is none too.
        robot.interact(() -> next.languageProperty().set(Optional.empty()));
        assertEquals(Optional.empty(), store.language());
        Files.writeString(store.file(), "language=klingon\nrefresh_interval=7\n");
        assertEquals(Optional.empty(), store.language());
        assertEquals(Optional.empty(), store.refreshInterval());
    }

    @Test
    void theChineseDialogAndMenus(FxRobot robot) {
        Messages zh = Messages.forLocale(Locale.SIMPLIFIED_CHINESE);
        assertEquals(Stream.of("文件(_F)", "视图(_V)", "帮助(_H)", "首选项(_P)…").toList(),
                Stream.of("menu.file", "menu.view", "menu.help", "menu.file.preferences").map(zh::get).toList());
        Preferences unsaved = Waits.fx(() -> new Preferences(ThemeSwitch.unsaved(ThemeChoice.LIGHT), ControlClientSetting.unsaved(),
                new SimpleIntegerProperty(2), Optional.empty()));
        robot.interact(() -> PreferencesDialog.show(unsaved, zh, console.stage()));
        dialog(robot);
        assertEquals("首选项", Waits.fx(() -> ((Stage) dialog(robot).getScene().getWindow()).getTitle()));
        assertEquals("新的语言在下次启动控制台时生效；--lang 可在单次运行中覆盖它。",
                Waits.fx(() -> robot.lookup("#preferencesLanguageNote").queryLabeled().getText()));
        assertEquals("确定", Waits.fx(() -> robot.lookup("#preferencesOk").queryAs(Button.class).getText()));
        robot.type(KeyCode.ESCAPE);
        Waits.onFx("the dialog to close", () -> robot.lookup("#preferencesDialog").tryQuery().isEmpty());
    }

    // ------------------------------------------------------------------ helpers

    private static Preferences preferences(ThemeStore themes, ControlClientStore clients, PreferencesStore store) {
        ThemeSwitch theme = new ThemeSwitch(themes.load().orElse(ThemeChoice.LIGHT), Appearance.LIGHT, themes::save);
        return new Preferences(theme, ControlClientSetting.of(Optional.of(clients), Map.of()), new SimpleIntegerProperty(2),
                Optional.of(store));
    }

    private static DialogPane dialog(FxRobot robot) {
        Waits.onFx("the Preferences dialog", () -> robot.lookup("#preferencesDialog").tryQuery().isPresent());
        return robot.lookup("#preferencesDialog").queryAs(DialogPane.class);
    }

    @SuppressWarnings("unchecked")
    private static <T> ChoiceBox<T> choice(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(ChoiceBox.class);
    }

    private static Stream<MenuItem> items(FxRobot robot) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().flatMap(menu -> menu.getItems().stream())
                .flatMap(item -> item instanceof Menu sub ? Stream.concat(Stream.of(item), sub.getItems().stream()) : Stream.of(item));
    }

    private static MenuItem menuItem(FxRobot robot, String id) {
        return items(robot).filter(item -> id.equals(item.getId())).findFirst().orElseThrow();
    }

    private static RadioMenuItem radio(FxRobot robot, String id) {
        return (RadioMenuItem) menuItem(robot, id);
    }
}
