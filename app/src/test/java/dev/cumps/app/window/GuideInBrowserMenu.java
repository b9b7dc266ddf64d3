package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.guide.GuideBrowser;
import dev.cumps.app.guide.GuideWindow;
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
import java.nio.file.attribute.PosixFilePermissions;
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
     * guide the window's language needs, {@code said} the notice with {@code %s} for its URL. Returns the
     * pid of the stand-in xdg-open, still running.
     */
    static long handsTheGuideOver(FxRobot robot, ConsoleExtension console, Path dir, Locale locale, String expectedFile, String said)
            throws Exception {
        Path english = Files.writeString(dir.resolve("guide.md"), "# Guide\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(GuideLink.CHINESE_NAME), "# 指南\n", StandardCharsets.UTF_8);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path seen = dir.resolve("xdg-open.args");
        Path xdg = bin.resolve("xdg-open");
        Files.writeString(xdg, String.join("\n", "#!/bin/sh",
                "printf '%s\\n' \"$$\" \"$@\" > '" + seen + ".part' && mv '" + seen + ".part' '" + seen + "'",
                "exec sleep 600", ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(xdg, PosixFilePermissions.fromString("rwx------"));
        GuideBrowser browser = new GuideBrowser(new FxUiExecutor(), Messages.forLocale(locale),
                new FolderOpener(new ProcessCommandRunner(), Map.of("PATH", bin + ":/usr/bin:/bin")), GuideLink.of(english.toString()));
        robot.interact(() -> GuideWindow.offerBrowser(console.window().view(), browser));
        int windows = Waits.fx(() -> Window.getWindows().size());
        assertFalse(Files.exists(seen), "no xdg-open before the user asks");

        robot.press(KeyCode.SHIFT, KeyCode.F1).release(KeyCode.F1, KeyCode.SHIFT);

        String url = dir.resolve(expectedFile).toUri().toString();
        String expected = String.format(said, url);
        Waits.onFx("the notice that the guide was handed over", () -> expected.equals(notice(robot)));
        Waits.until("the stand-in's record", () -> Files.exists(seen));
        List<String> record = Files.readAllLines(seen);
        long pid = Long.parseLong(record.get(0));
        assertEquals(List.of(url), record.subList(1, record.size()), "one argument: the file URL of the window's guide");
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                "xdg-open still runs when the window has said so: the console did not wait for it");
        assertEquals(new Notice(Severity.PASS, expected), Waits.fx(() -> console.window().viewModel().noticeProperty().get()));
        assertEquals(windows, Waits.fx(() -> Window.getWindows().size()), "the browser item opens no guide window");
        return pid;
    }

    static String notice(FxRobot robot) {
        return robot.lookup("#notice").queryAs(Label.class).getText();
    }

    /** Ends the stand-in {@code pid} this test started, and waits until it has ended. */
    static void end(long pid) {
        if (pid > 0) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            Waits.until("the stand-in xdg-open (pid " + pid + ") to end", () -> ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true));
        }
    }
}
