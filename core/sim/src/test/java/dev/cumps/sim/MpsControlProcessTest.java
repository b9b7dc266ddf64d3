package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.sim.testing.SimHost;
import dev.cumps.sim.testing.SimulatedHostExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code nvidia-cuda-mps-control} stand-in and its daemon, as real processes on a private simulated host. */
@ExtendWith(SimulatedHostExtension.class)
class MpsControlProcessTest {

    private static final Pattern LOG_LINE = Pattern.compile(
            "\\[\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3} Control +(\\d+)] .+");
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;

    private SimMachine machine;

    @BeforeEach
    void install(SimHost host) throws IOException {
        machine = new SimMachine(host, SimConfig.defaults(2));
    }

    @Test
    void daemonizeReturnsAtOnceAndLeavesANamedDaemonOnItsSocket() throws Exception {
        SimMachine.Run run = machine.mps(null, "-d");

        // -d came back (within SimMachine's limit) before its daemon was even up: it forks and returns.
        assertEquals(0, run.exitCode(), run.toString());
        SimMachine.awaitTrue("both control sockets", SimMachine.PATIENCE,
                () -> Files.exists(machine.pipe.resolve("control")) && Files.exists(machine.pipe.resolve("control_privileged")));
        long pid = machine.daemonPid().orElseThrow();
        assertTrue(isSocket(machine.pipe.resolve("control")));
        assertTrue(isSocket(machine.pipe.resolve("control_privileged")));
        assertTrue(Files.isRegularFile(machine.pipe.resolve("control_lock")));
        assertEquals(Long.toString(pid), Files.readString(machine.pipe.resolve("nvidia-cuda-mps-control.pid")));
        assertTrue(SimMachine.running(pid));
        assertEquals("nvidia-cuda-mps", SimMachine.comm(pid));
    }

    /**
     * NVIDIA's {@code -d} forks its daemon from itself, so the daemon bears the MPS process name as soon
     * as {@code -d} has returned, and a start undone right then (its caller cancelled it) finds it by
     * that name and ends it. A stand-in daemon still starting as a "java" process was not found, and
     * was left running behind a console closed while its demo started. Both stand-ins, Python's and Java's.
     */
    @ParameterizedTest(name = "java stand-in: {0}")
    @ValueSource(booleans = {false, true})
    void onceDashDHasReturnedItsDaemonBearsTheMpsProcessName(boolean java, SimHost host) throws Exception {
        if (java) {
            host.configureJava(SimConfig.defaults(2));
        }
        String servesThisPipe = "CUDA_MPS_PIPE_DIRECTORY=" + machine.pipe;

        assertEquals(0, machine.mps(null, "-d").exitCode());

        // Right after -d, the daemon is there under NVIDIA's name. (Once, on a machine with both cores busy, a second
        // process with the pipe's environment was still listed at that instant; it has to be gone soon after.)
        List<Long> rightAfter = serving(host, servesThisPipe);
        rightAfter.forEach(machine::remember);
        List<Long> named = rightAfter.stream().filter(pid -> MpsControlMain.DAEMON_NAME.equals(SimMachine.comm(pid))).toList();
        assertEquals(1, named.size(), "processes serving the pipe right after -d, with their names: " + names(rightAfter));
        SimMachine.awaitTrue("the daemon alone serving the pipe", SimMachine.PATIENCE,
                () -> serving(host, servesThisPipe).equals(named));
    }

    private static List<Long> serving(SimHost host, String servesThisPipe) {
        return host.runningHere().stream().filter(pid -> SimHost.environ(pid).contains(servesThisPipe)).toList();
    }

    private static List<String> names(List<Long> pids) {
        return pids.stream().map(pid -> pid + " " + SimMachine.comm(pid)).toList();
    }

    @Test
    void withoutPipeAndLogVariablesTheDaemonServesTheSimulatedHostsOwnDefaultDirectories(SimHost host) throws Exception {
        // NVIDIA's tools go to /tmp/nvidia-mps and /var/log/nvidia-mps; the simulated host's are in its folder.
        machine.env.remove("CUDA_MPS_PIPE_DIRECTORY");
        machine.env.remove("CUDA_MPS_LOG_DIRECTORY");
        Path pipe = host.nvidiaPipeDirectory();
        Path log = pipe.resolveSibling("nvidia-log");

        assertEquals(0, machine.mps(null, "-d").exitCode());
        SimMachine.awaitTrue("the daemon's pid file in the host's default pipe directory", SimMachine.PATIENCE,
                () -> Files.exists(pipe.resolve("nvidia-cuda-mps-control.pid")) && Files.exists(pipe.resolve("control")));
        long pid = Long.parseLong(Files.readString(pipe.resolve("nvidia-cuda-mps-control.pid")).strip());
        machine.remember(pid);
        assertTrue(isSocket(pipe.resolve("control")));
        SimMachine.awaitTrue("control.log in the host's default log directory", SimMachine.PATIENCE,
                () -> Files.exists(log.resolve("control.log")));

        // The client without the variable finds that daemon too, and quits it.
        assertEquals(0, machine.mps("quit\n").exitCode());
        SimMachine.awaitTrue("daemon exit", SimMachine.PATIENCE, () -> !SimMachine.running(pid));
    }

    @Test
    void startedServerAppearsInTheServerList() throws Exception {
        machine.startDaemon();
        assertEquals(new SimMachine.Run(0, "", "", false, Duration.ZERO),
                withoutTime(machine.mps("get_server_list\n")));
        long uid = ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();

        SimMachine.Run run = machine.mps("start_server -uid " + uid + "\nget_server_list\n");

        assertEquals(0, run.exitCode(), run.toString());
        List<String> lines = run.stdout().lines().toList();
        assertEquals(1, lines.size(), run.stdout());
        long server = Long.parseLong(lines.get(0));
        machine.remember(server);
        assertTrue(SimMachine.running(server));
        SimMachine.awaitTrue("server to name itself", SimMachine.PATIENCE,
                () -> "nvidia-cuda-mps".equals(SimMachine.comm(server)));
        assertTrue(machine.controlLog().contains("Starting new server " + server + " for user " + uid),
                machine.controlLog());
    }

    @Test
    void quitStopsDaemonAndServersButLeavesTheSockets() throws Exception {
        long pid = machine.startDaemon();
        machine.mps("start_server -uid 0\n");
        long server = Long.parseLong(machine.mps("get_server_list\n").stdout().strip());
        machine.remember(server);

        SimMachine.Run run = machine.mps("quit\n");

        assertEquals(new SimMachine.Run(0, "", "", false, Duration.ZERO), withoutTime(run));
        SimMachine.awaitTrue("daemon exit", SimMachine.PATIENCE, () -> !SimMachine.running(pid));
        assertFalse(SimMachine.running(server));
        assertTrue(isSocket(machine.pipe.resolve("control")));
        assertTrue(isSocket(machine.pipe.resolve("control_privileged")));
        assertTrue(machine.controlLog().strip().endsWith("Exit with status 0"), machine.controlLog());
        assertFalse(Files.exists(machine.pipe.resolve("log"), LinkOption.NOFOLLOW_LINKS), "the log FIFO goes on quit");
        SimMachine.Run after = machine.mps("get_server_list\n");
        assertEquals(1, after.exitCode());
        assertEquals(MpsControlMain.NO_DAEMON + "\n", after.stderr());
    }

    @Test
    void secondDaemonIsRefusedWhileTheFirstAnswers() throws Exception {
        long first = machine.startDaemon();

        SimMachine.Run run = machine.mps(null, "-d");

        assertEquals(1, run.exitCode(), run.toString());
        assertEquals(MpsControlMain.ALREADY_RUNNING + "\n", run.stdout());
        assertEquals(first, machine.daemonPid().orElseThrow());
    }

    @Test
    void clientWithoutDaemonCannotFindIt() throws Exception {
        SimMachine.Run run = machine.mps("get_server_list\n");

        assertEquals(1, run.exitCode(), run.toString());
        assertEquals("", run.stdout());
        assertEquals(MpsControlMain.NO_DAEMON + "\n", run.stderr());
    }

    @Test
    void controlLogUsesNvidiaLineFormat() throws Exception {
        long pid = machine.startDaemon();
        // Each connection is logged by its own thread: wait for the line that ends one (startDaemon's
        // probe, which connects and goes before the greeting's answer, then the client) before the next connects, or
        // it can land among the next one's lines.
        awaitLogLine("User did not send valid credentials");
        machine.mps("get_server_list\nset_default_active_thread_percentage 25\nno_such_command\n");
        awaitLogLine("UI closed");
        assertEquals("25.0\n", machine.mps("get_default_active_thread_percentage\n").stdout());

        List<String> lines = machine.controlLog().lines().toList();

        for (String line : lines) {
            Matcher matcher = LOG_LINE.matcher(line);
            assertTrue(matcher.matches(), line);
            assertEquals(pid, Long.parseLong(matcher.group(1)), line);
        }
        List<String> messages = lines.stream().map(l -> l.substring(l.indexOf("] ") + 2)).toList();
        assertEquals("Starting control daemon using socket " + machine.pipe.resolve("control"), messages.get(0));
        // One connection per client run, as NVIDIA's client makes it: its commands share one NEW UI ... UI closed.
        int first = messages.indexOf("Cmd:get_server_list");
        assertEquals(List.of("Accepting connection...", "NEW UI", "Cmd:get_server_list",
                "Cmd:set_default_active_thread_percentage 25", "25.0", "Cmd:no_such_command",
                "Unknown command \"no_such_command\"", "UI closed"), messages.subList(first - 2, first + 6));
    }

    private void awaitLogLine(String message) throws InterruptedException {
        SimMachine.awaitTrue("control.log line " + message, SimMachine.PATIENCE, () -> {
            try {
                return machine.controlLog().lines().anyMatch(l -> l.endsWith("] " + message));
            } catch (IOException e) {
                return false;
            }
        });
    }

    @Test
    void launchFailsLogsAnErrorAndBindsNothing() throws Exception {
        machine.env.put("CUMPS_SIM_MPS_FAULT", "launch-fails");

        SimMachine.Run run = machine.mps(null, "-d");

        assertEquals(0, run.exitCode(), "-d forks and returns like the real one: " + run);
        SimMachine.awaitTrue("failure in control.log", SimMachine.PATIENCE, () -> log().contains("Failed"));
        assertTrue(LOG_LINE.matcher(log().strip()).matches(), log());
        assertFalse(Files.exists(machine.pipe.resolve("control")));
        assertEquals(1, machine.mps("get_server_list\n").exitCode());
    }

    @Test
    void noAnswerAcceptsButNeverReplies() throws Exception {
        machine.env.put("CUMPS_SIM_MPS_FAULT", "no-answer");
        long pid = machine.startDaemon();

        SimMachine.Run run = machine.run(SimTools.MPS_CONTROL, "get_server_list\n", Duration.ofSeconds(2));

        assertTrue(run.timedOut(), run.toString());
        assertTrue(SimMachine.running(pid));
    }

    @Test
    void diesLeavesItsFilesBehindAndANewDaemonCanStart() throws Exception {
        machine.env.put("CUMPS_SIM_MPS_FAULT", "dies");
        long pid = machine.startDaemon();
        assertEquals(0, machine.mps("get_server_list\n").exitCode());

        SimMachine.awaitTrue("daemon death", SimMachine.PATIENCE, () -> !SimMachine.running(pid));

        assertTrue(isSocket(machine.pipe.resolve("control")));
        assertEquals(pid, machine.daemonPid().orElseThrow());
        assertEquals(MpsControlMain.NO_DAEMON + "\n", machine.mps("get_server_list\n").stderr());
        machine.env.remove("CUMPS_SIM_MPS_FAULT");
        long second = machine.startDaemon();
        assertTrue(second != pid && SimMachine.running(second));
        assertEquals(0, machine.mps("get_server_list\n").exitCode());
    }

    @Test
    void slowDaemonBindsOnlyAfterItsDelay() throws Exception {
        machine.env.put("CUMPS_SIM_MPS_FAULT", "slow");
        machine.env.put("CUMPS_SIM_MPS_SLOW_MS", "2000");

        assertEquals(0, machine.mps(null, "-d").exitCode());

        SimMachine.awaitTrue("pid file", SimMachine.PATIENCE, () -> {
            try {
                return machine.daemonPid().isPresent();
            } catch (IOException e) {
                return false;
            }
        });
        assertFalse(Files.exists(machine.pipe.resolve("control")));
        SimMachine.awaitTrue("control socket", SimMachine.PATIENCE,
                () -> Files.exists(machine.pipe.resolve("control")));
        assertEquals(0, machine.mps("get_server_list\n").exitCode());
    }

    @Test
    void foregroundDaemonCleansUpOnSigterm() throws Exception {
        Path out = machine.root.resolve("fg.out");
        ProcessBuilder builder = new ProcessBuilder(machine.bin.resolve(SimTools.MPS_CONTROL).toString(), "-f")
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(machine.environment());
        Process daemon = builder.start();
        machine.remember(daemon.pid());
        SimMachine.awaitTrue("control socket", SimMachine.PATIENCE,
                () -> Files.exists(machine.pipe.resolve("control")));
        assertEquals(daemon.pid(), machine.daemonPid().orElseThrow());

        daemon.destroy();

        assertTrue(daemon.waitFor(SimMachine.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        String logged = Files.readString(out);
        assertTrue(logged.contains("Received signal, exiting"), logged); // -f logs to stdout, not to control.log
        assertEquals("", machine.controlLog());
        assertTrue(isSocket(machine.pipe.resolve("control")));
    }

    private String log() {
        try {
            return machine.controlLog();
        } catch (IOException e) {
            return "";
        }
    }

    private static SimMachine.Run withoutTime(SimMachine.Run run) {
        return new SimMachine.Run(run.exitCode(), run.stdout(), run.stderr(), run.timedOut(), Duration.ZERO);
    }

    private static boolean isSocket(Path path) throws IOException {
        return Files.exists(path) && ((Integer) Files.getAttribute(path, "unix:mode") & S_IFMT) == S_IFSOCK;
    }
}
