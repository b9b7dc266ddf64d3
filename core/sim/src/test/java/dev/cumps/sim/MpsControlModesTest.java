package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.sim.testing.SimHost;
import dev.cumps.sim.testing.SimulatedHostExtension;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How {@code nvidia-cuda-mps-control}'s arguments are read, as NVIDIA's programs read them (measured with R470, R535,
 * R550 and R555; held to them by src-test's {@code ControlDaemonConformanceTest}): {@code -f} logs to stdout and writes
 * no log file, words that are no option are ignored by the client (R470 to R550) or refused with the banner (R555),
 * {@code -h} prints the branch's banner. Both launchers, Python's and the JVM's.
 */
@ExtendWith(SimulatedHostExtension.class)
class MpsControlModesTest {

    private static final Pattern LOG_LINE = Pattern.compile(
            "\\[\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3} (Control|Other) +(\\d+)] (.*)");

    private static SimMachine machine(SimHost host, String launcher, DriverProfile profile) throws IOException {
        SimConfig config = SimConfig.defaults(1).withDriver(profile);
        SimMachine machine = new SimMachine(host, config);
        if (launcher.equals("java")) {
            host.configureJava(config);
        }
        Files.createDirectories(machine.pipe);
        Files.createDirectories(machine.logs);
        return machine;
    }

    @ParameterizedTest(name = "{0} stand-in, R{1}")
    @CsvSource({"python, 470", "python, 550", "java, 535", "java, 555"})
    void foregroundLogsToStdoutAndWritesNoLogFile(String launcher, String branch, SimHost host) throws Exception {
        DriverProfile profile = DriverProfile.of(branch);
        SimMachine machine = machine(host, launcher, profile);
        Path out = machine.root.resolve("fg.out");
        Path err = machine.root.resolve("fg.err");
        ProcessBuilder builder = new ProcessBuilder(machine.bin.resolve(SimTools.MPS_CONTROL).toString(), "-f")
                .redirectInput(new File("/dev/null")).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().clear();
        builder.environment().putAll(machine.environment());
        Process daemon = builder.start();
        machine.remember(daemon.pid());
        SimMachine.awaitTrue("the start on stdout", SimMachine.PATIENCE,
                () -> read(out).contains("To connect CUDA applications") && Files.exists(machine.pipe.resolve("control")));

        assertEquals(List.of(), entries(machine.logs), "no control.log, no server.log");
        Path pidFile = machine.pipe.resolve(ControlLock.PID_FILE);
        assertEquals(profile.writesPidFile(), Files.exists(pidFile), "a pid file exactly where the branch writes one");
        if (profile.writesPidFile()) {
            assertEquals(Long.toString(daemon.pid()), Files.readString(pidFile));
        }
        assertEquals("100.0\n", machine.mps("get_default_active_thread_percentage\n").stdout());
        SimMachine.awaitTrue("UI closed on stdout", SimMachine.PATIENCE, () -> read(out).contains("] UI closed"));
        SimMachine.Run second = machine.mps(null, "-d");
        assertEquals(new SimMachine.Run(1, "An instance of this daemon is already running\n", "", false, second.took()), second);
        SimMachine.awaitTrue("the refused -d's line, through the log FIFO, on stdout", SimMachine.PATIENCE,
                () -> read(out).contains(" Other "));
        assertEquals(0, machine.mps("quit\n").exitCode());

        assertTrue(daemon.waitFor(SimMachine.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(0, daemon.exitValue());
        assertEquals("", read(err));
        List<String> messages = read(out).lines().map(line -> {
            Matcher m = LOG_LINE.matcher(line);
            assertTrue(m.matches(), line);
            long pid = Long.parseLong(m.group(2));
            assertEquals(m.group(1).equals("Control"), pid == daemon.pid(), "the process started is the daemon: " + line);
            return m.group(1) + " " + m.group(3);
        }).toList();
        assertEquals(List.of("Control Starting control daemon using socket " + machine.pipe.resolve("control"),
                "Control To connect CUDA applications to this daemon, set env CUDA_MPS_PIPE_DIRECTORY=" + machine.pipe,
                "Control Accepting connection...", "Control NEW UI", "Control Cmd:get_default_active_thread_percentage",
                "Control 100.0", "Control UI closed", "Other Using log directory: " + machine.logs,
                "Control Accepting connection...", "Control NEW UI", "Control Cmd:quit", "Control Exit with status 0"), messages);
        assertEquals(List.of(), entries(machine.logs), "still no log file after quit");
        assertEquals(List.of("control", "control_lock", "control_privileged"), entries(machine.pipe));
    }

    @ParameterizedTest(name = "{0} stand-in")
    @ValueSource(strings = {"python", "java"})
    void theClientIgnoresArgumentsThatAreNoOptionAndReadsStdin(String launcher, SimHost host) throws Exception {
        SimMachine machine = machine(host, launcher, DriverProfile.NEWEST);
        String ask = "get_default_active_thread_percentage\n";

        assertEquals(new SimMachine.Run(1, "", "Cannot find MPS control daemon process\n", false, Duration.ZERO),
                withoutTime(machine.mps(null, "get_server_list")));
        machine.startDaemon();
        for (String[] args : List.of(new String[] {"get_server_list"}, new String[] {"quit"}, new String[] {"-x"},
                new String[] {"-d", "extra"}, new String[] {"-f", "now"}, new String[] {"-h", "x"})) {
            assertEquals(new SimMachine.Run(0, "100.0\n", "", false, Duration.ZERO), withoutTime(machine.mps(ask, args)),
                    String.join(" ", args));
        }
        SimMachine.awaitTrue("the last client's UI closed", SimMachine.PATIENCE, () -> log(machine).endsWith("] UI closed\n"));
        int before = machine.controlLog().lines().toList().size();
        assertEquals(new SimMachine.Run(0, "", "", false, Duration.ZERO),
                withoutTime(machine.mps(null, "get_server_list")), "an empty stdin: nothing asked, nothing printed");
        SimMachine.awaitTrue("UI closed", SimMachine.PATIENCE, () -> log(machine).endsWith("] UI closed\n"));
        assertEquals(List.of("Accepting connection...", "NEW UI", "UI closed"), machine.controlLog().lines().skip(before)
                .map(line -> line.substring(line.indexOf("] ") + 2)).toList(), "as NVIDIA's daemon logs a client without commands");
        assertEquals(0, machine.mps("quit\n").exitCode());
    }

    /** R555, unlike the older branches, refuses arguments that are no option: its banner on stdout, exit 1, no connection. */
    @ParameterizedTest(name = "{0} stand-in")
    @ValueSource(strings = {"python", "java"})
    void r555RefusesArgumentsThatAreNoOptionWithItsBanner(String launcher, SimHost host) throws Exception {
        SimMachine machine = machine(host, launcher, DriverProfile.R555);
        SimMachine.Run refused = new SimMachine.Run(1, banner("2024"), "", false, Duration.ZERO);

        assertEquals(refused, withoutTime(machine.mps(null, "get_server_list")), "without a daemon");
        machine.startDaemon();
        for (String[] args : List.of(new String[] {"get_server_list"}, new String[] {"-d", "extra"}, new String[] {"-x"})) {
            assertEquals(refused, withoutTime(machine.mps("get_default_active_thread_percentage\n", args)), String.join(" ", args));
        }
        assertEquals("100.0\n", machine.mps("get_default_active_thread_percentage\n").stdout());
        SimMachine.awaitTrue("UI closed", SimMachine.PATIENCE, () -> log(machine).endsWith("] UI closed\n"));
        assertEquals(1, machine.controlLog().lines().filter(line -> line.endsWith("] NEW UI")).count(),
                "only the run without arguments connected: " + machine.controlLog());
        assertEquals(0, machine.mps("quit\n").exitCode());
    }

    @ParameterizedTest(name = "{0} stand-in, R{1}")
    @CsvSource({"python, 470, 2017", "python, 555, 2024", "java, 535, 2023", "java, 470, 2017"})
    void helpPrintsTheBannerOfTheBranch(String launcher, String branch, String year, SimHost host) throws Exception {
        SimMachine machine = machine(host, launcher, DriverProfile.of(branch));

        for (String option : List.of("-h", "--help")) {
            assertEquals(new SimMachine.Run(0, banner(year), "", false, Duration.ZERO), withoutTime(machine.mps(null, option)));
        }
    }

    private static String banner(String year) {
        return "CUDA MPS Control for Linux/Unix.\nCopyright (C) 2003 - " + year + " NVIDIA Corporation.\n\n"
                + "  This program allows multiple CUDA processes to share a single GPU context. For information on how to use "
                + "the CUDA MPS, see the nvidia-cuda-mps-control manual page.\n\n";
    }

    private static SimMachine.Run withoutTime(SimMachine.Run run) {
        return new SimMachine.Run(run.exitCode(), run.stdout(), run.stderr(), run.timedOut(), Duration.ZERO);
    }

    private static String log(SimMachine machine) {
        try {
            return machine.controlLog();
        } catch (IOException e) {
            return "";
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    private static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
