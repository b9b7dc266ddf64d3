package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.panes.DoctorGuideViewTest;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Every action reachable without a mouse: the menu bar has File, View and Help, each action lists its
 * accelerator, Ctrl+2 and Ctrl+1 choose pages from the keyboard, and Help → About names the versions.
 */
class MenusAndKeysTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    @Test
    void theMenusListEveryActionWithItsAccelerator(FxRobot robot) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        // The underscore marks each menu's mnemonic (review 2026-12-06 L-23): Alt+F, Alt+V, Alt+H.
        assertEquals(List.of("_File", "_View", "_Help"), Waits.fx(() -> bar.getMenus().stream().map(Menu::getText).toList()));
        assertTrue(Waits.fx(() -> bar.getMenus().stream().allMatch(Menu::isMnemonicParsing)), "each menu's text is parsed");
        Map<String, String> accelerators = Waits.fx(() -> bar.getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> i.getId() != null && i.getAccelerator() != null)
                .collect(Collectors.toMap(MenuItem::getId, i -> i.getAccelerator().getDisplayText())));
        assertEquals("Ctrl+N", accelerators.get("menuStart"));
        assertEquals("F5", accelerators.get("menuRefresh"));
        assertEquals("Ctrl+Q", accelerators.get("menuQuit"));
        assertEquals("Ctrl+,", accelerators.get("menuPreferences"));
        assertEquals("Ctrl+2", accelerators.get("doctorMenu"));
        assertEquals("Ctrl+7", accelerators.get("activityMenu"));
        assertEquals("Ctrl+8", accelerators.get("hostsMenu"), "the Hosts page comes last");
        assertEquals("F1", accelerators.get("menuGuide"));
        assertEquals("Shift+F1", accelerators.get("menuGuideBrowser"));
    }

    @Test
    void altWithTheUnderlinedLetterOpensItsMenu(FxRobot robot) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        Menu view = Waits.fx(() -> bar.getMenus().get(1));
        Menu file = Waits.fx(() -> bar.getMenus().get(0));
        robot.press(KeyCode.ALT, KeyCode.V).release(KeyCode.V, KeyCode.ALT);
        Waits.onFx("Alt+V to open View", view::isShowing);
        robot.type(KeyCode.ESCAPE);
        Waits.onFx("View to close", () -> !view.isShowing());
        robot.press(KeyCode.ALT, KeyCode.F).release(KeyCode.F, KeyCode.ALT);
        Waits.onFx("Alt+F to open File", file::isShowing);
        robot.type(KeyCode.ESCAPE);
        Waits.onFx("File to close", () -> !file.isShowing());
    }

    @Test
    void f1OpensTheGuideInsideTheApplicationAndEscapeClosesIt(FxRobot robot) {
        robot.type(KeyCode.F1);
        Stage guide = DoctorGuideViewTest.guideWindow();
        assertEquals("User guide — MPS Console", Waits.fx(guide::getTitle));
        assertTrue(DoctorGuideViewTest.runs(guide).contains("MPS Console user guide"), "the guide's first heading, drawn");
        robot.interact(guide::requestFocus);
        robot.type(KeyCode.ESCAPE);
        Waits.onFx("the guide window to close", () -> !guide.isShowing());
    }

    @Test
    void pagesAreChosenFromTheKeyboard(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        Waits.onFx("the doctor page", () -> robot.lookup("#doctorNav").queryAs(ToggleButton.class).isSelected()
                && robot.lookup(".doctor-view").query().isVisible() && !robot.lookup(".overview-page").query().isVisible());
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        Waits.onFx("the overview again", () -> robot.lookup("#overviewNav").queryAs(ToggleButton.class).isSelected());
    }

    @Test
    void aboutNamesTheVersions(FxRobot robot) {
        MenuItem about = Waits.fx(() -> robot.lookup("#menuBar").queryAs(MenuBar.class).getMenus().get(2).getItems().stream()
                .filter(i -> "menuAbout".equals(i.getId())).findFirst().orElseThrow());
        robot.interact(about::fire);
        Waits.onFx("the About dialog", () -> robot.lookup("#aboutDialog").tryQuery().isPresent());
        String text = Waits.fx(() -> robot.lookup("#aboutDialog").queryAs(DialogPane.class).getContentText());
        assertTrue(text.contains("Java " + System.getProperty("java.version")), text);
        assertTrue(text.contains("JavaFX " + System.getProperty("javafx.runtime.version")), text);
        assertTrue(text.startsWith("MPS Console ") && !text.startsWith("MPS Console unknown"), "the build's version: " + text);
        robot.type(KeyCode.ESCAPE);
        Waits.onFx("the About dialog to close", () -> robot.lookup("#aboutDialog").tryQuery().isEmpty());
    }
}
