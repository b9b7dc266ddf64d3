package dev.cumps.app.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.testing.FakeCommandRunner;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Application;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** View → Theme and the System choice: the desktop's answer decides, a choice switches live and is remembered. */
@ExtendWith(ApplicationExtension.class)
class ThemeSwitchTest {

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        // Only the toolkit is needed; the switch and its menu are built in each test.
    }

    @AfterEach
    void backToLight(FxRobot robot) {
        robot.interact(() -> Application.setUserAgentStylesheet(Appearance.LIGHT.userAgentStylesheet()));
    }

    private static Appearance desktopAnswering(String gsettingsOutput) {
        return new DesktopScheme(new FakeCommandRunner(spec -> CommandResult.exited("gsettings", 0, gsettingsOutput, "")),
                Map.of("PATH", "/usr/bin")).detect();
    }

    @Test
    void systemOnAPreferDarkDesktopIsDarkAndAChoiceSwitchesLiveAndIsRemembered(FxRobot robot) {
        ThemeStore store = new ThemeStore(dir.resolve("theme.properties"));
        Appearance desktop = desktopAnswering("'prefer-dark'\n");
        StackPane root = new StackPane();
        AtomicReference<Menu> theme = new AtomicReference<>();
        robot.interact(() -> {
            ThemeSwitch themeSwitch = new ThemeSwitch(store.load().orElse(ThemeChoice.SYSTEM), desktop, store::save);
            themeSwitch.applyTo(root);
            theme.set((Menu) ThemeMenu.viewMenu(themeSwitch, Messages.forLocale(Locale.ENGLISH)).getItems().get(0));
        });
        assertEquals(Appearance.DARK.userAgentStylesheet(), Application.getUserAgentStylesheet());
        assertTrue(root.getPseudoClassStates().contains(ThemeSwitch.DARK));
        assertEquals("System (dark)", item(theme.get(), "themeSystem").getText(), "the menu says what System gives");
        assertTrue(item(theme.get(), "themeSystem").isSelected());
        assertEquals(Optional.empty(), store.load(), "nothing saved until the user chooses");

        robot.interact(() -> item(theme.get(), "themeLight").setSelected(true));
        assertEquals(Appearance.LIGHT.userAgentStylesheet(), Application.getUserAgentStylesheet(), "switched live");
        assertFalse(root.getPseudoClassStates().contains(ThemeSwitch.DARK));
        assertEquals(Optional.of(ThemeChoice.LIGHT), store.load(), "remembered");

        // The next start: the remembered Light wins over the dark desktop.
        robot.interact(() -> {
            ThemeSwitch next = new ThemeSwitch(store.load().orElse(ThemeChoice.SYSTEM), desktop, store::save);
            assertEquals(Appearance.LIGHT, next.appearance().getValue());
            next.choiceProperty().set(ThemeChoice.SYSTEM);
            assertEquals(Appearance.DARK, next.appearance().getValue());
        });
        assertEquals(Optional.of(ThemeChoice.SYSTEM), store.load());
        assertEquals(Appearance.DARK.userAgentStylesheet(), Application.getUserAgentStylesheet());
    }

    @Test
    void systemOnADesktopWithoutAnAnswerIsLight(FxRobot robot) {
        for (Appearance desktop : new Appearance[] {desktopAnswering("garbage"), desktopAnswering(""),
                new DesktopScheme(new FakeCommandRunner(spec -> CommandResult.notFound("gsettings")), Map.of()).detect()}) {
            robot.interact(() -> {
                ThemeSwitch themeSwitch = new ThemeSwitch(ThemeChoice.DARK, desktop, choice -> { });
                themeSwitch.applyTo(new StackPane());
                themeSwitch.choiceProperty().set(ThemeChoice.SYSTEM);
                assertEquals(Appearance.LIGHT, themeSwitch.appearance().getValue());
            });
            assertEquals(Appearance.LIGHT.userAgentStylesheet(), Application.getUserAgentStylesheet());
        }
    }

    private static RadioMenuItem item(Menu menu, String id) {
        for (MenuItem each : menu.getItems()) {
            if (id.equals(each.getId())) {
                return (RadioMenuItem) each;
            }
        }
        throw new AssertionError("no " + id + " in " + menu.getItems());
    }
}
