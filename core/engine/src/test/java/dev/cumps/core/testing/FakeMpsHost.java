package dev.cumps.core.testing;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.proc.ProcessIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The NVIDIA side of a host, in-process. {@code nvidia-smi} prints the configured GPUs;
 * {@code nvidia-cuda-mps-control -d} "launches" a daemon: a real Unix socket named {@code control}
 * in {@code CUDA_MPS_PIPE_DIRECTORY}, a pid file, and a {@code nvidia-cuda-mps} entry in the
 * {@link FakeProcessTable}; the client (no arguments, command on stdin) answers when that daemon is
 * up, and {@code quit} makes it exit. Fake pids lie at the very top of Linux's pid range (a record
 * holding a pid above PID_MAX_LIMIT is refused as unreadable), where a real process is rare; and
 * they never reach the kernel: every signal goes through the {@link FakeProcessTable}.
 */
public final class FakeMpsHost implements AutoCloseable {
    public static final String SMI = "nvidia-smi";
    public static final String CONTROL = "nvidia-cuda-mps-control";
    public static final String DAEMON_COMM = "nvidia-cuda-mps";
    /** Just below Linux's PID_MAX_LIMIT (4194304), so that records holding them are valid. */
    public static final long FIRST_FAKE_PID = 4_190_000L;

    public enum Smi { OK, NOT_FOUND, TIMED_OUT, GARBAGE, NON_ZERO }

    public enum Launch {
        /** The daemon comes up and answers. */
        OK,
        /** The daemon writes an error line to control.log and creates no socket (leaves control_lock). */
        LOG_ERROR,
        /** The daemon creates its socket but no client call ever returns (TIMED_OUT). */
        NEVER_ANSWERS,
        /** The daemon comes up and answers, but ignores quit. */
        IGNORES_QUIT,
        /**
         * The daemon's socket file appears before it listens (between {@code bind()} and
         * {@code listen()}): the first two client calls find no daemon, then it answers.
         */
        LISTENS_LATE
    }

    /** One fake daemon. */
    public static final class Daemon {
        public final long pid;
        public final long startTicks;
        public final Path pipeDirectory;
        public final Path logDirectory;
        final ServerSocketChannel channel;
        public volatile boolean hangs;
        public volatile boolean ignoresQuit;
        final AtomicInteger refusals = new AtomicInteger();
        /** Its defaults, as NVIDIA's daemon keeps them: {@code get_default_active_thread_percentage} says {@code 100.0} until set. */
        volatile String defaultPercentage = "100.0";
        /** {@code get_default_device_pinned_mem_limit 0}: nothing until set. */
        volatile String defaultPinned = "";

        Daemon(long pid, long startTicks, Path pipe, Path log, ServerSocketChannel channel) {
            this.pid = pid;
            this.startTicks = startTicks;
            this.pipeDirectory = pipe;
            this.logDirectory = log;
            this.channel = channel;
        }
    }

    private final FakeProcessTable processes;
    private final FakeCommandRunner runner = new FakeCommandRunner(this::answer);
    private final List<FakeGpu> gpus = new CopyOnWriteArrayList<>();
    private final Map<Path, Daemon> daemons = new ConcurrentHashMap<>();
    private final List<ServerSocketChannel> channels = new CopyOnWriteArrayList<>();
    private final List<CommandSpec> spawned = new CopyOnWriteArrayList<>();
    private final List<Consumer<CommandSpec>> observers = new CopyOnWriteArrayList<>();
    private final AtomicLong nextPid = new AtomicLong(FIRST_FAKE_PID);
    private volatile Smi smi = Smi.OK;
    private volatile Launch launch = Launch.OK;
    private volatile boolean r535;
    private volatile boolean r470;
    private volatile boolean logsLate;
    private volatile String serverList = "";
    private volatile String computeApps = "";
    private final Map<String, String> replies = new ConcurrentHashMap<>();

    public FakeMpsHost(FakeProcessTable processes) {
        this.processes = processes;
    }

    public FakeCommandRunner runner() {
        return runner;
    }

    public FakeProcessTable processes() {
        return processes;
    }

    public FakeMpsHost gpus(FakeGpu... configured) {
        gpus.clear();
        gpus.addAll(List.of(configured));
        return this;
    }

    public FakeMpsHost smi(Smi mode) {
        this.smi = mode;
        return this;
    }

    /**
     * Daemons of NVIDIA's R535 branch: no pid file in the pipe directory (the pid is only in
     * control.log and the process's own environment), and {@code get_server_status} unknown.
     */
    public FakeMpsHost r535() {
        this.r535 = true;
        return this;
    }

    /**
     * Daemons of NVIDIA's R470 branch: as {@link #r535()}, and without the pinned-memory commands:
     * {@code set_default_device_pinned_mem_limit} and the rest are answered {@code Unknown command "…"}.
     */
    public FakeMpsHost r470() {
        this.r535 = true;
        this.r470 = true;
        return this;
    }

    /**
     * The daemon answers its first client before its {@code Starting control daemon} line is in
     * control.log (seen with NVIDIA's R535 and R550 daemons): the line follows a moment later, from
     * another thread, as the real daemon's logging does.
     */
    public FakeMpsHost logsLate() {
        this.logsLate = true;
        return this;
    }

    public FakeMpsHost launch(Launch mode) {
        this.launch = mode;
        return this;
    }

    public FakeMpsHost serverList(String text) {
        this.serverList = text;
        return this;
    }

    /** What {@code nvidia-smi --query-compute-apps=...} prints (default: nothing, no process on a GPU). */
    public FakeMpsHost computeApps(String csv) {
        this.computeApps = csv;
        return this;
    }

    /** What a live daemon answers to {@code command} (other than get_server_list and quit); default: nothing. */
    public FakeMpsHost reply(String command, String text) {
        replies.put(command, text);
        return this;
    }

    /** Called with each spec before it is answered (for "what existed at that moment" checks). */
    public void observe(Consumer<CommandSpec> observer) {
        observers.add(observer);
    }

    public Optional<Daemon> daemon(Path pipeDirectory) {
        return Optional.ofNullable(daemons.get(pipeDirectory));
    }

    /** Launches of {@code nvidia-cuda-mps-control -d}, in order. */
    public List<CommandSpec> launches() {
        return runner.specs().stream().filter(s -> s.argv().equals(List.of(CONTROL, "-d"))).toList();
    }

    /** Runs of {@code nvidia-smi}, in order. */
    public List<CommandSpec> smiCalls() {
        return runner.specs().stream().filter(s -> s.program().equals(SMI)).toList();
    }

    /** Client runs of {@code nvidia-cuda-mps-control}, in order. */
    public List<CommandSpec> clientCalls() {
        return runner.specs().stream().filter(s -> s.program().equals(CONTROL) && !s.argv().contains("-d")).toList();
    }

    /** The stdin of every client run, in order. */
    public List<String> clientCommands() {
        return clientCalls().stream().map(CommandSpec::stdin).toList();
    }

    private CommandResult answer(CommandSpec spec) {
        observers.forEach(o -> o.accept(spec));
        if (spec.program().equals(SMI)) {
            return smi(spec);
        }
        if (spec.program().equals(CONTROL)) {
            if (spec.argv().equals(List.of(CONTROL, "-d"))) {
                return launch(spec);
            }
            if (spec.argv().size() == 1) {
                return client(spec);
            }
            return CommandResult.exited(CONTROL, 1, "", "fake: unsupported arguments " + spec.argv());
        }
        return CommandResult.notFound(spec.program());
    }

    private CommandResult smi(CommandSpec spec) {
        return switch (smi) {
            case NOT_FOUND -> CommandResult.notFound(SMI);
            case TIMED_OUT -> CommandResult.timedOut(SMI, "", "");
            case NON_ZERO -> CommandResult.exited(SMI, 9, "", "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.");
            case GARBAGE -> CommandResult.exited(SMI, 0, "this is not, csv at all\n", "");
            case OK -> {
                StringBuilder out = new StringBuilder();
                if (spec.argv().stream().anyMatch(a -> a.startsWith("--query-compute-apps="))) {
                    yield CommandResult.exited(SMI, 0, computeApps, "");
                }
                gpus.forEach(g -> out.append(g.csvRow()).append('\n'));
                yield CommandResult.exited(SMI, 0, out.toString(), "");
            }
        };
    }

    private CommandResult launch(CommandSpec spec) {
        Path pipe = Path.of(spec.environment().get("CUDA_MPS_PIPE_DIRECTORY"));
        Path log = Path.of(spec.environment().get("CUDA_MPS_LOG_DIRECTORY"));
        if (launch == Launch.LOG_ERROR) {
            appendLog(log, "[2026-11-29 11:00:00.000 Control     1] Error: failed to start the control daemon (fake)");
            touch(pipe.resolve("control_lock"));
            return CommandResult.exited(CONTROL, 0, "", "");
        }
        startDaemon(pipe, log, spec.environment(), true);
        return CommandResult.exited(CONTROL, 0, "", "");
    }

    /** A daemon on {@code pipe}; {@code logsToFile}: its start line goes to {@code control.log} ({@code -d}, not {@code -f}). */
    private Daemon startDaemon(Path pipe, Path log, Map<String, String> environment, boolean logsToFile) {
        long pid = nextPid.getAndIncrement();
        long ticks = 1000 + (pid - FIRST_FAKE_PID) * 17;
        ServerSocketChannel channel = bind(pipe.resolve("control"));
        if (!r535) {
            write(pipe.resolve("nvidia-cuda-mps-control.pid"), pid + "\n");
        }
        String startLine = "[2026-11-29 11:00:00.000 Control " + pid + "] Starting control daemon using socket " + pipe.resolve("control");
        if (!logsToFile) {
            // -f: the start line goes to the daemon's stdout
        } else if (logsLate) {
            Thread late = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                appendLog(log, startLine);
            }, "fake-daemon-log");
            late.setDaemon(true);
            late.start();
        } else {
            appendLog(log, startLine);
        }
        processes.put(pid, DAEMON_COMM, ticks, environment);
        processes.onExit(pid, () -> closeQuietly(channel)); // a dead daemon's socket file stays, nobody listens
        Daemon daemon = new Daemon(pid, ticks, pipe, log, channel);
        daemon.hangs = launch == Launch.NEVER_ANSWERS;
        daemon.ignoresQuit = launch == Launch.IGNORES_QUIT;
        daemon.refusals.set(launch == Launch.LISTENS_LATE ? 2 : 0);
        daemons.put(pipe, daemon);
        return daemon;
    }

    /** Specs handed to {@link #spawner()}, in order. */
    public List<CommandSpec> spawned() {
        return List.copyOf(spawned);
    }

    /**
     * A {@link ProcessSpawner} for {@code --foreground}: {@code nvidia-cuda-mps-control -f} brings a
     * daemon up as {@code -d} does, except that, like NVIDIA's, it writes no line to {@code control.log}
     * (its log goes to its stdout) and it is the spawned process itself; the "child" runs until that
     * daemon leaves the process table (after {@code quit}).
     */
    public ProcessSpawner spawner() {
        return spec -> {
            spawned.add(spec);
            observers.forEach(o -> o.accept(spec));
            Daemon d = startDaemon(Path.of(spec.environment().get("CUDA_MPS_PIPE_DIRECTORY")),
                    Path.of(spec.environment().get("CUDA_MPS_LOG_DIRECTORY")), spec.environment(), false);
            return new ProcessSpawner.Spawned() {
                @Override
                public long pid() {
                    return d.pid;
                }

                @Override
                public boolean isAlive() {
                    return processes.contains(d.pid);
                }

                @Override
                public boolean waitFor(Duration timeout) throws InterruptedException {
                    long deadline = System.nanoTime() + timeout.toNanos();
                    while (isAlive() && System.nanoTime() < deadline) {
                        Thread.sleep(5);
                    }
                    return !isAlive();
                }

                @Override
                public int exitValue() {
                    if (isAlive()) {
                        throw new IllegalThreadStateException("still running");
                    }
                    return 0;
                }
            };
        };
    }

    private CommandResult client(CommandSpec spec) {
        String dir = spec.environment().get("CUDA_MPS_PIPE_DIRECTORY");
        Daemon daemon = dir == null ? null : daemons.get(Path.of(dir));
        boolean up = daemon != null && processes.isAlive(new ProcessIdentity(daemon.pid, daemon.startTicks));
        if (!up || daemon.refusals.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            return CommandResult.exited(CONTROL, 1, "", "Cannot find MPS control daemon process\n");
        }
        if (daemon.hangs) {
            return CommandResult.timedOut(CONTROL, "", "");
        }
        String stdin = spec.stdin() == null ? "" : spec.stdin().strip();
        if (stdin.contains("\n")) {
            // Several commands on one stdin: NVIDIA's client sends each line in turn and prints each reply, undelimited.
            StringBuilder out = new StringBuilder();
            for (String line : stdin.split("\n")) {
                if (!line.isBlank()) {
                    out.append(answerOne(daemon, line.strip()).stdout());
                }
            }
            return CommandResult.exited(CONTROL, 0, out.toString(), "");
        }
        return answerOne(daemon, stdin);
    }

    private CommandResult answerOne(Daemon daemon, String command) {
        switch (command) {
            case "get_server_list":
                return CommandResult.exited(CONTROL, 0, serverList, "");
            case "quit":
                if (!daemon.ignoresQuit) {
                    processes.kill(daemon.pid);
                    closeQuietly(daemon.channel); // like the real daemon, it leaves its socket file behind
                }
                return CommandResult.exited(CONTROL, 0, "", "");
            default:
                if (r535 && command.startsWith("get_server_status")) {
                    return CommandResult.exited(CONTROL, 0, "Unknown command \"get_server_status\"\n", "");
                }
                if (command.equals("cumps_reply_end")) {
                    return CommandResult.exited(CONTROL, 0, "Unknown command \"cumps_reply_end\"\n", "");
                }
                if (replies.containsKey(command)) {
                    return CommandResult.exited(CONTROL, 0, replies.get(command), "");
                }
                return CommandResult.exited(CONTROL, 0, defaults(daemon, command), "");
        }
    }

    /** What NVIDIA's daemon answers to a question or setting of its defaults (measured on R535 and R550); "" otherwise. */
    private String defaults(Daemon daemon, String command) {
        String[] words = command.split(" ");
        if (r470 && words[0].contains("pinned_mem_limit")) {
            return "Unknown command \"" + words[0] + "\"\n";
        }
        switch (words[0]) {
            case "get_default_active_thread_percentage":
                return daemon.defaultPercentage + "\n";
            case "set_default_active_thread_percentage":
                daemon.defaultPercentage = words[1] + ".0";
                return daemon.defaultPercentage + "\n";
            case "get_default_device_pinned_mem_limit":
                return daemon.defaultPinned.isEmpty() ? "" : daemon.defaultPinned + "\n";
            case "set_default_device_pinned_mem_limit":
                daemon.defaultPinned = words[2];
                return "";
            default:
                return "";
        }
    }

    /**
     * The daemon serving {@code pipeDirectory} dies without cleaning up, as a killed daemon does: its
     * process is gone, its socket file and pid file stay, and nothing listens on the socket any more.
     */
    public void crash(Path pipeDirectory) {
        Daemon d = daemon(pipeDirectory).orElseThrow();
        processes.kill(d.pid);
        closeQuietly(d.channel);
    }

    /** Binds a real Unix socket at {@code path}; the channel is closed by {@link #close()}. */
    public ServerSocketChannel bind(Path path) {
        try {
            ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            channel.bind(UnixDomainSocketAddress.of(path));
            channels.add(channel);
            return channel;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind fake control socket " + path, e);
        }
    }

    private static void appendLog(Path logDir, String line) {
        try {
            Files.createDirectories(logDir);
            Files.writeString(logDir.resolve("control.log"), line + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void touch(Path file) {
        write(file, "");
    }

    private static void closeQuietly(ServerSocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        List<ServerSocketChannel> all = new ArrayList<>(channels);
        all.forEach(FakeMpsHost::closeQuietly);
        channels.clear();
    }
}
