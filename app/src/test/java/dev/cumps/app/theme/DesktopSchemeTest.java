package dev.cumps.app.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.testing.FakeCommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The System choice: what the desktop prefers, asked through the core's runner. */
class DesktopSchemeTest {

    private static final Map<String, String> DESKTOP = Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/op",
            "DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus", "CUDA_VISIBLE_DEVICES", "0",
            "CUDA_MPS_PIPE_DIRECTORY", "/tmp/mps", "LD_PRELOAD", "/tmp/evil.so");

    private static FakeCommandRunner answering(CommandResult result) {
        return new FakeCommandRunner(spec -> result);
    }

    private static CommandResult says(String stdout) {
        return CommandResult.exited("gsettings", 0, stdout, "");
    }

    @Test
    void preferDarkGivesTheDarkTheme() {
        assertEquals(Appearance.DARK, new DesktopScheme(answering(says("'prefer-dark'\n")), DESKTOP).detect());
    }

    @Test
    void preferLightGivesTheLightThemeEvenWithADarkGtkTheme() {
        Map<String, String> env = Map.of("PATH", "/usr/bin", "GTK_THEME", "Adwaita:dark");
        assertEquals(Appearance.LIGHT, new DesktopScheme(answering(says("'prefer-light'\n")), env).detect());
    }

    @ParameterizedTest
    @ValueSource(strings = {"'default'\n", "", "prefer-dark\n", "'prefer-dark' 'x'\n", "\u0000\u00ff garbage", "'PREFER-DARK'"})
    void anyOtherAnswerIsLight(String stdout) {
        assertEquals(Appearance.LIGHT, new DesktopScheme(answering(says(stdout)), DESKTOP).detect());
    }

    @Test
    void missingFailingOrHangingGsettingsIsLightWithoutError() {
        for (CommandResult result : new CommandResult[] {
                CommandResult.notFound("gsettings"),
                CommandResult.exited("gsettings", 1, "", "No such schema “org.gnome.desktop.interface”"),
                CommandResult.exited("gsettings", 1, "'prefer-dark'", "failed half-way"),
                CommandResult.timedOut("gsettings", "", ""),
                CommandResult.failedToStart("gsettings", "Permission denied")}) {
            assertEquals(Appearance.LIGHT, new DesktopScheme(answering(result), DESKTOP).detect(), result.toString());
        }
    }

    @Test
    void withoutAGsettingsAnswerAGtkThemeEndingInDarkGivesDark() {
        Map<String, String> env = Map.of("PATH", "/usr/bin", "GTK_THEME", "Adwaita:dark");
        assertEquals(Appearance.DARK, new DesktopScheme(answering(CommandResult.notFound("gsettings")), env).detect());
        assertEquals(Appearance.DARK, new DesktopScheme(answering(says("'default'")), env).detect());
        Map<String, String> light = Map.of("PATH", "/usr/bin", "GTK_THEME", "Adwaita-dark");
        assertEquals(Appearance.LIGHT, new DesktopScheme(answering(CommandResult.notFound("gsettings")), light).detect(),
                "only the :dark variant suffix counts");
    }

    @Test
    void asksGsettingsWithATimeoutAndAnExplicitEnvironment() {
        FakeCommandRunner runner = answering(says("'prefer-dark'"));
        new DesktopScheme(runner, DESKTOP).detect();

        CommandSpec spec = runner.specs().get(0);
        assertEquals(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"), spec.argv());
        assertEquals(DesktopScheme.TIMEOUT, spec.timeout());
        assertEquals(Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/op",
                "DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus", "LC_ALL", "C"), spec.environment(),
                "only what gsettings reads; no CUDA_* and no LD_PRELOAD");
    }

    /** The real runner and a real program: found on an absolute PATH entry, never on a relative one. */
    @Test
    void aRealGsettingsOnAnAbsolutePathEntryIsAskedAndARelativeEntryIsIgnored(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        script(bin.resolve("gsettings"), "echo \"'prefer-dark'\"");
        assertEquals(Appearance.DARK, new DesktopScheme(new ProcessCommandRunner(),
                Map.of("PATH", bin.toString())).detect());

        Path relative = Path.of("").toAbsolutePath().relativize(bin);
        assertFalse(relative.isAbsolute());
        assertEquals(Appearance.LIGHT, new DesktopScheme(new ProcessCommandRunner(),
                Map.of("PATH", relative + "::")).detect(), "a relative PATH entry is not searched");
    }

    @Test
    void aRealGsettingsThatPrintsNoiseAndFailsIsLight(@TempDir Path dir) throws Exception {
        script(dir.resolve("gsettings"), "echo 'GLib-GIO-Message: Using the memory GSettings backend' >&2; echo \"'prefer-dark'\"; exit 1");
        assertEquals(Appearance.LIGHT, new DesktopScheme(new ProcessCommandRunner(), Map.of("PATH", dir.toString())).detect());
        assertTrue(Files.isExecutable(dir.resolve("gsettings")));
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }
}
