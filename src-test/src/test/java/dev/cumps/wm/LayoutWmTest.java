package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The readable layout under a real window manager: the app suite's layout check (the doctor with
 * failing checks, at 1280×820, 1100×700 and 900×600: every row's status and title shown inside the
 * table's view, the first row a failure, the page's parts not overlapping, no name cut) run on the
 * GTK glass under this class's openbox, the window sized by openbox, and every doctor cell inside
 * the window's client area as {@code xwininfo} reports it ({@link ReadableLayoutOnOpenbox},
 * {@link WmSizing}). The toolkit cannot be pointed at another display from inside a JVM, so the check
 * runs in a JVM of its own with this display's {@code DISPLAY} ({@link JUnitRun}).
 */
class LayoutWmTest extends OpenboxSuite {

    /** The check's own waits are bounded by {@link Waits#DEADLINE}; this bounds the whole JVM. */
    private static final long RUN_MINUTES = 15;

    @Test
    void englishDoctorRowsAreOnScreenAtThreeSizesUnderOpenbox() throws IOException, InterruptedException {
        runOnOpenbox("en");
    }

    @Test
    void chineseDoctorRowsAreOnScreenAtThreeSizesUnderOpenbox() throws IOException, InterruptedException {
        runOnOpenbox("zh-CN");
    }

    private void runOnOpenbox(String language) throws IOException, InterruptedException {
        // The window and its test kit must be this checkout's (the reactor's), not old copies from ~/.m2.
        Console.consoleClassPath();
        Path home = Files.createDirectories(dir.resolve("h"));
        Path log = dir.resolve("layout.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                // The GTK glass (no glass.platform): TestFX not headless, its robot the toolkit's (XTest).
                "-Dtestfx.headless=false", "-Dtestfx.robot=glass", "-Dprism.order=sw", "-Djava.awt.headless=true",
                "--enable-native-access=ALL-UNNAMED",
                "-Dcumps.layout.language=" + language,
                JUnitRun.class.getName(), ReadableLayoutOnOpenbox.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().clear();
        pb.environment().putAll(Map.of("DISPLAY", desktop.display(), "HOME", home.toString(), "PATH", "/usr/bin:/bin",
                "LANG", "C.UTF-8", "NO_AT_BRIDGE", "1"));
        Process run = pb.start();
        boolean ended;
        try {
            ended = run.waitFor(RUN_MINUTES, TimeUnit.MINUTES);
        } finally {
            if (run.isAlive()) {
                // What it started (the simulated host's stand-ins) first, then the JVM: all by pid.
                run.descendants().forEach(ProcessHandle::destroy);
                XDesktop.end(run);
            }
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(ended, "the layout check on openbox did not end within " + RUN_MINUTES + " min:\n" + output);
        assertEquals(0, run.exitValue(), language + ": the layout check on the GTK glass under openbox failed:\n" + output);
        assertTrue(output.contains("1 tests successful"), output);
    }
}
