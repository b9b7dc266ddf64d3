package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The deterministic start-up gate: every command of {@link StartupBudgets} runs once through the
 * launcher {@code mvn package} wrote (copied with the jar into a scratch folder, where it trains its AOT
 * cache), with {@code -Xlog:class+load} and {@code -Xlog:class+init} in {@code JAVA_TOOL_OPTIONS}, and must
 * stay within its budget of classes initialized, classes loaded outside the cache, doctor checks and programs
 * run ({@link BudgetCheck}). No time is measured.
 *
 * <p>Programs are counted by name: {@code PATH} holds stand-ins for {@code nvidia-smi} and
 * {@code nvidia-cuda-mps-control} (they answer like NVIDIA's, the control client several commands on one
 * standard input as R535 and R550 do), then one folder where every program of {@code /usr/bin} and
 * {@code /bin} is a logging wrapper that runs the real one. Each run appends its name to a calls file.
 */
class StartupBudgetE2eTest {
    static final String SMI = "nvidia-smi";
    static final String CONTROL = "nvidia-cuda-mps-control";
    private static final String GPU = "GPU-5f0c1a2e-0000-4000-8000-000000000000";

    private static Path root;
    private static Path launcher;
    private static Path calls;
    private static Path classLog;
    private static Path initLog;
    private static Process daemon;
    /** A live daemon without servers (no child), as the fifty records' daemons are. */
    private static Process childless;
    /** The pid of the daemon's one MPS server: its child. */
    private static long server;
    private static Process client;
    private static final Map<StartupBudgets.Scenario, Path> RECORDS = new LinkedHashMap<>();

    @BeforeAll
    static void prepare() throws Exception {
        Path builtJar = Path.of(System.getProperty("cumps.jar")).toAbsolutePath();
        BuiltJar.verify(builtJar);
        root = Files.createTempDirectory("cumps-budget-");
        Path install = Files.createDirectories(root.resolve("install"));
        launcher = install.resolve("cumps");
        Files.copy(builtJar.resolveSibling("cumps"), launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(builtJar, install.resolve("cumps.jar"));
        calls = root.resolve("calls");
        classLog = root.resolve("classes.log");
        initLog = root.resolve("init.log");
        Files.createDirectories(root.resolve("home"));

        // A live "daemon" with one MPS server, its child (as NVIDIA's daemon starts its servers), and a client:
        // processes of ours with real start times, which /proc shows as running.
        daemon = new ProcessBuilder("sh", "-c", "sleep 100000 & echo $!; wait").redirectErrorStream(true).start();
        server = Long.parseLong(new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.US_ASCII)).readLine());
        client = new ProcessBuilder("sleep", "100000").start();
        childless = new ProcessBuilder("sleep", "100000").start(); // the fifty records' daemon: no server
        Path live = Files.createDirectories(root.resolve("run/live/pipe"));
        Path idle = Files.createDirectories(root.resolve("run/idle/pipe"));

        Path bin = Files.createDirectories(root.resolve("bin"));
        executable(bin.resolve(SMI), "#!/bin/sh\necho " + SMI + " >>'" + calls + "'\n"
                + "case \"$*\" in\n"
                + "  *--query-compute-apps=*) echo '" + client.pid() + ", " + GPU + ", 1024'; echo '" + daemon.pid() + ", " + GPU + ", 512' ;;\n"
                + "  *) echo '0, " + GPU + ", NVIDIA H100 80GB HBM3, Exclusive_Process, 81559, Disabled, 550.54.15, 00000000:18:00.0, 37, 1024' ;;\n"
                + "esac\n");
        // Like NVIDIA's client: each line of stdin is one command, each reply printed in turn; an unknown command
        // gets `Unknown command "<it>"`. The live pipe has a server (the daemon's child) with two clients, the idle pipe the
        // same server without a client (as MPS keeps a server a while after its last client left); other pipes none.
        executable(bin.resolve(CONTROL), "#!/bin/sh\necho \"" + CONTROL + " $CUDA_MPS_PIPE_DIRECTORY\" >>'" + calls + "'\n"
                + "while IFS= read -r line; do\n"
                + "  case \"$CUDA_MPS_PIPE_DIRECTORY:$line\" in\n"
                + "    *:) ;;\n"
                + "    '" + live + ":get_server_list'|'" + idle + ":get_server_list') echo " + server + " ;;\n"
                + "    *:get_server_list) ;;\n"
                + "    *:get_server_status\\ " + server + ") echo ACTIVE ;;\n"
                + "    '" + idle + ":get_client_list '" + server + ") ;;\n"
                + "    *:get_client_list\\ " + server + ") echo " + client.pid() + "; echo " + daemon.pid() + " ;;\n"
                + "    *:get_default_active_thread_percentage|*:get_active_thread_percentage\\ *) echo 100.0 ;;\n"
                + "    *:get_default_device_pinned_mem_limit\\ *|*:get_device_pinned_mem_limit\\ *) echo 0M ;;\n"
                + "    *) echo \"Unknown command \\\"$line\\\"\" ;;\n"
                + "  esac\n"
                + "done\n");
        wrapEveryProgram(Files.createDirectories(root.resolve("path")));

        long ticks = Procs.stat(daemon.pid()).orElseThrow().startTicks();
        long childlessTicks = Procs.stat(childless.pid()).orElseThrow().startTicks();
        RECORDS.put(StartupBudgets.Scenario.NONE, Files.createDirectories(root.resolve("none")));
        Path one = Files.createDirectories(root.resolve("one"));
        record(one, "live", daemon.pid(), ticks);
        RECORDS.put(StartupBudgets.Scenario.LIVE, one);
        Path idleOne = Files.createDirectories(root.resolve("idle"));
        record(idleOne, "idle", daemon.pid(), ticks);
        RECORDS.put(StartupBudgets.Scenario.IDLE, idleOne);
        Path fifty = Files.createDirectories(root.resolve("fifty"));
        for (int i = 1; i <= 50; i++) {
            record(fifty, String.format("d%02d", i), childless.pid(), i % 2 == 0 ? childlessTicks : 1);
        }
        RECORDS.put(StartupBudgets.Scenario.FIFTY, fifty);

        // The first run trains the AOT cache (with the launcher's own tools): not a measured run.
        Run warm = run(List.of("--version"), false);
        assertEquals(0, warm.code(), warm.err());
        try (Stream<Path> files = Files.list(install)) {
            assertEquals(1, files.filter(p -> p.getFileName().toString().matches("cumps-.*\\.aot")).count(),
                    "the launcher trained no AOT cache");
        }
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (server > 0) {
            ProcessHandle.of(server).ifPresent(ProcessHandle::destroyForcibly); // the daemon's child, started by this test
        }
        for (Process p : new Process[] {daemon, client, childless}) {
            if (p != null) {
                p.destroyForcibly();
            }
        }
        if (root != null) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void everyCommandStaysWithinItsBudget() throws Exception {
        List<String> violations = new ArrayList<>();
        StringBuilder table = new StringBuilder("command [scenario]: classes initialized / loaded outside the cache / doctor checks / programs\n");
        Map<String, BudgetCheck.Measured> byName = new TreeMap<>();
        for (StartupBudgets.Budget budget : StartupBudgets.ALL) {
            Run run = run(budget);
            assertFalse(run.err().contains("unexpected failure") || run.err().contains("Exception"), budget.name() + ": " + run.err());
            BudgetCheck.Measured m = run.measured();
            byName.put(budget.name(), m);
            table.append(String.format("  %-32s %5d / %4d / %2d / %s%n", budget.name(), m.classes(), m.outsideArchive(), m.doctorChecks(),
                    m.programs()));
            violations.addAll(BudgetCheck.violations(budget, m));
        }
        violations.addAll(BudgetCheck.doctorRatio(byName.get("doctor --json [none]"), byName.get("status --json [none]")));
        System.out.print(table);
        assertEquals(List.of(), violations, table.toString());
    }

    /** The gated runs really did their work: their output is what a user sees, not an error. */
    @Test
    void theGatedRunsDoTheirWork() throws Exception {
        Run status = run(List.of("--records", RECORDS.get(StartupBudgets.Scenario.LIVE).toString(), "status", "--json"), true);
        assertEquals(0, status.code(), status.err());
        assertTrue(status.out().contains("\"status\": \"ACTIVE\"") && status.out().contains("\"pid\": " + client.pid()), status.out());
        Run idle = run(List.of("--records", RECORDS.get(StartupBudgets.Scenario.IDLE).toString(), "status", "--json"), true);
        assertEquals(0, idle.code(), idle.err());
        assertTrue(idle.out().contains("\"status\": \"ACTIVE\"") && idle.out().contains("\"clients\": []"), idle.out());
        Run fifty = run(List.of("--records", RECORDS.get(StartupBudgets.Scenario.FIFTY).toString(), "status"), true);
        assertEquals(0, fifty.code(), fifty.err());
        assertTrue(fifty.out().contains("d50"), fifty.out());
    }

    // ------------------------------------------------------------------ runs

    private record Run(int code, String out, String err, BudgetCheck.Measured measured) {
    }

    private static Run run(StartupBudgets.Budget budget) throws Exception {
        List<String> args = new ArrayList<>();
        if (!budget.args().get(0).startsWith("-")) { // --version alone, as a user types it
            args.addAll(List.of("--records", RECORDS.get(budget.scenario()).toString()));
        }
        args.addAll(budget.args());
        return run(args, true);
    }

    private static Run run(List<String> args, boolean measure) throws Exception {
        if (!args.isEmpty() && !args.get(0).equals("--records") && !args.get(0).equals("--version")) {
            throw new IllegalArgumentException(args.toString());
        }
        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(args);
        Path out = root.resolve("out.txt");
        Path err = root.resolve("err.txt");
        Files.deleteIfExists(classLog);
        Files.deleteIfExists(initLog);
        Files.writeString(calls, "");
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("HOME", root.resolve("home").toString());
        env.put("LC_ALL", "C");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        if (measure) {
            env.put("PATH", root.resolve("bin") + ":" + root.resolve("path"));
            env.put("JAVA_TOOL_OPTIONS", "-Xlog:class+load:file=" + classLog + " -Xlog:class+init=info:file=" + initLog);
        } else {
            env.put("PATH", "/usr/bin:/bin");
        }
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(command + " did not finish within 120 s");
        }
        BudgetCheck.Measured measured = measure ? measure() : null;
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
                measured);
    }

    /**
     * The counts of one run. Under the AOT cache the JVM loads every class the training loaded (linked ahead of
     * time, from the cache) whatever the command, so the class budget counts the classes a command initializes
     * ({@code class+init}: "Initializing 'a/b/C'"), which is the work it did; classes loaded from anywhere but the
     * cache ({@code class+load} without "source: shared objects file") were parsed, verified or spun at run time.
     */
    private static BudgetCheck.Measured measure() throws IOException {
        int classes = 0;
        int outside = 0;
        int checks = 0;
        for (String line : Files.readAllLines(classLog, StandardCharsets.UTF_8)) {
            if (line.contains("[class,load]") && !line.contains("source: shared objects file")) {
                outside++;
            }
        }
        for (String line : Files.readAllLines(initLog, StandardCharsets.UTF_8)) {
            if (!line.contains("[class,init]") || !line.contains(" Initializing '")) {
                continue;
            }
            classes++;
            if (line.contains(" Initializing 'dev/cumps/core/doctor/checks/")) {
                checks++;
            }
        }
        Map<String, Integer> programs = new TreeMap<>();
        for (String line : Files.readAllLines(calls, StandardCharsets.UTF_8)) {
            String name = line.strip();
            if (name.startsWith(CONTROL + " ")) {
                // Only our scenario's daemons count. A control socket at NVIDIA's default /tmp/nvidia-mps is the machine's
                // (CI runs NVIDIA's R550 daemon there, a GPU host its system daemon): status asks it too, read-only.
                name = name.substring(CONTROL.length() + 1).startsWith(root + "/") ? CONTROL : CONTROL + " (the machine's "
                        + name.substring(CONTROL.length() + 1) + ", not counted)";
            }
            if (!name.isEmpty()) {
                programs.merge(name, 1, Integer::sum);
            }
        }
        return new BudgetCheck.Measured(classes, outside, checks, programs);
    }

    // ------------------------------------------------------------------ set-up

    /** A logging wrapper, under each name of {@code /usr/bin} and {@code /bin}, that runs the real program. */
    private static void wrapEveryProgram(Path dir) throws IOException {
        Path wrapper = root.resolve("wrapper");
        executable(wrapper, "#!/bin/sh\nname=${0##*/}\necho \"$name\" >>'" + calls + "'\n"
                + "if [ -x \"/usr/bin/$name\" ]; then exec \"/usr/bin/$name\" \"$@\"; fi\nexec \"/bin/$name\" \"$@\"\n");
        for (Path system : List.of(Path.of("/usr/bin"), Path.of("/bin"))) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(system)) {
                for (Path entry : entries) {
                    Path name = dir.resolve(entry.getFileName().toString());
                    if (Files.isExecutable(entry) && !Files.isDirectory(entry) && !Files.exists(name, LinkOption.NOFOLLOW_LINKS)
                            && !entry.getFileName().toString().equals(SMI) && !entry.getFileName().toString().equals(CONTROL)) {
                        Files.createLink(name, wrapper);
                    }
                }
            }
        }
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }

    /** A daemon record as cumps writes it. */
    private static void record(Path dir, String name, long pid, long ticks) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        long uid = ((Number) Files.getAttribute(root, "unix:uid")).longValue();
        String json = "{\n  \"created_at\": 1764540000.5,\n  \"gpu_uuids\": [\"" + GPU + "\"],\n  \"host\": \"" + host + "\",\n"
                + "  \"log_directory\": \"" + root.resolve("run/" + name + "/log") + "\",\n  \"name\": \"" + name + "\",\n"
                + "  \"pid\": " + pid + ",\n  \"pipe_directory\": \"" + root.resolve("run/" + name + "/pipe") + "\",\n"
                + "  \"process_start_ticks\": " + ticks + ",\n  \"topology_mode\": \"single_gpu\",\n  \"uid\": " + uid + "\n}\n";
        Files.writeString(d.resolve("daemon.json"), json);
    }
}
