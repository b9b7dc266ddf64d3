package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.theme.ThemeChoice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
    void theLanguageIsTheOptionsElseTheOneSavedInPreferencesElseTheDesktops(@TempDir Path dir) {
        PreferencesStore store = PreferencesStore.besideWindowState(dir.resolve("mps-console").resolve("window.properties"));
        LaunchOptions none = LaunchOptions.parse(new String[0], messages);
        LaunchOptions english = LaunchOptions.parse(new String[] {"--lang=en"}, messages);
        assertEquals(Optional.empty(), ConsoleApplication.language(none, Optional.of(store)), "nothing saved: the desktop's");
        store.saveLanguage(Optional.of(Locale.SIMPLIFIED_CHINESE));
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE), ConsoleApplication.language(none, Optional.of(store)),
                "File → Preferences…'s language at the next start");
        assertEquals(Optional.of(Locale.ENGLISH), ConsoleApplication.language(english, Optional.of(store)), "--lang wins for its run");
        assertEquals(Optional.empty(), ConsoleApplication.language(none, Optional.empty()), "no settings folder: the desktop's");
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
        LaunchOptions.BadArgument e = assertThrows(LaunchOptions.BadArgument.class,
                () -> LaunchOptions.parse(new String[] {"--lang", "fr"}, messages));
        assertEquals("invalid value for option '--lang' (LANG): Unsupported language 'fr'; choose one of: en, zh-CN", e.getMessage());
    }

    @Test
    void themeIsReadAndABadOneIsRefusedWithTheChoices() {
        assertEquals(Optional.of(ThemeChoice.DARK), LaunchOptions.parse(new String[] {"--theme", "dark"}, messages).theme());
        assertEquals(Optional.of(ThemeChoice.SYSTEM), LaunchOptions.parse(new String[] {"--theme=System"}, messages).theme());
        assertEquals(Optional.empty(), LaunchOptions.parse(new String[0], messages).theme());
        LaunchOptions.BadArgument e = assertThrows(LaunchOptions.BadArgument.class,
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
        LaunchOptions.BadArgument e = assertThrows(LaunchOptions.BadArgument.class,
                () -> LaunchOptions.parse(new String[] {"--simulated"}, messages));
        assertEquals("unknown option '--simulated'", e.getMessage());
    }

    @Test
    void headlessPlatformIsChosenOnlyWithoutADisplay() {
        Properties noDisplay = new Properties();
        assertTrue(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of(), noDisplay));
        assertEquals("Headless", noDisplay.getProperty("glass.platform"));
        assertFalse(noDisplay.containsKey("monocle.platform"));
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
        LaunchOptions.BadArgument e = assertThrows(LaunchOptions.BadArgument.class,
                () -> LaunchOptions.parse(new String[] {"--screenshot", value}, messages));
        assertTrue(e.getMessage().contains("--screenshot"), e.getMessage());
        assertTrue(e.getMessage().contains(value.isEmpty() ? "empty" : "UTF-8"), e.getMessage());
    }

    /** Every option, in both the {@code --opt V} and the {@code --opt=V} form where it takes a value. */
    @Test
    void eachOptionIsReadInEachForm() {
        assertTrue(LaunchOptions.parse(new String[] {"--simulate"}, messages).simulate());
        assertFalse(LaunchOptions.parse(new String[] {"--no-demo"}, messages).demo());
        for (String[] args : List.of(new String[] {"--lang", "zh-CN"}, new String[] {"--lang=zh-CN"})) {
            assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE), LaunchOptions.parse(args, messages).language(), args[0]);
        }
        for (String[] args : List.of(new String[] {"--theme", "light"}, new String[] {"--theme=light"})) {
            assertEquals(Optional.of(ThemeChoice.LIGHT), LaunchOptions.parse(args, messages).theme(), args[0]);
        }
        for (String[] args : List.of(new String[] {"--screenshot", "a.png"}, new String[] {"--screenshot=a.png"})) {
            assertEquals(Optional.of(Path.of("a.png")), LaunchOptions.parse(args, messages).screenshot(), args[0]);
        }
        for (String[] args : List.of(new String[] {"--simulate", "--screenshots", "d"}, new String[] {"--simulate", "--screenshots=d"})) {
            assertEquals(Optional.of(Path.of("d")), LaunchOptions.parse(args, messages).screenshots(), args[1]);
        }
        for (String flag : List.of("-h", "--help")) {
            LaunchOptions.Command help = LaunchOptions.command(new String[] {"--simulate", flag}, messages);
            assertTrue(help.help() && !help.version() && help.options().simulate(), flag);
        }
        for (String flag : List.of("-V", "--version")) {
            LaunchOptions.Command version = LaunchOptions.command(new String[] {flag}, messages);
            assertTrue(version.version() && !version.help(), flag);
        }
        LaunchOptions.Command plain = LaunchOptions.command(new String[] {"--simulate"}, messages);
        assertFalse(plain.help() || plain.version());
        // The help is asked for: options that cannot go together are not refused then.
        assertTrue(LaunchOptions.command(new String[] {"--screenshots", "d", "--help"}, messages).help());
    }

    /** Each kind of bad input gets its own one-line message naming what was wrong. */
    @Test
    void badInputIsRefusedWithOneLineSayingWhatIsWrong() {
        Map<List<String>, String> bad = new LinkedHashMap<>();
        bad.put(List.of("-x"), "unknown option '-x'");
        bad.put(List.of("--simulate=true"), "option '--simulate' takes no value");
        bad.put(List.of("x"), "unexpected argument 'x'; the window takes options only");
        bad.put(List.of("--simulate", "--simulate"), "option '--simulate' may be given only once");
        bad.put(List.of("--no-demo", "--no-demo"), "option '--no-demo' may be given only once");
        bad.put(List.of("-h", "--help"), "option '--help' may be given only once");
        bad.put(List.of("--lang", "en", "--lang=zh-CN"), "option '--lang' may be given only once");
        bad.put(List.of("--lang"), "option '--lang' needs a value (LANG)");
        bad.put(List.of("--theme", "--simulate"), "option '--theme' needs a value (THEME)");
        bad.put(List.of("--screenshot"), "option '--screenshot' needs a value (FILE.png)");
        bad.put(List.of("--screenshots"), "option '--screenshots' needs a value (DIR)");
        bad.put(List.of("--theme="), "invalid value for option '--theme' (THEME): unknown theme ''; choose system, light or dark");
        bad.put(List.of("--screenshots", "d"), messages.get("launch.error.screenshots.simulate"));
        bad.forEach((args, expected) -> {
            LaunchOptions.BadArgument e = assertThrows(LaunchOptions.BadArgument.class,
                    () -> LaunchOptions.command(args.toArray(String[]::new), messages), args.toString());
            assertEquals(expected, e.getMessage(), args.toString());
        });
        LaunchOptions.BadArgument chinese = assertThrows(LaunchOptions.BadArgument.class,
                () -> LaunchOptions.command(new String[] {"--bogus"}, Messages.forLocale(Locale.SIMPLIFIED_CHINESE)));
        assertEquals("未知选项“--bogus”", chinese.getMessage());
    }

    /** The help lists every option with its description, in the messages' language. */
    @Test
    void theHelpListsEveryOption() {
        String usage = LaunchOptions.usage(messages);
        assertTrue(usage.startsWith("Usage: mps-console "), usage);
        for (String option : List.of("--help", "--version", "--simulate", "--no-demo", "--lang=LANG", "--theme=THEME",
                "--screenshot=FILE.png", "--screenshots=DIR")) {
            assertTrue(usage.contains(option), option + " in\n" + usage);
        }
        assertTrue(usage.contains(messages.get("launch.option.lang", "en, zh-CN")), usage);
        Messages zh = Messages.forLocale(Locale.SIMPLIFIED_CHINESE);
        assertTrue(LaunchOptions.usage(zh).contains(zh.get("launch.option.simulate")), LaunchOptions.usage(zh));
    }

    /** {@code --simulate} comes with the demo daemon and its two clients; {@code --no-demo} starts the simulated host empty. */
    @Test
    void theSimulatedHostHasTheDemoUnlessNoDemo() {
        assertTrue(LaunchOptions.parse(new String[] {"--simulate"}, messages).simulatedDemo());
        assertFalse(LaunchOptions.parse(new String[] {"--simulate", "--no-demo"}, messages).simulatedDemo());
        assertFalse(LaunchOptions.parse(new String[] {"--no-demo", "--simulate", "--screenshot", "x.png"}, messages).simulatedDemo());
        assertFalse(LaunchOptions.parse(new String[0], messages).simulatedDemo(), "the real host never gets a demo");
    }

    /** The real launcher: {@code --version} and {@code --help} print to standard output and exit 0 before any window. */
    @Test
    void theLauncherPrintsTheVersionAndTheHelp(@TempDir Path home) throws Exception {
        assertTrue(LaunchOptions.version().matches("\\d+\\.\\d+\\.\\d+.*"), LaunchOptions.version());
        for (List<String> args : List.of(List.of("--version"), List.of("--lang", "en", "-h"))) {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), ConsoleLauncher.class.getName()));
            command.addAll(args);
            ProcessBuilder builder = new ProcessBuilder(command);
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
            assertEquals(0, process.exitValue(), Files.readString(home.resolve("err")));
            String expected = args.get(0).equals("--version") ? "mps-console " + LaunchOptions.version() + "\n" : LaunchOptions.usage(messages);
            assertEquals(expected, Files.readString(home.resolve("out")), args.toString());
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
