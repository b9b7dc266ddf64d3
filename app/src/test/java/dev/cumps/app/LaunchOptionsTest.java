package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.theme.ThemeChoice;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class LaunchOptionsTest {

    private final Messages messages = Messages.forLocale(Locale.ENGLISH);

    @Test
    void noArgumentsMeanTheRealHostInTheDesktopLanguage() {
        assertEquals(LaunchOptions.DEFAULTS, LaunchOptions.parse(new String[0], messages));
    }

    @Test
    void allOptionsAreRead() {
        LaunchOptions options = LaunchOptions.parse(
                new String[] {"--simulate", "--lang", "zh-CN", "--screenshot", "out.png"}, messages);
        assertTrue(options.simulate());
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE), options.language());
        assertEquals(Optional.of(Path.of("out.png")), options.screenshot());
    }

    @Test
    void languageAcceptsUnderscoreAndAnyCase() {
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE),
                LaunchOptions.parse(new String[] {"--lang=zh_cn"}, messages).language());
        assertEquals(Optional.of(Locale.ENGLISH),
                LaunchOptions.parse(new String[] {"--lang=EN"}, messages).language());
    }

    @Test
    void anUnsupportedLanguageIsRefusedWithTheChoices() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--lang", "fr"}, messages));
        assertTrue(e.getMessage().contains("en, zh-CN"), e.getMessage());
    }

    @Test
    void themeIsReadAndABadOneIsRefusedWithTheChoices() {
        assertEquals(Optional.of(ThemeChoice.DARK), LaunchOptions.parse(new String[] {"--theme", "dark"}, messages).theme());
        assertEquals(Optional.of(ThemeChoice.SYSTEM), LaunchOptions.parse(new String[] {"--theme=System"}, messages).theme());
        assertEquals(Optional.empty(), LaunchOptions.parse(new String[0], messages).theme());
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--theme", "purple"}, messages));
        assertTrue(e.getMessage().contains("'purple'") && e.getMessage().contains("system, light or dark"), e.getMessage());
    }

    /** The real launcher: a bad value is one {@code error:} line on stderr and exit status 2, before any window. */
    @Test
    void theLauncherRefusesABadThemeWithOneErrorLineAndStatus2(@TempDir Path home) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ConsoleLauncher.class.getName(), "--theme", "purple");
        builder.environment().clear();
        builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "HOME", home.toString(), "LANG", "C.UTF-8"));
        builder.redirectOutput(home.resolve("out").toFile());
        builder.redirectError(home.resolve("err").toFile());
        Process process = builder.start();
        try {
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the launcher did not exit");
        } finally {
            process.destroyForcibly();
        }
        List<String> err = Files.readAllLines(home.resolve("err"));
        assertEquals(2, process.exitValue(), String.join("\n", err));
        assertEquals(1, err.size(), "one line: " + err);
        assertTrue(err.get(0).startsWith("error: ") && err.get(0).contains("'purple'")
                && err.get(0).contains("system, light or dark"), err.get(0));
        assertEquals("", Files.readString(home.resolve("out")));
    }

    @Test
    void screenshotsTakesADirectoryAndIsOnlyForTheSimulatedDemoAlone() {
        LaunchOptions set = LaunchOptions.parse(new String[] {"--simulate", "--screenshots", "shots", "--lang", "zh-CN"}, messages);
        assertEquals(Optional.of(Path.of("shots")), set.screenshots());
        assertEquals(Optional.empty(), set.screenshot());
        assertEquals(Optional.empty(), LaunchOptions.conflict(set, messages));

        assertEquals(Optional.of(messages.get("launch.error.screenshots.simulate")), LaunchOptions.conflict(
                LaunchOptions.parse(new String[] {"--screenshots", "shots"}, messages), messages));
        assertEquals(Optional.of(messages.get("launch.error.screenshots.simulate")), LaunchOptions.conflict(
                LaunchOptions.parse(new String[] {"--simulate", "--no-demo", "--screenshots", "shots"}, messages), messages));
        assertEquals(Optional.of(messages.get("launch.error.screenshots.alone")), LaunchOptions.conflict(
                LaunchOptions.parse(new String[] {"--simulate", "--screenshots", "shots", "--theme", "dark"}, messages), messages));
        assertEquals(Optional.of(messages.get("launch.error.screenshots.alone")), LaunchOptions.conflict(
                LaunchOptions.parse(new String[] {"--simulate", "--screenshots", "shots", "--screenshot", "x.png"}, messages),
                messages));
        assertEquals(Optional.empty(), LaunchOptions.conflict(
                LaunchOptions.parse(new String[] {"--screenshot", "x.png", "--theme", "dark"}, messages), messages));
    }

    /** The real launcher: --screenshots on the real host is one error line, exit status 2, and nothing is written. */
    @Test
    void theLauncherRefusesScreenshotsWithoutSimulateWithOneErrorLineAndStatus2(@TempDir Path home) throws Exception {
        Path shots = home.resolve("shots");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ConsoleLauncher.class.getName(), "--lang", "en",
                "--screenshots", shots.toString());
        builder.environment().clear();
        builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "HOME", home.toString(), "LANG", "C.UTF-8"));
        builder.redirectOutput(home.resolve("out").toFile());
        builder.redirectError(home.resolve("err").toFile());
        Process process = builder.start();
        try {
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the launcher did not exit");
        } finally {
            process.destroyForcibly();
        }
        List<String> err = Files.readAllLines(home.resolve("err"));
        assertEquals(2, process.exitValue(), String.join("\n", err));
        assertEquals(List.of(messages.get("launch.error", messages.get("launch.error.screenshots.simulate"))), err);
        assertFalse(Files.exists(shots), "nothing is written");
    }

    @Test
    void anUnknownOptionIsRefused() {
        assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--simulated"}, messages));
    }

    @Test
    void headlessPlatformIsChosenOnlyWithoutADisplay() {
        Properties noDisplay = new Properties();
        assertTrue(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of(), noDisplay));
        assertEquals("Monocle", noDisplay.getProperty("glass.platform"));
        assertEquals("Headless", noDisplay.getProperty("monocle.platform"));
        assertEquals("sw", noDisplay.getProperty("prism.order"));

        Properties x11 = new Properties();
        assertFalse(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of("DISPLAY", ":0"), x11));
        assertTrue(x11.isEmpty());

        Properties wayland = new Properties();
        assertFalse(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0"), wayland));
        assertTrue(wayland.isEmpty());
    }

    @Test
    void aPlatformChosenByTheCallerIsKept() {
        Properties gtk = new Properties();
        gtk.setProperty("glass.platform", "gtk");
        assertFalse(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of(), gtk));
        assertEquals("gtk", gtk.getProperty("glass.platform"));
    }
    @ParameterizedTest
    @ValueSource(strings = {"", "shot\uFFFD.png"})
    void anEmptyOrUndecodableScreenshotPathIsRefusedNamingTheOption(String value) {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--screenshot", value}, messages));
        assertTrue(e.getMessage().contains("--screenshot"), e.getMessage());
        assertTrue(e.getMessage().contains(value.isEmpty() ? "empty" : "UTF-8"), e.getMessage());
    }

    /** The launch's picocli-free path (docs/performance.md §5) reads the everyday forms exactly as picocli does. */
    @Test
    void everydayFormsAreReadWithoutPicocliAsPicocliReadsThem() {
        List<String[]> everyday = List.of(new String[0], new String[] {"--simulate"},
                new String[] {"--lang", "zh-CN", "--simulate"}, new String[] {"--lang=zh_cn"},
                new String[] {"--theme=Dark", "--lang", "EN"}, new String[] {"--simulate", "--theme", "system"},
                new String[] {"--simulate", "--no-demo"});
        for (String[] args : everyday) {
            LaunchOptions byPicocli = LaunchOptions.from(LaunchOptions.commandLine(messages).parseArgs(args));
            assertEquals(Optional.of(byPicocli), LaunchOptions.quick(args), String.join(" ", args));
        }
        LaunchOptions chinese = LaunchOptions.quick(new String[] {"--simulate", "--lang", "zh-CN"}).orElseThrow();
        assertTrue(chinese.simulate());
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE), chinese.language());
    }

    /** {@code --simulate} comes with the demo daemon and its two clients; {@code --no-demo} starts the simulated host empty. */
    @Test
    void theSimulatedHostHasTheDemoUnlessNoDemo() {
        assertTrue(LaunchOptions.parse(new String[] {"--simulate"}, messages).simulatedDemo());
        assertFalse(LaunchOptions.parse(new String[] {"--simulate", "--no-demo"}, messages).simulatedDemo());
        assertFalse(LaunchOptions.parse(new String[] {"--no-demo", "--simulate", "--screenshot", "x.png"}, messages).simulatedDemo());
        assertFalse(LaunchOptions.parse(new String[0], messages).simulatedDemo(), "the real host never gets a demo");
    }

    /** Help, screenshots and every wrong or repeated option go to picocli, which words the error. */
    @Test
    void anythingElseIsLeftToPicocli() {
        List<String[]> others = List.of(new String[] {"--help"}, new String[] {"-h"}, new String[] {"--simulated"},
                new String[] {"--simulate", "--simulate"}, new String[] {"--no-demo", "--no-demo"}, new String[] {"--lang", "fr"}, new String[] {"--lang"},
                new String[] {"--theme", "purple"}, new String[] {"--screenshot", "x.png"},
                new String[] {"--lang", "en", "--lang", "zh-CN"}, new String[] {"--simulate=true"}, new String[] {"x"});
        for (String[] args : others) {
            assertEquals(Optional.empty(), LaunchOptions.quick(args), String.join(" ", args));
        }
        assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--lang", "en", "--lang", "zh-CN"}, messages));
    }

    /** {@code --version} / {@code -V}: picocli prints {@code mps-console <the build's version>}, like {@code cumps --version}. */
    @Test
    void versionPrintsTheBuildsVersion() {
        for (String flag : List.of("--version", "-V")) {
            assertEquals(Optional.empty(), LaunchOptions.quick(new String[] {flag}), flag);
            CommandLine commandLine = LaunchOptions.commandLine(messages);
            commandLine.parseArgs(flag);
            assertTrue(commandLine.isVersionHelpRequested(), flag);
            StringWriter out = new StringWriter();
            commandLine.setOut(new PrintWriter(out));
            commandLine.printVersionHelp(commandLine.getOut());
            assertEquals("mps-console " + LaunchOptions.version(), out.toString().strip(), flag);
            assertTrue(LaunchOptions.version().matches("\\d+\\.\\d+\\.\\d+.*"), LaunchOptions.version());
        }
    }

    /** The one line a user without a display reads, in both languages: the same start, no stack trace. */
    @Test
    void noDisplayIsOneLineSayingWhatToUse() {
        assertEquals("error: no graphical display (DISPLAY/WAYLAND_DISPLAY unset); use cumps for the command line",
                messages.get("launch.error.noDisplay"));
        String chinese = Messages.forLocale(Locale.SIMPLIFIED_CHINESE).get("launch.error.noDisplay");
        assertTrue(chinese.startsWith("error: ") && chinese.contains("cumps") && !chinese.contains("\n"), chinese);
        assertFalse(ConsoleLauncher.hasDisplay(Map.of()));
        assertFalse(ConsoleLauncher.hasDisplay(Map.of("DISPLAY", " ", "WAYLAND_DISPLAY", "")));
        assertTrue(ConsoleLauncher.hasDisplay(Map.of("DISPLAY", ":0")));
        assertTrue(ConsoleLauncher.hasDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0")));
    }

    /** JavaFX's class-path warning is dropped from its logger; its other messages are not. */
    @Test
    void onlyJavaFxsClassPathWarningIsQuieted() {
        JavaFxLogging.quietClassPathWarning();
        Logger javafx = Logger.getLogger("javafx");
        LogRecord classPath = new LogRecord(Level.WARNING,
                "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @6d06d69c'");
        LogRecord other = new LogRecord(Level.WARNING,
                "Loading FXML document with JavaFX API of version 21 by JavaFX runtime of version 17");
        assertFalse(javafx.getFilter().isLoggable(classPath));
        assertTrue(javafx.getFilter().isLoggable(other));
    }
}
