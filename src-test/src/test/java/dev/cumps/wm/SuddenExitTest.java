package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A {@code --simulate} console (with its demo daemon) whose JVM ends without its window being closed:
 * SIGTERM, or its X server going away (GTK then ends the process at once, no Java code runs). Either
 * way the demo daemon it started is stopped (its process gone, its record and sandbox removed), and a
 * daemon the CLI started beforehand in the same HOME and TMPDIR runs on with the same start time.
 * Each test has its own Xvfb and openbox (one test kills its Xvfb).
 */
class SuddenExitTest {

    private static final Pattern PID = Pattern.compile("\"pid\": (\\d+)");
    private static final Pattern TICKS = Pattern.compile("\"process_start_ticks\": (\\d+)");

    private Path dir;
    private Path home;
    private Path tmp;
    private XDesktop desktop;
    private Process console;

    @BeforeEach
    void desktopAndFolders() throws IOException, InterruptedException {
        dir = WindowManagerTest.TempDirs.shortDir("se");
        home = Files.createDirectories(dir.resolve("h"));
        tmp = Files.createDirectories(dir.resolve("t"));
        desktop = XDesktop.start(dir);
    }

    @AfterEach
    void cleanUp() throws IOException, InterruptedException {
        try {
            if (console != null && console.isAlive()) {
                List<ProcessHandle> children = console.descendants().toList();
                XDesktop.end(console);
                children.forEach(ProcessHandle::destroy);
            }
            // A failed test may leave what the console started running, reparented: the processes
            // whose environment names this test's own console sandbox, by pid.
            sandboxProcesses().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
            cli("--simulate", "reset");
        } finally {
            desktop.close();
            WindowManagerTest.TempDirs.delete(dir);
        }
    }

    @Test
    void sigtermStopsTheDemoDaemonAndNothingElse() throws Exception {
        Identity cliDaemon = startCliDaemon();
        launchConsoleWithDemo();
        Identity demo = awaitDemoDaemon();

        console.toHandle().destroy(); // SIGTERM, to the console's pid

        assertCleanedUp(demo, cliDaemon);
    }

    @Test
    void theXServerGoingAwayStopsTheDemoDaemonAndNothingElse() throws Exception {
        Identity cliDaemon = startCliDaemon();
        launchConsoleWithDemo();
        Identity demo = awaitDemoDaemon();

        // The Xvfb under this test's desktop, a child of this JVM, by its pid.
        ProcessHandle xvfb = ProcessHandle.current().children()
                .filter(p -> p.info().command().map(c -> c.endsWith("/Xvfb")).orElse(false))
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains("-displayfd")).orElse(false))
                .findFirst().orElseThrow(() -> new AssertionError("no Xvfb started by this test"));
        xvfb.destroy();
        Waits.until("the console to end after its X server went away (log: " + dir.resolve("console.log") + ")",
                () -> console.isAlive() ? null : console.exitValue(), code -> true);

        assertCleanedUp(demo, cliDaemon);
    }

    private void assertCleanedUp(Identity demo, Identity cliDaemon) throws IOException {
        Waits.until("the console to end", () -> console.isAlive() ? null : console.exitValue(), code -> true);
        Waits.until("the demo daemon " + demo + " to be stopped (console log: " + log() + ")",
                () -> demo.running() ? null : "stopped", s -> true);
        try {
            Waits.until("the console's sandbox to be removed", () -> consoleSandboxes().isEmpty() ? "removed" : null, s -> true);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; what is left: " + leftTree() + "; the sandbox's processes: " + sandboxProcesses()
                    + "; " + guards() + "; console and guard log:\n" + log(), e);
        }
        Waits.until("every process of the console's sandbox to end", () -> sandboxProcesses().isEmpty() ? "none" : null, s -> true);
        assertTrue(cliDaemon.running(), "the CLI's daemon runs on with the same start time: " + cliDaemon);
        assertTrue(Files.isRegularFile(cliRecord()), "the CLI's record is kept");
        assertEquals(cliDaemon, Identity.of(Files.readString(cliRecord())));
    }

    /**
     * For a failure message: the console's guard processes still running (their command line names a sandbox in
     * this test's TMPDIR), each with its state and its threads ({@code jcmd Thread.print}), or that none runs.
     */
    private String guards() {
        List<ProcessHandle> guards = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("SessionGuard") && c.contains(tmp.resolve("csim-").toString()))
                        .orElse(false))
                .toList();
        if (guards.isEmpty()) {
            return "no guard process runs";
        }
        StringBuilder out = new StringBuilder();
        for (ProcessHandle guard : guards) {
            out.append("guard ").append(guard.pid()).append(" runs, /proc stat: ").append(stat(guard.pid())).append("; its threads:\n");
            try {
                Path dump = dir.resolve("guard-" + guard.pid() + ".txt");
                Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        Long.toString(guard.pid()), "Thread.print").redirectErrorStream(true).redirectOutput(dump.toFile()).start();
                if (!jcmd.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                    XDesktop.end(jcmd);
                }
                out.append(Files.readString(dump));
            } catch (IOException e) {
                out.append("(no thread dump: ").append(e.getMessage()).append(")\n");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return out.toString();
    }

    /** For a failure message: every path left in the console's sandboxes, with its last change. */
    private String leftTree() {
        List<String> paths = new ArrayList<>();
        for (Path sandbox : consoleSandboxes()) {
            try (Stream<Path> walk = Files.walk(sandbox)) {
                walk.forEach(p -> {
                    try {
                        paths.add(p + " (" + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS) + ")");
                    } catch (IOException gone) {
                        paths.add(p + " (gone)");
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                paths.add(sandbox + " (" + e.getMessage() + ")");
            }
        }
        return paths.toString();
    }

    private static String stat(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "stat")).strip();
        } catch (IOException e) {
            return "(gone)";
        }
    }

    private Identity startCliDaemon() throws IOException, InterruptedException {
        String out = cli("--simulate", "start", "--gpus", "0", "--name", "keep");
        Identity daemon = Identity.of(Files.readString(cliRecord()));
        assertTrue(daemon.running(), out);
        return daemon;
    }

    private Path cliRecord() throws IOException {
        try (Stream<Path> sandboxes = Files.list(tmp)) {
            return sandboxes.filter(p -> p.getFileName().toString().startsWith("cumps-sim-")).findFirst()
                    .orElseThrow(() -> new AssertionError("no CLI sandbox in " + tmp)).resolve("records/keep/daemon.json");
        }
    }

    private void launchConsoleWithDemo() throws IOException {
        List<String> command = List.of(java(), "-cp", Console.consoleClassPath(), "-Dprism.order=sw",
                "--enable-native-access=ALL-UNNAMED", "dev.cumps.app.ConsoleLauncher", "--simulate");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("console.log").toFile());
        pb.environment().clear();
        pb.environment().putAll(environment());
        pb.environment().put("DISPLAY", desktop.display());
        pb.environment().put("NO_AT_BRIDGE", "1");
        console = pb.start();
        desktop.window(Console.TITLE);
    }

    private Identity awaitDemoDaemon() {
        Path record = Waits.until("the demo daemon's record (console log: " + dir.resolve("console.log") + ")",
                () -> consoleSandboxes().stream().map(s -> s.resolve("records/demo/daemon.json")).filter(Files::isRegularFile)
                        .findFirst().orElse(null), p -> true);
        Identity demo = Waits.until("the demo daemon's record to be readable", () -> {
            try {
                return Identity.of(Files.readString(record));
            } catch (IOException | AssertionError e) {
                return null;
            }
        }, id -> true);
        assertTrue(demo.running(), "the demo daemon runs: " + demo);
        return demo;
    }

    private List<Path> consoleSandboxes() {
        try (Stream<Path> entries = Files.list(tmp)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("csim-")).toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Processes whose environment names a console sandbox in this test's TMPDIR (the demo daemon, its server, its clients). */
    private List<Long> sandboxProcesses() {
        String marker = tmp.resolve("csim-").toString();
        List<Long> found = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(p -> {
            try {
                String environ = new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "environ")), StandardCharsets.UTF_8);
                if (environ.contains(marker)) {
                    found.add(p.pid());
                }
            } catch (IOException | RuntimeException gone) {
                // Ended meanwhile, or not readable: not one of ours.
            }
        });
        return found;
    }

    private Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", home.toString());
        env.put("TMPDIR", tmp.toString());
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("LANG", "C.UTF-8");
        return env;
    }

    /** Runs the built {@code cumps.jar}; fails unless it exits 0. */
    private String cli(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java(), "-jar",
                Path.of(System.getProperty("cumps.jar", "../core/cli/target/cumps.jar")).toAbsolutePath().toString()));
        command.addAll(List.of(args));
        Path out = dir.resolve("cli.out");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().clear();
        pb.environment().putAll(environment());
        Process process = pb.start();
        if (!process.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
            XDesktop.end(process);
            throw new AssertionError("cumps " + String.join(" ", args) + " did not finish");
        }
        String text = Files.readString(out);
        assertEquals(0, process.exitValue(), "cumps " + String.join(" ", args) + ": " + text);
        return text;
    }

    private String log() {
        try {
            return Files.readString(dir.resolve("console.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A process by pid and start time (clock ticks since boot, {@code /proc/<pid>/stat} field 22). */
    record Identity(long pid, long startTicks) {
        static Identity of(String recordJson) {
            Matcher pid = PID.matcher(recordJson);
            Matcher ticks = TICKS.matcher(recordJson);
            assertTrue(pid.find() && ticks.find(), recordJson);
            return new Identity(Long.parseLong(pid.group(1)), Long.parseLong(ticks.group(1)));
        }

        /** Whether this pid runs (not a zombie) with this start time. */
        boolean running() {
            Optional<String> stat;
            try {
                stat = Optional.of(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
            } catch (IOException gone) {
                stat = Optional.empty();
            }
            if (stat.isEmpty()) {
                return false;
            }
            String[] fields = stat.get().substring(stat.get().lastIndexOf(')') + 2).split(" ");
            assertFalse(fields.length < 20, stat.get());
            return !fields[0].equals("Z") && Long.parseLong(fields[19]) == startTicks;
        }
    }
}
