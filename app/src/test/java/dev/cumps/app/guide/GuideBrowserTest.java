package dev.cumps.app.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.layout.ReadableLayout;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.guide.GuideLink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The guide window's Open in browser hands the guide of the window's language to {@code xdg-open},
 * found on the injected PATH, and neither waits for it nor ends it: a stand-in xdg-open records its
 * pid and arguments and then keeps running; the window says it was handed over while it still runs,
 * and it still runs after the guide window is closed. The test ends it by pid. Without xdg-open the
 * window says so in one line. No xdg-open runs before the button is pressed.
 */
@ExtendWith(ApplicationExtension.class)
class GuideBrowserTest {

    @TempDir
    Path dir;
    private GuideWindow shown;
    private Stage console;
    private StandInXdgOpen xdg;

    @Start
    void start(Stage stage) {
        // The console the guide window belongs to, as in the application; the primary stage is shared
        // by the tests, so the guide window an earlier test left with its own browser is forgotten.
        stage.getProperties().remove(GuideWindow.class.getName());
        stage.setScene(new Scene(new Label("console"), 300, 200));
        stage.show();
        console = stage;
    }

    private static FxRobot robot() {
        return new FxRobot();
    }

    @AfterEach
    void end() throws Exception {
        if (shown != null && Waits.fx(() -> shown.stage().isShowing())) {
            robot().interact(() -> shown.stage().hide());
        }
        if (xdg != null) {
            xdg.end();
        }
    }

    @Test
    void theEnglishGuideIsHandedToXdgOpenWhichIsNeitherAwaitedNorEnded(FxRobot robot) throws Exception {
        opensTheGuideOf(robot, Locale.ENGLISH, "guide.md", "Handed %s to xdg-open");
    }

    @Test
    void theChineseWindowHandsOverTheChineseGuide(FxRobot robot) throws Exception {
        opensTheGuideOf(robot, Locale.SIMPLIFIED_CHINESE, "guide.zh-CN.md", "已将 %s 交给 xdg-open");
    }

    private void opensTheGuideOf(FxRobot robot, Locale locale, String expectedFile, String said) throws Exception {
        Path english = guides();
        xdg = StandInXdgOpen.in(dir);
        Messages messages = Messages.forLocale(locale);
        GuideBrowser browser = new GuideBrowser(new FxUiExecutor(), messages,
                new FolderOpener(new ProcessCommandRunner(), Map.of("PATH", xdg.bin() + ":/usr/bin:/bin")), GuideLink.of(english.toString()));

        shown = Waits.fx(() -> GuideWindow.show(console, messages, null, Optional.of(browser)));
        Waits.onFx("the guide window", () -> robot.lookup("#guideBrowser").tryQuery().isPresent());
        assertFalse(xdg.ran(), "no xdg-open before the user asks");

        robot.clickOn("#guideBrowser");

        String url = dir.resolve(expectedFile).toUri().toString();
        Waits.onFx("the window to say it was handed over",
                () -> String.format(said, url).equals(robot.lookup("#guideBrowserSaid").queryAs(Label.class).getText()));
        assertEquals(List.of(url), xdg.arguments(), "one argument: the file URL of the window's guide");
        assertTrue(xdg.alive(), "xdg-open still runs when the window has said so: the console did not wait for it");

        robot.interact(() -> shown.stage().hide());
        assertTrue(xdg.alive(), "closing the guide ends nothing");
    }

    @Test
    void withoutXdgOpenTheWindowSaysSoInOneLine(FxRobot robot) throws Exception {
        Path english = guides();
        Path empty = Files.createDirectories(dir.resolve("empty-bin"));
        Messages messages = Messages.forLocale(Locale.ENGLISH);
        GuideBrowser browser = new GuideBrowser(new FxUiExecutor(), messages,
                new FolderOpener(new ProcessCommandRunner(), Map.of("PATH", empty.toString())), GuideLink.of(english.toString()));
        shown = Waits.fx(() -> GuideWindow.show(console, messages, null, Optional.of(browser)));
        Waits.onFx("the guide window", () -> robot.lookup("#guideBrowser").tryQuery().isPresent());

        robot.clickOn("#guideBrowser");

        Waits.onFx("the one line", () -> !robot.lookup("#guideBrowserSaid").queryAs(Label.class).getText().isEmpty());
        String line = Waits.fx(() -> robot.lookup("#guideBrowserSaid").queryAs(Label.class).getText());
        assertEquals("xdg-open was not found on PATH, so " + english + " cannot be opened: install xdg-utils, or open the file yourself",
                line);
        assertFalse(line.contains("\n"));
        // The message wraps beside the buttons, which keep their names (review 2026-12-06 M-6: all three were "…").
        ReadableLayout.assertNamesShown(robot, "the guide window after a failed Open in browser", "#guideBrowser", "#guideTop",
                "#guideClose");
    }

    /** An English and a Chinese guide in the test's folder; returns the English one. */
    private Path guides() throws IOException {
        Path english = Files.writeString(dir.resolve("guide.md"), "# Guide\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("guide.zh-CN.md"), "# 指南\n", StandardCharsets.UTF_8);
        return english;
    }
}
