package dev.cumps.sim;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * The control daemon stand-in, run by {@code nvidia-cuda-mps-control -d} (detached) or {@code -f}.
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
 *
 * <p>Wire protocol (ours, not NVIDIA's): a client connects to {@code control}, writes one command
 * line and shuts down its output; the daemon writes the answer and closes the connection.
 */
final class MpsControlDaemon {

    static final String PID_FILE = "nvidia-cuda-mps-control.pid";
    static final String LOCK_FILE = "control_lock";
    static final String INVALID_COMMAND = "Invalid command";
    /** How long after start a {@link MpsFault#DIES} daemon dies. */
    static final long DIES_AFTER_MILLIS = 1500;
    /**
     * With the {@link MpsFault#DIES} fault: a file; the daemon dies as soon as it exists (if it exists at
     * start, before binding its sockets) instead of after {@link #DIES_AFTER_MILLIS}. Lets a test decide
     * exactly when the daemon dies.
     */
    static final String ENV_DIE_FILE = "CUMPS_SIM_MPS_DIE_FILE";

    private final SimConfig config;
    private final Map<String, String> env;
    private final Path pipe;
    private final ControlLog log;
    private final long pid = ProcessHandle.current().pid();
    private final Map<Long, Process> servers = new ConcurrentHashMap<>();
    private final List<ServerSocketChannel> listeners = new CopyOnWriteArrayList<>();
    private final List<SocketChannel> heldConnections = new CopyOnWriteArrayList<>();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final CountDownLatch exit = new CountDownLatch(1);
    private volatile String defaultActiveThreadPercentage = "100.0";
    private FileChannel lockChannel;

    private MpsControlDaemon(SimConfig config, Map<String, String> env, boolean foreground) {
        this.config = config;
        this.env = env;
        this.pipe = MpsControlMain.pipeDirectory(env);
        this.log = new ControlLog(MpsControlMain.logDirectory(env).resolve("control.log"), "Control", pid,
                foreground ? new PrintStream(System.out, true, StandardCharsets.UTF_8) : null);
    }

    /** Runs a daemon until {@code quit} and returns its exit status; problems go to stderr and control.log. */
    static int runAndReport(Map<String, String> env, boolean foreground) {
        ProcName.set("nvidia-cuda-mps");
        SimConfig config;
        try {
            config = SimConfig.fromEnvironment(env);
        } catch (IOException | RuntimeException e) {
            System.err.println("cumps-sim: nvidia-cuda-mps-control stand-in: " + e.getMessage());
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
        if (config.mpsFault() == MpsFault.LAUNCH_FAILS) {
            log.append("Failed to start: error opening pipe directory " + pipe + ": cannot open pipe directory");
            return 1;
        }
        try {
            Files.createDirectories(pipe);
            lockChannel = FileChannel.open(pipe.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = lockChannel.tryLock();
            if (lock == null) {
                System.err.println(MpsControlMain.ALREADY_RUNNING);
                log.append("Failed to start: error, " + MpsControlMain.ALREADY_RUNNING.toLowerCase(Locale.ROOT));
                return 1;
            }
            Files.writeString(pipe.resolve(PID_FILE), pid + "\n");
        } catch (IOException e) {
            log.append("Failed to start: error opening pipe directory " + pipe + ": " + e.getMessage());
            return 1;
        }
        Optional<Path> dieFile = dieFile();
        if (dieFile.isPresent() && Files.exists(dieFile.get())) {
            Runtime.getRuntime().halt(1); // the DIES fault, told to die before it ever serves
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown("Received signal, exiting"), "mps-exit"));
        if (config.mpsFault() == MpsFault.SLOW) {
            sleep(config.mpsSlowMillis());
        }
        Path control = pipe.resolve("control");
        try {
            bind(control);
            bind(pipe.resolve("control_privileged"));
        } catch (IOException e) {
            log.append("Failed to start: error binding socket " + control + ": " + e.getMessage());
            shutdown(null);
            return 1;
        }
        log.append("Starting control daemon using socket " + control);
        log.append("To connect CUDA applications to this daemon, set env CUDA_MPS_PIPE_DIRECTORY=" + pipe);
        for (ServerSocketChannel listener : listeners) {
            Thread acceptor = new Thread(() -> accept(listener), "mps-accept");
            acceptor.setDaemon(true);
            acceptor.start();
        }
        if (config.mpsFault() == MpsFault.DIES) {
            Thread death = new Thread(this::die, "mps-dies");
            death.setDaemon(true);
            death.start();
        }
        try {
            exit.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private void bind(Path socket) throws IOException {
        Files.deleteIfExists(socket); // a socket file left by a daemon that died
        ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listeners.add(listener);
        listener.bind(UnixDomainSocketAddress.of(socket));
    }

    private void accept(ServerSocketChannel listener) {
        while (true) {
            SocketChannel connection;
            try {
                connection = listener.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!listener.isOpen()) {
                    return;
                }
                continue;
            }
            log.append("Accepting connection...");
            if (config.mpsFault() == MpsFault.NO_ANSWER) {
                heldConnections.add(connection); // never read, never answered, never closed
                continue;
            }
            Thread handler = new Thread(() -> serve(connection), "mps-ui");
            handler.setDaemon(true);
            handler.start();
        }
    }

    private void serve(SocketChannel connection) {
        boolean quit = false;
        try (connection) {
            BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(connection),
                    StandardCharsets.UTF_8));
            String command = in.readLine();
            if (command == null) {
                log.append("Unable to read new connection type information");
                return;
            }
            command = command.strip();
            log.append("NEW UI");
            log.append("Cmd:" + command);
            quit = command.equals("quit");
            String reply = quit ? "" : execute(command);
            for (String line : reply.lines().toList()) {
                log.append(line);
            }
            if (quit) {
                shutdown("Exit");
            }
            connection.write(ByteBuffer.wrap(reply.getBytes(StandardCharsets.UTF_8)));
            if (!quit) {
                log.append("UI closed");
            }
        } catch (IOException e) {
            log.append("UI closed");
        } finally {
            if (quit) {
                exit.countDown();
            }
        }
    }

    /** Answers one command; the answer ends with a newline unless empty. */
    private String execute(String command) {
        String[] words = command.split("\\s+");
        switch (words[0]) {
            case "get_server_list":
                return lines(servers.entrySet().stream().filter(e -> e.getValue().isAlive())
                        .map(Map.Entry::getKey).sorted().map(String::valueOf).toList());
            case "start_server":
                if (words.length == 3 && words[1].equals("-uid") && words[2].matches("\\d+")) {
                    return startServer(Long.parseLong(words[2]));
                }
                return INVALID_COMMAND + "\n";
            case "get_client_list":
            case "get_device_client_list":
                return "";
            case "get_default_active_thread_percentage":
                return defaultActiveThreadPercentage + "\n";
            case "set_default_active_thread_percentage":
                if (words.length == 2) {
                    try {
                        double value = Double.parseDouble(words[1]);
                        if (value >= 0 && value <= 100) {
                            defaultActiveThreadPercentage = String.valueOf(value);
                            return defaultActiveThreadPercentage + "\n";
                        }
                    } catch (NumberFormatException e) {
                        // falls through to the error
                    }
                }
                return INVALID_COMMAND + "\n";
            default:
                return INVALID_COMMAND + "\n";
        }
    }

    private String startServer(long uid) {
        synchronized (servers) {
            for (Process server : servers.values()) {
                if (server.isAlive()) {
                    log.append("Server " + server.pid() + " already exists");
                    return "";
                }
            }
            List<String> command = new ArrayList<>();
            command.add(SimTools.javaExecutable());
            command.addAll(SimTools.JVM_FLAGS);
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(MpsServerMain.class.getName());
            command.add(Long.toString(uid));
            try {
                Process server = new ProcessBuilder(command)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                servers.put(server.pid(), server);
                log.append("Starting new server " + server.pid() + " for user " + uid);
                log.append("NEW SERVER " + server.pid() + ": Ready");
                server.onExit().thenAccept(p -> {
                    if (!stopped.get()) {
                        log.append("Server " + p.pid() + " exited with status " + p.exitValue());
                    }
                });
                return "";
            } catch (IOException e) {
                log.append("Failed to start server for user " + uid + ": error " + e.getMessage());
                return "";
            }
        }
    }

    /**
     * Stops the servers and closes the listening sockets, leaving the socket files, the pid file and
     * control_lock behind as the real daemon does. Runs once; {@code message} (if any) is logged last.
     */
    private void shutdown(String message) {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        stopServers();
        if (message != null) {
            log.append(message);
        }
        for (ServerSocketChannel listener : listeners) {
            try {
                listener.close(); // closing does not unlink the socket file
            } catch (IOException e) {
                // already closed
            }
        }
        if (lockChannel != null) {
            try {
                lockChannel.close();
            } catch (IOException e) {
                // released with the process anyway
            }
        }
    }

    private void stopServers() {
        for (Process server : servers.values()) {
            server.destroy();
        }
        for (Process server : servers.values()) {
            try {
                if (!server.waitFor(2, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * With the {@link MpsFault#DIES} fault, the file whose appearance kills the daemon
     * ({@value #ENV_DIE_FILE}); without it the daemon dies {@value #DIES_AFTER_MILLIS} ms after start.
     */
    private Optional<Path> dieFile() {
        String file = env.get(ENV_DIE_FILE);
        return config.mpsFault() != MpsFault.DIES || file == null || file.isBlank() ? Optional.empty() : Optional.of(Path.of(file));
    }

    /** The {@link MpsFault#DIES} fault: its servers go, then the daemon vanishes without cleaning up. */
    private void die() {
        Optional<Path> trigger = dieFile();
        if (trigger.isPresent()) {
            while (!Files.exists(trigger.get())) {
                sleep(20);
            }
        } else {
            sleep(DIES_AFTER_MILLIS);
        }
        for (Process server : servers.values()) {
            server.destroyForcibly();
        }
        Runtime.getRuntime().halt(1);
    }

    private static String lines(List<String> values) {
        return values.isEmpty() ? "" : values.stream().collect(Collectors.joining("\n", "", "\n"));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
