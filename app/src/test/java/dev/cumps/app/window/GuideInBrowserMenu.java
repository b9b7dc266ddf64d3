package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.guide.GuideBrowser;
import dev.cumps.app.guide.GuideWindow;
import dev.cumps.app.guide.StandInXdgOpen;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.main.Notice;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.guide.GuideLink;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.testfx.api.FxRobot;

/**
 * Help → Open guide in browser (Shift+F1) from the keyboard: the guide file of the window's language
 * handed to {@code xdg-open} by the browser offered for the window, with an injected opener whose PATH
 * holds a stand-in xdg-open that records its pid and arguments and keeps running. The window's notice
 * says it was handed over while the stand-in still runs (the console did not wait for it), no guide
 * window opens, and nothing ran before the keys were pressed. The caller ends the stand-in by pid.
 */
final class GuideInBrowserMenu {

    private GuideInBrowserMenu() {
    }

    /**
     * Presses Shift+F1 in {@code console}'s window with guides in {@code dir}; {@code expectedFile} is the
     * guide the window's language needs, {@code said} the notice with {@code %s} for its URL; {@code xdg}
     * the stand-in in {@code dir}, still running afterwards.
     */
    static void handsTheGuideOver(FxRobot robot, ConsoleExtension console, Path dir, StandInXdgOpen xdg, Locale locale,
            String expectedFile, String said) throws Exception {
        Path english = Files.writeString(dir.resolve("guide.md"), "# Guide\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(GuideLink.CHINESE_NAME), "# 指南\n", StandardCharsets.UTF_8);
        GuideBrowser browser = new GuideBrowser(new FxUiExecutor(), Messages.forLocale(locale),
                new FolderOpener(new ProcessCommandRunner(), Map.of("PATH", xdg.bin() + ":/usr/bin:/bin")), GuideLink.of(english.toString()));
        robot.interact(() -> GuideWindow.offerBrowser(console.window().view(), browser));
        int windows = Waits.fx(() -> Window.getWindows().size());
        assertFalse(xdg.ran(), "no xdg-open before the user asks");

        robot.press(KeyCode.SHIFT, KeyCode.F1).release(KeyCode.F1, KeyCode.SHIFT);

        String url = dir.resolve(expectedFile).toUri().toString();
        String expected = String.format(said, url);
        Waits.onFx("the notice that the guide was handed over", () -> expected.equals(notice(robot)));
        assertEquals(List.of(url), xdg.arguments(), "one argument: the file URL of the window's guide");
        assertTrue(xdg.alive(), "xdg-open still runs when the window has said so: the console did not wait for it");
        assertEquals(new Notice(Severity.PASS, expected), Waits.fx(() -> console.window().viewModel().noticeProperty().get()));
        assertEquals(windows, Waits.fx(() -> Window.getWindows().size()), "the browser item opens no guide window");
    }

    static String notice(FxRobot robot) {
        return robot.lookup("#notice").queryAs(Label.class).getText();
    }
}
