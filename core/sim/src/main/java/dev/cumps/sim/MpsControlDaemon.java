package dev.cumps.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The control daemon stand-in, run by {@code nvidia-cuda-mps-control -d} (detached) or {@code -f}:
 * its start-up sequence and its shutdown. With {@code -f} it writes its log lines to stdout instead of
 * {@code control.log} and creates no {@code server.log}, as NVIDIA's {@code -f} does. The parts each have one job: {@link ControlLock} (the
 * {@code control_lock} and pid file), {@link ControlServer} (sockets and connections),
 * {@link ControlCommands} (the answers), {@link MpsServers} (server processes), {@link ControlLog}
 * ({@code control.log}) and {@link DaemonFaults} (fault injection).
 *
 * <p>Mirrors, after NVIDIA MPS documentation, "Appendix: Tools and Interface Reference"
 * (https://docs.nvidia.com/deploy/mps/appendix-tools-and-interface-reference.html): the pid file
 * {@code nvidia-cuda-mps-control.pid} in {@code CUDA_MPS_PIPE_DIRECTORY}; the Unix sockets
 * {@code control} and {@code control_privileged} and the {@code control_lock} file beside it; the
 * commands of the interface; {@code quit} stopping the servers and the daemon. And, after
 * "Appendix: Logging" (https://docs.nvidia.com/deploy/mps/latest/appendix-logging.html):
 * {@code control.log} in {@code CUDA_MPS_LOG_DIRECTORY} with startup, each command and its result,
 * server starts and exits, and shutdown. Its process name ({@code /proc/<pid>/comm}) is
 * {@code nvidia-cuda-mps}, the real daemon's name as Linux shortens it.
 */
final class MpsControlDaemon {

    /** Logged last on {@code quit}, as NVIDIA's daemon logs it. */
    static final String EXIT = "Exit with status 0";
    /** The FIFO NVIDIA's daemon keeps in its pipe directory while it runs (mode 0777). */
    static final String LOG_FIFO = LogFifo.NAME;

    private final Map<String, String> env;
    private final DriverProfile profile;
    private final Path pipe;
    private final boolean foreground;
    private final ControlLog log;
    /** Where the lines read from the {@link LogFifo} go: server.log, or stdout in the foreground. */
    private final ControlLog serverLog;
    private final DaemonFaults faults;
    private final MpsServers servers;
    private final ControlServer sockets;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final CountDownLatch exit = new CountDownLatch(1);
    private volatile ControlLock lock;
    private volatile LogFifo logFifo;

    private MpsControlDaemon(SimConfig config, Map<String, String> env, boolean foreground) {
        long pid = ProcessHandle.current().pid();
        this.env = env;
        this.profile = config.driverBranch();
        this.pipe = MpsControlMain.pipeDirectory(env);
        this.foreground = foreground;
        // As NVIDIA's -f: every line on stdout, and no control.log or server.log in the log directory.
        PrintStream stdout = foreground ? new PrintStream(System.out, true, StandardCharsets.UTF_8) : null;
        Path logs = MpsControlMain.logDirectory(env);
        this.log = new ControlLog(foreground ? null : logs.resolve("control.log"), "Control", pid, stdout);
        this.serverLog = new ControlLog(foreground ? null : logs.resolve("server.log"), "Server", pid, stdout);
        this.faults = new DaemonFaults(config, env);
        this.servers = new MpsServers(log);
        this.sockets = new ControlServer(log,
                new ControlCommands(servers, new MpsClients(log), env.get("CUDA_VISIBLE_DEVICES"), profile), faults,
                () -> shutdown(EXIT), exit::countDown);
    }

    /** Runs a daemon until {@code quit} and returns its exit status; problems go to stderr and control.log. */
    static int runAndReport(Map<String, String> env, boolean foreground) {
        ProcName.set(MpsControlMain.DAEMON_NAME);
        SimConfig config = MpsControlMain.configOrReport(env);
        if (config == null) {
            return 70;
        }
        return new MpsControlDaemon(config, env, foreground).run();
    }

    private int run() {
        try {
            Files.createDirectories(MpsControlMain.logDirectory(env));
        } catch (IOException e) {
            System.err.println("Failed to open log directory " + MpsControlMain.logDirectory(env) + ": " + e);
            return 1;
        }
        if (faults.launchFails()) {
            log.append("Failed to start: error opening pipe directory " + pipe + ": cannot open pipe directory");
            return 1;
        }
        try {
            Optional<ControlLock> acquired = ControlLock.acquire(pipe, ProcessHandle.current().pid(),
                    profile.writesPidFile());
            if (acquired.isEmpty()) {
                if (foreground) {
                    return MpsControlMain.refuse(env);
                }
                System.err.println(MpsControlMain.ALREADY_RUNNING);
                log.append("Failed to start: error, " + MpsControlMain.ALREADY_RUNNING.toLowerCase(Locale.ROOT));
                return 1;
            }
            lock = acquired.get();
        } catch (IOException e) {
            log.append("Failed to start: error opening pipe directory " + pipe + ": " + e.getMessage());
            return 1;
        }
        faults.dieNowIfTold(); // the DIES fault, told to die before it ever serves
        Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown("Received signal, exiting"), "mps-exit"));
        faults.delayStart();
        Path control = pipe.resolve("control");
        try {
            // NVIDIA's daemon's files and their modes, whatever the umask; control comes last.
            Path serverLogFile = MpsControlMain.logDirectory(env).resolve("server.log");
            if (!foreground && !Files.exists(serverLogFile)) {
                Files.createFile(serverLogFile);
            }
            SimFiles.mkfifo(pipe.resolve(LOG_FIFO), 0777);
            logFifo = LogFifo.relay(pipe.resolve(LOG_FIFO), serverLog::write);
            sockets.bind(pipe.resolve("control_privileged"), 0755);
            sockets.bind(control, 0666);
        } catch (IOException e) {
            log.append("Failed to start: error binding socket " + control + ": " + e.getMessage());
            shutdown(null);
            return 1;
        }
        log.append("Starting control daemon using socket " + control);
        log.append("To connect CUDA applications to this daemon, set env CUDA_MPS_PIPE_DIRECTORY=" + pipe);
        sockets.startAccepting();
        faults.startDying(servers);
        try {
            exit.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /**
     * Stops the servers, closes the listening sockets and removes the {@code log} FIFO and the pid file,
     * leaving the socket files and control_lock behind as the real daemon does. Runs once;
     * {@code message} (if any) is logged last.
     */
    private void shutdown(String message) {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        servers.stopAll();
        if (message != null) {
            log.append(message);
        }
        sockets.close();
        LogFifo fifo = logFifo;
        if (fifo != null) {
            fifo.close();
        }
        try {
            Files.deleteIfExists(pipe.resolve(LOG_FIFO));
        } catch (IOException e) {
            // left behind, as after a crash
        }
        ControlLock held = lock;
        if (held != null) {
            held.release(true);
        }
    }
}
