package dev.cumps.sim;

import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Entry point of the {@code nvidia-cuda-mps-control} stand-in (see {@link SimTools}).
 *
 * <p>Mirrors NVIDIA MPS documentation, "Appendix: Tools and Interface Reference"
 * (https://docs.nvidia.com/deploy/mps/appendix-tools-and-interface-reference.html):
 * <ul>
 *   <li>{@code -d} starts the control daemon in the background and returns as soon as it runs under its name;</li>
 *   <li>{@code -f} runs it in the foreground, its log lines on stdout;</li>
 *   <li>{@code -h} and {@code --help} print NVIDIA's banner;</li>
 *   <li>with no argument it is the user interface, and so it is with arguments that are no option on the
 *       branches whose program ignores them (R470 to R550: {@code nvidia-cuda-mps-control get_server_list} reads its
 *       commands from stdin like the others; R555 prints its banner and exits 1); each line of standard input is a command
 *       ({@code get_server_list}, {@code start_server -uid UID}, {@code get_client_list PID},
 *       {@code get_default_active_thread_percentage}, {@code set_default_active_thread_percentage P},
 *       {@code quit}, ...) sent to the daemon, whose answer is printed;</li>
 *   <li>the daemon is found through {@code CUDA_MPS_PIPE_DIRECTORY} (default {@value #DEFAULT_PIPE_DIRECTORY})
 *       and logs to {@code CUDA_MPS_LOG_DIRECTORY} (default {@value #DEFAULT_LOG_DIRECTORY}); on a simulated
 *       host the defaults are the host's own, which its launchers export
 *       ({@value SimTools#ENV_DEFAULT_PIPE_DIRECTORY}, {@value SimTools#ENV_DEFAULT_LOG_DIRECTORY}).</li>
 * </ul>
 * The daemon itself is {@link MpsControlDaemon}; docs/simulator.md lists every behaviour mirrored.
 *
 * <p>Size: the stand-in's whole command line, each mode NVIDIA's program has on each branch, kept in one file as standin.py mirrors it line by line.
 */
public final class MpsControlMain {

    /** Default of {@code CUDA_MPS_PIPE_DIRECTORY}. */
    public static final String DEFAULT_PIPE_DIRECTORY = "/tmp/nvidia-mps";
    /** Default of {@code CUDA_MPS_LOG_DIRECTORY}. */
    public static final String DEFAULT_LOG_DIRECTORY = "/var/log/nvidia-mps";

    static final String NO_DAEMON = "Cannot find MPS control daemon process";
    static final String ALREADY_RUNNING = "An instance of this daemon is already running";
    /** What a refused {@code -d} logs to server.log, followed by the log directory. */
    static final String USING_LOG_DIRECTORY = "Using log directory: ";
    /** Hidden argument with which {@code -d} starts the detached daemon process. */
    static final String INTERNAL_DAEMON = "--internal-daemon";
    /** The control daemon's process name ({@code /proc/<pid>/comm}), NVIDIA's. */
    static final String DAEMON_NAME = "nvidia-cuda-mps";
    /**
     * How long {@code -d} waits at most for its daemon to take {@link #DAEMON_NAME}: below {@code cumps}'s
     * own 10 s bound on {@code -d}, so that a daemon JVM slow to start on a loaded machine is not taken for a
     * hung launch.
     */
    static final Duration NAMED_WITHIN = Duration.ofSeconds(8);

    private MpsControlMain() {
    }

    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        int code = switch (mode(args)) {
            case "-d" -> daemonize(env);
            case "-f" -> daemonPresent(pipeDirectory(env)) ? refuse(env) : MpsControlDaemon.runAndReport(env, true);
            case INTERNAL_DAEMON -> MpsControlDaemon.runAndReport(env, false);
            case "-h", "--help" -> help(env, 0);
            default -> args.length == 0 ? client(env) : notAnOption(env);
        };
        System.exit(code);
    }

    /** Arguments that are no option: the client on branches that ignore them, else the banner and exit 1 (R555). */
    private static int notAnOption(Map<String, String> env) {
        try {
            if (SimConfig.fromEnvironment(env).driverBranch().ignoresArguments()) {
                return client(env);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("cumps-sim: nvidia-cuda-mps-control stand-in: " + e.getMessage());
            return 70;
        }
        return help(env, 1);
    }

    /**
     * The option that {@code args} name, or {@code ""} for none. As NVIDIA's (measured, R470 to R555), an option
     * counts only as the one and only argument: {@code -d extra}, {@code get_server_list}, {@code -x} and every other
     * argument list are no option; R470 to R550 run the user interface then, which reads its commands from stdin,
     * R555 prints its banner and exits 1.
     */
    static String mode(String[] args) {
        return args.length == 1 && List.of("-d", "-f", "-h", "--help", INTERNAL_DAEMON).contains(args[0]) ? args[0] : "";
    }

    static Path pipeDirectory(Map<String, String> env) {
        return directory(env, "CUDA_MPS_PIPE_DIRECTORY", SimTools.ENV_DEFAULT_PIPE_DIRECTORY, DEFAULT_PIPE_DIRECTORY);
    }

    static Path logDirectory(Map<String, String> env) {
        return directory(env, "CUDA_MPS_LOG_DIRECTORY", SimTools.ENV_DEFAULT_LOG_DIRECTORY, DEFAULT_LOG_DIRECTORY);
    }

    /** {@code name}, else the simulated host's default its launcher exported ({@code hostDefault}), else NVIDIA's. */
    private static Path directory(Map<String, String> env, String name, String hostDefault, String fallback) {
        String value = env.get(name);
        if (value == null || value.isEmpty()) {
            value = env.get(hostDefault);
        }
        return Path.of(value == null || value.isEmpty() ? fallback : value).toAbsolutePath();
    }

    /** The simulated machine of {@code env}, or null after saying on stderr why it cannot be read (then exit 70). */
    static SimConfig configOrReport(Map<String, String> env) {
        try {
            return SimConfig.fromEnvironment(env);
        } catch (IOException | RuntimeException e) {
            System.err.println("cumps-sim: nvidia-cuda-mps-control stand-in: " + e.getMessage());
            return null;
        }
    }

    /** {@code -h}: NVIDIA's banner, with the copyright year of the configured driver branch, on stdout; exits {@code code}. */
    private static int help(Map<String, String> env, int code) {
        SimConfig config = configOrReport(env);
        if (config == null) {
            return 70;
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.print(config.driverBranch().helpBanner());
        out.flush();
        return code;
    }

    /**
     * A {@code -d} or {@code -f} refused because a daemon holds the pipe directory, as NVIDIA's: the line
     * {@code [... Other <pid>] Using log directory: <log>} handed to that daemon through its {@link LogFifo}
     * (it lands in its server.log, or on its stdout when it runs with {@code -f}), the refusal on stdout, exit 1.
     */
    static int refuse(Map<String, String> env) {
        Path log = logDirectory(env);
        LogFifo.send(pipeDirectory(env), new ControlLog(null, "Other", ProcessHandle.current().pid(), null)
                .line(USING_LOG_DIRECTORY + log));
        System.out.println(ALREADY_RUNNING);
        System.out.flush();
        return 1;
    }

    /** {@code -d}: refuses if a daemon holds this pipe directory, else starts one detached and returns. */
    private static int daemonize(Map<String, String> env) {
        Path pipe = pipeDirectory(env);
        if (daemonPresent(pipe)) {
            return refuse(env);
        }
        List<String> command = new ArrayList<>();
        String setsid = setsid();
        if (setsid != null) {
            command.add(setsid);
        }
        command.addAll(StandInJvm.command(System.getProperty("java.class.path"), MpsControlMain.class,
                INTERNAL_DAEMON));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process daemon;
        try {
            daemon = builder.start();
        } catch (IOException e) {
            System.err.println("Failed to start the MPS control daemon: " + e.getMessage());
            return 1;
        }
        awaitDaemonName(daemon, NAMED_WITHIN);
        return 0;
    }

    /**
     * Returns once {@code daemon} bears {@link #DAEMON_NAME}, has ended, or {@code limit} has passed.
     * NVIDIA's {@code -d} forks its daemon from itself, so the daemon has the MPS process name from
     * its first instant, and whoever looks for it by that name once {@code -d} has returned (a start
     * undone because its caller cancelled it, a stop) finds it. This stand-in's daemon is a new JVM
     * that names itself only once it runs; until then it would be a "java" process nobody recognises,
     * left running by such an undo. Without procfs there is nothing to wait for.
     */
    static void awaitDaemonName(Process daemon, Duration limit) {
        Path comm = Path.of("/proc", Long.toString(daemon.pid()), "comm");
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            while (daemon.isAlive() && System.nanoTime() - deadline < 0) {
                if (Files.readString(comm, StandardCharsets.UTF_8).startsWith(DAEMON_NAME) || daemon.waitFor(5, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (IOException e) {
            // No procfs, or the daemon has just ended: nothing to wait for.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a daemon holds {@code <pipe>/control_lock} or accepts connections on {@code <pipe>/control}. */
    static boolean daemonPresent(Path pipe) {
        Path lockFile = pipe.resolve(ControlLock.LOCK_FILE);
        if (Files.exists(lockFile)) {
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
                FileLock lock = channel.tryLock();
                if (lock == null) {
                    return true;
                }
                lock.release();
            } catch (IOException e) {
                // Unreadable lock file: fall back to the socket.
            }
        }
        try (PacketSocket ignored = UnixSeqPacket.connect(pipe.resolve("control"))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String setsid() {
        for (String candidate : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, "setsid");
                if (Files.isExecutable(candidate)) {
                    return candidate.toString();
                }
            }
        }
        return null;
    }

    /**
     * No argument: the user interface. Like NVIDIA's client it connects once (no daemon: the message on
     * stderr, exit 1) and answers the daemon's greeting, so that the daemon logs {@code NEW UI} even for an empty
     * standard input; then it sends each line of standard input as typed, blank ones too, up to a {@code quit}, ends
     * the input and prints each line of the answers; exit 0 once the daemon has sent its end, or closed the connection
     * after {@code quit}. NVIDIA's protocol ({@link ControlWire}); like NVIDIA's client it waits for the daemon as long
     * as it takes (whoever runs it bounds it). Unlike NVIDIA's, which sends each line as it is typed, it reads its
     * standard input to the end (or a {@code quit}) before it sends: what it prints is the same, later.
     */
    private static int client(Map<String, String> env) {
        Path control = pipeDirectory(env).resolve("control");
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        long never = System.nanoTime() + Duration.ofDays(3650).toNanos();
        PacketSocket socket;
        try {
            socket = UnixSeqPacket.connect(control);
        } catch (IOException e) {
            return noDaemon();
        }
        try (socket) {
            ControlWire.Outcome greeted = ControlWire.greet(socket, never);
            if (greeted != null) {
                return noDaemon();
            }
            List<String> commands = new ArrayList<>();
            try {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                String line;
                while ((line = in.readLine()) != null) {
                    commands.add(line);
                    if (line.strip().equals("quit")) {
                        break;
                    }
                }
            } catch (IOException e) {
                System.err.println("nvidia-cuda-mps-control: cannot read standard input: " + e.getMessage());
                return 1;
            }
            ControlWire.Outcome outcome = ControlWire.converse(socket, commands, line -> {
                out.print(line + "\n");
                out.flush();
            }, never);
            return outcome == ControlWire.Outcome.ANSWERED || outcome == ControlWire.Outcome.CLOSED_AFTER_QUIT ? 0 : noDaemon();
        } catch (IOException e) {
            return noDaemon();
        }
    }

    private static int noDaemon() {
        System.err.println(NO_DAEMON);
        System.err.flush();
        return 1;
    }
}
