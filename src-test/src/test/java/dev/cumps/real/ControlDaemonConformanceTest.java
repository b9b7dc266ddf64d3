package dev.cumps.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cumps.core.live.ControlReplies;
import dev.cumps.sim.DriverProfile;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimToolOptions;
import dev.cumps.sim.SimTools;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The simulator's {@code nvidia-cuda-mps-control} holds to NVIDIA's: for each driver branch (each line of
 * {@code src-test/real-nvidia/branches.txt}, named by the system property {@code cumps.real.branches}) and each
 * launcher of the stand-in (Python, JVM), one scripted conversation runs against NVIDIA's binary (Debian non-free,
 * fetched by {@code src-test/real-nvidia/fetch.sh} into the folder named by the system property
 * {@code cumps.real.nvidia}) and against the stand-in with that {@link DriverProfile}, and the two transcripts must be
 * equal once pids, times and the temporary folders are replaced by placeholders. A transcript holds every client's,
 * {@code -d}'s and {@code -h}'s stdout, stderr and exit code (command words given as arguments among them), the files
 * (type and mode) of the pipe and log folders after each step, the pid file's content, {@code control.log} and
 * {@code server.log}; then a daemon in the foreground ({@code -f}): what it prints on stdout and stderr while clients,
 * a second {@code -f} and a {@code -d} talk to it, its files, and its exit code after {@code quit}. Only what needs no
 * GPU is compared: NVIDIA's daemon starts without one until a CUDA client or server is involved.
 *
 * <p>A branch list that is missing or empty, a branch without a simulator profile, and missing binaries fail the
 * test; it never skips.
 */
class ControlDaemonConformanceTest {

    private static final Duration PATIENCE = Duration.ofSeconds(120);
    private static final Pattern LOG_PREFIX = Pattern.compile(
            "^\\[\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} (Control|Server|Other) +(\\d+)\\] ");
    private static final String READY = "To connect CUDA applications to this daemon";

    /** One control client run per command, as cumps runs it. */
    private static final List<String> ONE_BY_ONE = List.of(
            "get_server_list",
            "get_server_status",
            "get_server_status 12345",
            "get_client_list 12345",
            "get_client_list",
            "get_default_active_thread_percentage",
            "set_default_active_thread_percentage 50",
            "set_default_active_thread_percentage 150",
            "set_default_active_thread_percentage abc",
            "bogus",
            "bogus arg",
            "start_server",
            "start_server -uid",
            "get_active_thread_percentage 12345",
            "get_default_device_pinned_mem_limit 0",
            "set_default_device_pinned_mem_limit 0 8G",
            "get_default_device_pinned_mem_limit 0",
            "get_default_device_pinned_mem_limit",
            "get_device_pinned_mem_limit 12345 0",
            "set_device_pinned_mem_limit 12345 0 8G",
            "terminate_client 1 2",
            "get_device_client_list",
            "get_device_client_list 12345");

    /**
     * Argument lists that are no option of NVIDIA's program: its client ignores them and reads the commands from stdin
     * (UniLab's tool sends {@code nvidia-cuda-mps-control get_server_list}).
     */
    private static final List<List<String>> IGNORED_ARGUMENTS = List.of(List.of("get_server_list"),
            List.of("get_default_active_thread_percentage"), List.of("quit"), List.of("-x"), List.of("-d", "extra"));

    /** Several commands on one standard input, a blank line and surrounding blanks among them. */
    private static final String MANY_AT_ONCE = "get_default_active_thread_percentage\nbogus\n\n   get_server_list   \n"
            + "get_server_status\nset_default_active_thread_percentage 25\n";

    /**
     * The questions cumps asks a live daemon's servers in one client run, with an empty reply and a
     * refusal among them; get_default_active_thread_percentage last, so that a number follows the marker.
     */
    private static final List<String> BATCH = List.of("get_server_list", "get_server_status 12345", "get_client_list 12345",
            "get_device_client_list", "get_server_status", "get_default_active_thread_percentage");

    private Path root;
    /** Daemons this test started: pid and start time (clock ticks since boot), so that only they are ended. */
    private final Map<Long, Long> daemons = new LinkedHashMap<>();
    private final List<Runnable> quitters = new ArrayList<>();
    /** The {@code -f} daemons this test started, as its own children. */
    private final List<Process> foreground = new ArrayList<>();

    /**
     * Each branch of branches.txt against the Python stand-in (what {@code SimTools.install} writes where python3 is)
     * and the JVM one: adding a branch is adding its line there (and its {@link DriverProfile}).
     */
    static Stream<Arguments> branchesAndLaunchers() throws IOException {
        String file = System.getProperty("cumps.real.branches");
        assertTrue(file != null && !file.isBlank(),
                "system property cumps.real.branches is not set: run through Maven (src-test/pom.xml) or -Dcumps.real.branches=src-test/real-nvidia/branches.txt");
        List<String> branches = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8).stream().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#")).map(line -> line.split("\\s+")[0]).toList();
        assertFalse(branches.isEmpty(), file + " lists no branch");
        return branches.stream().flatMap(b -> Stream.of(Arguments.of(b, "python"), Arguments.of(b, "java")));
    }

    @ParameterizedTest(name = "R{0}, {1} stand-in")
    @MethodSource("branchesAndLaunchers")
    void simulatorSpeaksLikeNvidiasControlDaemon(String branch, String launcher) throws Exception {
        Path real = realControl(branch);
        root = Files.createTempDirectory(Path.of("/tmp"), "cc");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
        Path bin = dir(root.resolve("bin"));
        Path config = root.resolve("sim.json");
        SimConfig.defaults(1).withDriver(DriverProfile.of(branch)).write(config);
        SimToolOptions options = SimToolOptions.in(root, cumpsJar(), config);
        if (launcher.equals("java")) {
            SimTools.installJava(bin, options);
        } else {
            SimTools.install(bin, options);
            String shebang = Files.readString(bin.resolve(SimTools.MPS_CONTROL)).lines().findFirst().orElse("");
            assertTrue(shebang.startsWith("#!") && shebang.contains("python3"), "not a Python stand-in: " + shebang);
        }

        String nvidia = converse(real, dir(root.resolve("n"))) + converseInTheForeground(real, dir(root.resolve("nf")));
        Path standIn = bin.resolve(SimTools.MPS_CONTROL);
        String simulated = converse(standIn, dir(root.resolve("s"))) + converseInTheForeground(standIn, dir(root.resolve("sf")));

        if (!nvidia.equals(simulated)) {
            fail("the " + launcher + " stand-in (profile " + branch + ") differs from NVIDIA's nvidia-cuda-mps-control "
                    + version(branch) + ":\n" + diff(nvidia, simulated) + "\n--- NVIDIA's transcript:\n" + nvidia);
        }
    }

    /** The scripted conversation with one program in its own pipe and log folders, as normalised text. */
    private String converse(Path program, Path home) throws Exception {
        Path pipe = dir(home.resolve("p"));
        Path log = dir(home.resolve("l"));
        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin", "CUDA_MPS_PIPE_DIRECTORY", pipe.toString(),
                "CUDA_MPS_LOG_DIRECTORY", log.toString());
        quitters.add(() -> quietly(() -> run(program, env, "quit\n")));
        StringBuilder t = new StringBuilder();

        step(t, "client without a daemon", run(program, env, "get_server_list\n"));
        step(t, "client given a command word, without a daemon, empty stdin", run(program, env, "", "get_server_list"));
        step(t, "-h", run(program, env, null, "-h"));
        step(t, "--help", run(program, env, null, "--help"));
        files(t, "files", pipe, log);

        step(t, "-d", run(program, env, null, "-d"));
        long first = awaitStart(t, log, 1);
        files(t, "files after -d", pipe, log);
        step(t, "second -d on the same pipe", run(program, env, null, "-d"));
        files(t, "files after the second -d", pipe, log);

        for (String command : ONE_BY_ONE) {
            step(t, command, run(program, env, command + "\n"));
        }
        for (List<String> args : IGNORED_ARGUMENTS) {
            step(t, "arguments " + args + ", stdin get_default_active_thread_percentage",
                    run(program, env, "get_default_active_thread_percentage\n", args.toArray(String[]::new)));
        }
        step(t, "arguments [get_server_list], empty stdin", run(program, env, "", "get_server_list"));
        step(t, "several commands on one stdin", run(program, env, MANY_AT_ONCE));
        Run batch = run(program, env, ControlReplies.batch(BATCH) + "\n");
        step(t, "a batch as cumps sends it", batch);
        assertBatchSplitsAsAskedOneByOne(program, env, batch);

        step(t, "quit", run(program, env, "quit\n"));
        awaitGone(first);
        files(t, "files after quit", pipe, log);
        step(t, "client after quit", run(program, env, "get_server_list\n"));

        step(t, "-d after quit", run(program, env, null, "-d"));
        long second = awaitStart(t, log, 2);
        kill9(second, pipe);
        files(t, "files after kill -9", pipe, log);
        step(t, "-d over the leftovers of kill -9", run(program, env, null, "-d"));
        long third = awaitStart(t, log, 3);
        step(t, "get_server_list", run(program, env, "get_server_list\n"));
        step(t, "quit", run(program, env, "quit\n"));
        awaitGone(third);
        files(t, "files at the end", pipe, log);

        t.append("== control.log\n").append(normalise(Files.readString(log.resolve("control.log"))));
        t.append("== server.log\n").append(normalise(Files.readString(log.resolve("server.log"))));
        return t.toString().replace(pipe.toString(), "<pipe>").replace(log.toString(), "<log>");
    }

    /**
     * A daemon in the foreground ({@code -f}) in its own pipe and log folders, as normalised text: its stdout and stderr
     * (NVIDIA's prints its control.log lines on stdout and writes no log file), whether the lines carry the pid of the
     * process started (it does not fork), its files while it runs and after {@code quit}, and its exit code. A second
     * {@code -f} and a {@code -d} are refused meanwhile; their {@code Other} lines reach its stdout through its FIFO.
     */
    private String converseInTheForeground(Path program, Path home) throws Exception {
        Path pipe = dir(home.resolve("p"));
        Path log = dir(home.resolve("l"));
        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin", "CUDA_MPS_PIPE_DIRECTORY", pipe.toString(),
                "CUDA_MPS_LOG_DIRECTORY", log.toString());
        quitters.add(() -> quietly(() -> run(program, env, "quit\n")));
        StringBuilder t = new StringBuilder("== -f\n");
        Path out = home.resolve("fg.out");
        Path err = home.resolve("fg.err");
        ProcessBuilder builder = new ProcessBuilder(program.toString(), "-f").redirectInput(new File("/dev/null"))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process daemon = builder.start();
        foreground.add(daemon);
        daemons.put(daemon.pid(), startTime(daemon.pid()).orElse(-1L));
        Supplier<String> stdout = () -> quietlyRead(out);
        await("-f's start on its stdout and its control socket", () -> stdout.get().contains(READY)
                && Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS), () -> "stdout so far:\n" + stdout.get());
        // NVIDIA's -f logs its start before it binds, listens on and chmods control, and writes its pid file last
        // (strace); nothing tells when it is done but its first answer, which comes from the loop that follows.
        await("-f's first answer", () -> answers(program, env), () -> "stdout so far:\n" + stdout.get());
        t.append("logs under the pid of the process started: ")
                .append(stdout.get().contains(String.format(" Control %5d] ", daemon.pid()) + READY)).append('\n');
        files(t, "files while -f runs", pipe, log);

        step(t, "client", run(program, env, "get_default_active_thread_percentage\nbogus\nget_server_status\n"
                + "get_default_device_pinned_mem_limit 0\n"));
        await("UI closed on -f's stdout", () -> stdout.get().contains("] UI closed"), stdout);
        step(t, "-f while -f runs", run(program, env, null, "-f"));
        await("the refused -f's line on -f's stdout", () -> count(stdout.get(), " Other ") >= 1, stdout);
        step(t, "-d while -f runs", run(program, env, null, "-d"));
        await("the refused -d's line on -f's stdout", () -> count(stdout.get(), " Other ") >= 2, stdout);
        step(t, "arguments [get_server_list], empty stdin", run(program, env, "", "get_server_list"));
        files(t, "files after the refusals", pipe, log);
        step(t, "quit", run(program, env, "quit\n"));
        if (!daemon.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
            fail("-f did not exit after quit; stdout:\n" + stdout.get());
        }
        awaitGone(daemon.pid());
        t.append("== -f exit ").append(daemon.exitValue()).append('\n');
        t.append("stdout:\n").append(indent(normalise(stdout.get()))).append("stderr:\n").append(indent(quietlyRead(err)));
        files(t, "files after quit", pipe, log);
        return t.toString().replace(pipe.toString(), "<pipe>").replace(log.toString(), "<log>");
    }

    /** Whether a client run asking {@code get_server_list} exits 0 (a refused connection prints nothing and logs nothing). */
    private boolean answers(Path program, Map<String, String> env) {
        try {
            return run(program, env, "get_server_list\n").exit() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static String quietlyRead(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    /** The batch's replies, split by cumps's marker, are what each question gets in a run of its own. */
    private void assertBatchSplitsAsAskedOneByOne(Path program, Map<String, String> env, Run batch) throws Exception {
        List<String> alone = new ArrayList<>();
        for (String command : BATCH) {
            Run one = run(program, env, command + "\n");
            assertEquals(0, one.exit(), command);
            alone.add(one.stdout());
        }
        assertEquals(0, batch.exit());
        assertEquals(Optional.of(alone), ControlReplies.split(batch.stdout(), BATCH.size()), () -> program + " printed:\n" + batch.stdout());
    }

    // ------------------------------------------------------------------ transcript

    private record Run(int exit, String stdout, String stderr) {
    }

    private static void step(StringBuilder t, String title, Run run) {
        t.append("== ").append(title).append(": exit ").append(run.exit()).append('\n');
        t.append("stdout:\n").append(indent(run.stdout())).append("stderr:\n").append(indent(run.stderr()));
    }

    private static String indent(String text) {
        if (text.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            b.append("  |").append(line).append('\n');
        }
        return b.toString(); // a last "  |" line means the text ended with a newline
    }

    /** Names, types and modes of both folders' entries (and the pid file's content, pid replaced). */
    private void files(StringBuilder t, String title, Path pipe, Path log) throws IOException {
        t.append("== ").append(title).append('\n');
        for (Path dir : List.of(pipe, log)) {
            List<Path> entries;
            try (Stream<Path> s = Files.list(dir)) {
                entries = s.sorted(Comparator.comparing(Path::toString)).toList();
            }
            for (Path entry : entries) {
                PosixFileAttributes a = Files.readAttributes(entry, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                String type = a.isRegularFile() ? "file" : a.isDirectory() ? "dir" : a.isSymbolicLink() ? "link" : a.isOther()
                        ? otherType(entry) : "?";
                t.append(String.format("  %s/%s %s %s", dir == pipe ? "<pipe>" : "<log>", entry.getFileName(), type,
                        PosixFilePermissions.toString(a.permissions())));
                if (entry.getFileName().toString().endsWith(".pid")) {
                    String text = Files.readString(entry).replaceAll("[0-9]+", "<pid>").replace("\n", "\\n");
                    t.append(" holds ").append(text);
                }
                t.append('\n');
            }
        }
    }

    /** {@code socket} or {@code fifo}, as stat(1) names them. */
    private static String otherType(Path entry) throws IOException {
        int mode = (Integer) Files.getAttribute(entry, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        return switch (mode & 0170000) {
            case 0140000 -> "socket";
            case 0010000 -> "fifo";
            default -> String.format("type-%o", mode & 0170000);
        };
    }

    private static String normalise(String log) {
        StringBuilder b = new StringBuilder();
        for (String line : log.split("\n", -1)) {
            Matcher m = LOG_PREFIX.matcher(line);
            b.append(m.find() ? "[<time> " + m.group(1) + " <pid>] " + line.substring(m.end()) : line).append('\n');
        }
        return b.toString();
    }

    /** The first differing line with three lines of context on each side. */
    static String diff(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        int i = 0;
        while (i < e.length && i < a.length && e[i].equals(a[i])) {
            i++;
        }
        StringBuilder b = new StringBuilder("first difference at transcript line " + (i + 1) + ":\n");
        for (int k = Math.max(0, i - 3); k < i; k++) {
            b.append("    ").append(e[k]).append('\n');
        }
        for (int k = i; k < Math.min(e.length, i + 4); k++) {
            b.append("  - ").append(e[k]).append('\n');
        }
        for (int k = i; k < Math.min(a.length, i + 4); k++) {
            b.append("  + ").append(a[k]).append('\n');
        }
        return b.append("(- NVIDIA, + stand-in)").toString();
    }

    // ------------------------------------------------------------------ processes

    private Run run(Path program, Map<String, String> env, String stdin, String... args) throws IOException,
            InterruptedException {
        List<String> command = new ArrayList<>(List.of(program.toString()));
        command.addAll(List.of(args));
        Path io = Files.createTempDirectory(root, "io");
        Path in = io.resolve("in");
        Files.writeString(in, stdin == null ? "" : stdin);
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(in.toFile())
                .redirectOutput(io.resolve("out").toFile()).redirectError(io.resolve("err").toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process p = builder.start();
        if (!p.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(command + " did not end within " + PATIENCE);
        }
        return new Run(p.exitValue(), Files.readString(io.resolve("out")), Files.readString(io.resolve("err")));
    }

    /**
     * Waits for the {@code n}th start in control.log and the control socket; returns that daemon's pid. Should it not
     * come, the failure shows the transcript so far (the last {@code -d}'s output last), both folders, control.log and
     * the state of every thread of the pid the pid file names.
     */
    private long awaitStart(StringBuilder t, Path log, int n) throws IOException, InterruptedException {
        Path pipe = log.resolveSibling("p");
        Path control = pipe.resolve("control");
        await("start " + n + " in " + log, () -> starts(log).size() >= n && Files.exists(control, LinkOption.NOFOLLOW_LINKS),
                () -> evidence(t, pipe, log));
        long pid = starts(log).get(n - 1);
        daemons.put(pid, startTime(pid).orElse(-1L));
        return pid;
    }

    /** Pids of the {@value #READY} lines of control.log, in order. */
    private static List<Long> starts(Path log) {
        try {
            List<Long> pids = new ArrayList<>();
            for (String line : Files.readAllLines(log.resolve("control.log"), StandardCharsets.UTF_8)) {
                Matcher m = LOG_PREFIX.matcher(line);
                if (m.find() && m.group(1).equals("Control") && line.substring(m.end()).startsWith(READY)) {
                    pids.add(Long.parseLong(m.group(2)));
                }
            }
            return pids;
        } catch (IOException e) {
            return List.of();
        }
    }

    private String evidence(StringBuilder t, Path pipe, Path log) {
        StringBuilder b = new StringBuilder("--- transcript so far:\n").append(t);
        try {
            files(b, "files now", pipe, log);
        } catch (IOException e) {
            b.append("(folders unreadable: ").append(e).append(")\n");
        }
        b.append("== locks on control_lock and listeners on control now:\n");
        kernelHolds(pipe).forEach(line -> b.append("  ").append(line).append('\n'));
        for (String name : List.of("control.log", "server.log")) {
            try {
                b.append("== ").append(name).append('\n').append(Files.readString(log.resolve(name)));
            } catch (IOException e) {
                b.append("(").append(name).append(" unreadable: ").append(e).append(")\n");
            }
        }
        try {
            String pid = Files.readString(pipe.resolve("nvidia-cuda-mps-control.pid")).strip();
            b.append("== threads of pid ").append(pid).append(" (the pid file's):\n");
            try (Stream<Path> tasks = Files.list(Path.of("/proc", pid, "task"))) {
                for (Path task : tasks.toList()) {
                    b.append("  ").append(Files.readString(task.resolve("stat")).strip()).append('\n');
                }
            }
        } catch (IOException | RuntimeException e) {
            b.append("(pid file or its process unreadable: ").append(e).append(")\n");
        }
        return b.toString();
    }

    /**
     * Waits until every thread of {@code pid} has exited, not only its first: an ended daemon's other threads may
     * still hold its files (the lock on {@code control_lock}, the log FIFO) for a moment after the first shows Z.
     */
    private void awaitGone(long pid) throws InterruptedException {
        await("every thread of daemon " + pid + " to exit", () -> threadsRunning(pid) == 0, () -> "");
    }

    /** Threads of {@code pid} that exist and are no zombie. */
    private static long threadsRunning(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            return tasks.filter(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    char state = stat.charAt(stat.lastIndexOf(')') + 2);
                    return state != 'Z' && state != 'X';
                } catch (IOException e) {
                    return false;
                }
            }).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Ends daemon {@code pid} with SIGKILL and waits until the kernel has let go of what it held in {@code pipe}: every
     * thread exited, no POSIX lock on {@code control_lock} and nothing listening on {@code control}. Only then does the
     * next {@code -d} meet the leftovers a crash leaves, not a daemon still on its way out (ci5: one {@code -d} right
     * after the last thread had gone was still told "already running").
     */
    private void kill9(long pid, Path pipe) throws IOException, InterruptedException {
        Optional<Long> start = startTime(pid);
        assertTrue(start.isPresent() && start.get().equals(daemons.get(pid)), "daemon " + pid + " is still ours");
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        awaitGone(pid);
        await("the kernel to release daemon " + pid + "'s lock on control_lock and its listener on control",
                () -> kernelHolds(pipe).isEmpty(), () -> String.join("\n", kernelHolds(pipe)));
    }

    /**
     * The POSIX locks on {@code pipe/control_lock} (lines of /proc/locks) and the listening sockets bound to
     * {@code pipe/control} (lines of /proc/net/unix); empty when neither is held.
     */
    private static List<String> kernelHolds(Path pipe) {
        List<String> held = new ArrayList<>();
        try {
            Object inode = Files.getAttribute(pipe.resolve("control_lock"), "unix:ino", LinkOption.NOFOLLOW_LINKS);
            for (String line : Files.readAllLines(Path.of("/proc/locks"), StandardCharsets.UTF_8)) {
                if (line.contains(":" + inode + " ")) {
                    held.add("lock: " + line);
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no control_lock: nothing locks it
        }
        String control = " " + pipe.resolve("control");
        try {
            for (String line : Files.readAllLines(Path.of("/proc/net/unix"), StandardCharsets.UTF_8)) {
                String[] fields = line.strip().split("\\s+");
                // Num RefCount Protocol Flags Type St Inode Path: flag 00010000 is a listening socket
                if (line.endsWith(control) && fields.length > 3 && (Integer.parseInt(fields[3], 16) & 0x10000) != 0) {
                    held.add("listener: " + line);
                }
            }
        } catch (IOException | NumberFormatException e) {
            held.add("/proc/net/unix unreadable: " + e);
        }
        return held;
    }

    /** Whether {@code pid} runs: it exists and is no zombie. */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false;
        }
    }

    /** Field 22 of /proc/PID/stat, the start time; empty when the process is gone. */
    private static Optional<Long> startTime(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Optional.of(Long.parseLong(fields[19]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void await(String what, BooleanSupplier condition, Supplier<String> evidence) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("gave up waiting for " + what + " after " + PATIENCE + "\n" + evidence.get());
            }
            Thread.sleep(20);
        }
    }

    /**
     * Ends every daemon this test started that still runs: {@code quit} on each of its pipes first (always: a daemon
     * that started after its wait gave up is on no list of pids), then SIGKILL by pid and start time.
     */
    @AfterEach
    void endDaemons() throws InterruptedException {
        quitters.forEach(Runnable::run);
        for (Process daemon : foreground) {
            if (!daemon.waitFor(10, TimeUnit.SECONDS)) {
                daemon.destroyForcibly();
            }
        }
        for (Map.Entry<Long, Long> d : daemons.entrySet()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (running(d.getKey()) && System.nanoTime() - deadline < 0) {
                Thread.sleep(20);
            }
            if (running(d.getKey()) && startTime(d.getKey()).equals(Optional.of(d.getValue()))) {
                ProcessHandle.of(d.getKey()).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        if (root != null) {
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                // a temporary folder left in /tmp; the next boot clears it
            }
        }
    }

    // ------------------------------------------------------------------ fixtures

    private static Path realControl(String branch) {
        String folder = System.getProperty("cumps.real.nvidia");
        assertTrue(folder != null && !folder.isBlank(),
                "system property cumps.real.nvidia is not set: run through Maven (src-test/pom.xml) or bash src-test/real-nvidia/fetch.sh DEST and -Dcumps.real.nvidia=DEST");
        Path program = Path.of(folder, "r" + branch, "usr/bin/nvidia-cuda-mps-control");
        assertTrue(Files.isExecutable(program), program + " is missing: bash src-test/real-nvidia/fetch.sh " + folder);
        return program;
    }

    private static String version(String branch) {
        try {
            return Files.readString(Path.of(System.getProperty("cumps.real.nvidia"), "r" + branch, "VERSION")).strip();
        } catch (IOException e) {
            return branch;
        }
    }

    private static String cumpsJar() {
        Path jar = Path.of(System.getProperty("cumps.jar", "../core/cli/target/cumps.jar")).toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(jar), jar + " is missing: mvn -pl core/cli -am install -DskipTests");
        return jar.toString();
    }

    private static Path dir(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        return dir;
    }

    private interface Action {
        void run() throws Exception;
    }

    private static void quietly(Action action) {
        try {
            action.run();
        } catch (Exception e) {
            // best effort: the pid-based end follows
        }
    }
}
