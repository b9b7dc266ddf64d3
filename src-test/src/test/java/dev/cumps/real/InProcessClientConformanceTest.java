package dev.cumps.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.live.ControlReplies;
import dev.cumps.core.mps.ControlClient;
import dev.cumps.core.mps.ControlProtocol;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import dev.cumps.sim.DriverProfile;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimToolOptions;
import dev.cumps.sim.SimTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * cumps's in-process control client ({@link ControlProtocol} over {@link UnixSeqPacket}) against NVIDIA's
 * {@code nvidia-cuda-mps-control}, on each real driver branch of {@code src-test/real-nvidia/branches.txt}: one real
 * daemon, the same questions asked through NVIDIA's client and through ours (as root, on {@code control_privileged},
 * and as an ordinary user's client does, on {@code control}), and the answers must be identical: exit code, stdout
 * and stderr. Then what must not pass: one byte of our framing changed no longer gets NVIDIA's answer; a daemon
 * whose answer we do not expect (one byte changed on the way in) is asked again through NVIDIA's program; a daemon
 * that quits while we ask is reported as NVIDIA's client reports it. And the simulator's control daemon, asked through
 * our client, sends NVIDIA's messages byte for byte. Missing binaries fail the test; it never skips.
 */
class InProcessClientConformanceTest {
    private static final Duration PATIENCE = Duration.ofSeconds(120);
    /** How long our client may take for one question (a daemon that does not take our bytes stays silent; measured). */
    private static final Duration ANSWER = Duration.ofSeconds(20);
    private static final Pattern READY = Pattern.compile(
            "^\\[[^]]* Control +(\\d+)\\] To connect CUDA applications to this daemon", Pattern.MULTILINE);

    /** Every question {@code ControlDaemonConformanceTest} asks one at a time, limits set and read among them. */
    private static final List<String> QUESTIONS = List.of(
            "get_server_list",
            "get_server_status",
            "get_server_status 12345",
            "get_client_list 12345",
            "get_client_list",
            "get_default_active_thread_percentage",
            "set_default_active_thread_percentage 50",
            "get_default_active_thread_percentage",
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
            "get_device_client_list 12345",
            // several on one connection, as cumps batches them; a blank line and blanks around a command among them
            "get_default_active_thread_percentage\nbogus\n\n   get_server_list   \nget_server_status\nset_default_active_thread_percentage 50",
            ControlReplies.batch(List.of("get_server_list", "get_server_status 12345", "get_client_list 12345", "get_device_client_list",
                    "get_server_status", "get_default_active_thread_percentage")));

    private Path root;
    private final List<Long> daemons = new ArrayList<>();
    private final List<Long> startTimes = new ArrayList<>();
    private final List<Path> pipes = new ArrayList<>();
    private final List<Path> daemonPipes = new ArrayList<>();
    /** The program each daemon was started with: its client quits it. */
    private final List<Path> daemonPrograms = new ArrayList<>();

    static Stream<Arguments> branches() throws IOException {
        String file = System.getProperty("cumps.real.branches");
        assertTrue(file != null && !file.isBlank(), "system property cumps.real.branches is not set: run through Maven (src-test/pom.xml)");
        List<String> branches = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8).stream().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#")).map(line -> line.split("\\s+")[0]).toList();
        assertFalse(branches.isEmpty(), file + " lists no branch");
        return branches.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void ourClientAnswersAsNvidiasDoes(String branch) throws Exception {
        Path real = realControl(branch);
        Path pipe = startDaemon(real);
        StringBuilder differences = new StringBuilder();
        int asked = 0;
        for (String question : QUESTIONS) {
            CommandResult nvidia = nvidia(real, pipe, question);
            assertEquals(CommandResult.Outcome.EXITED, nvidia.outcome(), question + ": NVIDIA's client " + nvidia);
            // As root, NVIDIA's client asks on control_privileged; on control, R550 and later refuse root's settings
            // ("Insufficient privileges for UID 0"), so there only the questions that change nothing are compared.
            for (boolean asRoot : question.contains("set_") ? List.of(true) : List.of(true, false)) {
                CommandResult ours = ours(real, pipe, asRoot, noFallback()).ask(pipe, pipe, question, ANSWER);
                asked++;
                if (ours.outcome() == CommandResult.Outcome.TIMED_OUT) {
                    fail("our client got no answer to " + question.replace("\n", "\\n") + " within " + ANSWER + " from R" + branch
                            + " (NVIDIA's: " + nvidia + ")");
                }
                if (!same(nvidia, ours)) {
                    differences.append("== ").append(question.replace("\n", "\\n")).append(asRoot ? " (control_privileged)" : " (control)")
                            .append("\n  NVIDIA: ").append(nvidia).append("\n  ours:   ").append(ours).append('\n');
                }
            }
        }
        if (!differences.isEmpty()) {
            fail("our client differs from NVIDIA's nvidia-cuda-mps-control R" + branch + ":\n" + differences);
        }
        assertEquals(QUESTIONS.size() * 2 - QUESTIONS.stream().filter(q -> q.contains("set_")).count(), asked);
        if (branch.equals("470")) {
            assertTrue(nvidia(real, pipe, "get_default_device_pinned_mem_limit 0").stdout()
                    .contains("Unknown command \"get_default_device_pinned_mem_limit\""), "R470 refuses the pinned memory commands");
        }
    }

    /** One byte of what we send, changed: NVIDIA's daemon no longer gives NVIDIA's answer (the comparison above would fail). */
    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void oneByteOfOurFramingChangedFailsTheComparison(String branch) throws Exception {
        Path real = realControl(branch);
        Path pipe = startDaemon(real);
        String question = "get_default_active_thread_percentage\nbogus";
        CommandResult nvidia = nvidia(real, pipe, question);
        Optional<ControlProtocol.Exchange> intact = Optional.of(new ControlProtocol(UnixSeqPacket::connect, true)
                .ask(pipe, List.of(question.split("\n")), deadline(), 1 << 20));
        assertEquals(Optional.of(new ControlProtocol.Exchange.Answered(nvidia.stdout())), intact, "unchanged, the same answer");
        // message 2 is the connection type word, 3 the first command's length word, 5 the second's (the text of
        // message 1, OUTBCRED, is not read by any branch: a changed byte there still gets the answer, measured)
        for (int[] change : List.of(new int[] {2, 0}, new int[] {3, 0}, new int[] {5, 0})) {
            ControlProtocol broken = new ControlProtocol(path -> new Tampered(UnixSeqPacket.connect(path), change[0], change[1], false), true);
            ControlProtocol.Exchange e = broken.ask(pipe, List.of(question.split("\n")), System.nanoTime() + Duration.ofSeconds(5).toNanos(),
                    1 << 20);
            assertNotEquals(new ControlProtocol.Exchange.Answered(nvidia.stdout()), e,
                    "message " + change[0] + " byte " + change[1] + " changed still got NVIDIA's answer");
        }
        // and the daemon still answers NVIDIA's client afterwards
        assertEquals(nvidia.stdout(), nvidia(real, pipe, question).stdout());
    }

    /** A reply with one byte changed on the way in is a surprise: the question goes to NVIDIA's program, whose answer is returned. */
    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void anUnexpectedAnswerIsAskedAgainThroughNvidiasProgram(String branch) throws Exception {
        Path real = realControl(branch);
        Path pipe = startDaemon(real);
        String question = "get_default_active_thread_percentage";
        CommandResult nvidia = nvidia(real, pipe, question);
        // received message 1 is the greeting; 2 the percentage; 3 the end: its type word changed to 7, then its status to 1
        for (int[] change : List.of(new int[] {1, 4}, new int[] {3, 0}, new int[] {3, 4})) {
            List<CommandSpec> runs = new ArrayList<>();
            CommandRunner program = spec -> {
                runs.add(spec);
                return programRunner(real).run(spec);
            };
            HostEnvironment host = host();
            MpsControl control = new MpsControl(program, host, PATIENCE, new ControlClient(Optional.of(new ControlProtocol(
                    path -> new Tampered(UnixSeqPacket.connect(path), change[0], change[1], true), true))));
            CommandResult ours = control.ask(pipe, pipe, question);
            assertEquals(1, runs.size(), "received message " + change[0] + " byte " + change[1] + " changed: asked through NVIDIA's program");
            assertTrue(same(nvidia, ours), "NVIDIA's answer: " + nvidia + ", ours: " + ours);
        }
    }

    /**
     * A daemon that dies while we ask (after we connected, before it answered) ends the connection without an end:
     * a surprise, so the question goes to NVIDIA's client, and its answer (no daemon) is what we report.
     */
    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void aDaemonThatQuitsWhileAskedIsReportedAsNvidiasClientReportsIt(String branch) throws Exception {
        // A quit inside a conversation races the daemon's reply: NVIDIA's client then exits 0 or 1 with or without
        // the answers before it, and the daemon sometimes sends the end, sometimes resets (measured on R470 and R550).
        // cumps never sends quit in-process (MpsControl), so only a daemon dying while asked is compared here.
        Path real = realControl(branch);
        Path killed = startDaemon(real);
        long daemon = daemons.getLast();
        long started = startTimes.getLast();
        List<CommandSpec> runs = new ArrayList<>();
        CommandRunner program = spec -> {
            runs.add(spec);
            return programRunner(real).run(spec);
        };
        ControlProtocol.SocketOpener dying = path -> {
            PacketSocket socket = UnixSeqPacket.connect(path);
            try {
                assertEquals(Optional.of(started), startTime(daemon), "daemon " + daemon + " is still the one this test started");
                ProcessHandle.of(daemon).ifPresent(ProcessHandle::destroyForcibly);
                await("daemon " + daemon + " to die", () -> !running(daemon));
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new IOException(ie);
            }
            return socket;
        };
        MpsControl control = new MpsControl(program, host(), PATIENCE, new ControlClient(Optional.of(new ControlProtocol(dying, true))));
        CommandResult ours = control.ask(killed, killed, "get_server_list");
        CommandResult after = nvidia(real, killed, "get_server_list");
        assertEquals(1, runs.size(), "the connection ended without an answer: asked through NVIDIA's program");
        assertEquals(1, after.exitCode());
        assertTrue(after.stderr().contains("Cannot find MPS control daemon process"), after.toString());
        assertTrue(same(after, ours), "NVIDIA's answer: " + after + ", ours: " + ours);
        // and where nobody listens, NVIDIA's client is asked (one run), so the answer is its own
        CommandResult none = new MpsControl(program, host(), PATIENCE, new ControlClient(Optional.of(new ControlProtocol(UnixSeqPacket::connect,
                true)))).ask(killed, killed, "get_server_list");
        assertEquals(2, runs.size(), "nobody listening: asked through NVIDIA's program");
        assertTrue(same(after, none), "NVIDIA's answer: " + after + ", ours: " + none);
    }

    /**
     * The simulator's control daemon (this branch's profile; the stand-in daemon is Java whatever its launcher) holds to
     * NVIDIA's through our client: every question above, on {@code control_privileged} and on {@code control}, gets the
     * same messages byte for byte (the greeting, each line, the end) and so the same answer. And a simulated host is
     * asked in-process: our client answers as the stand-in's own client program does, and never runs it.
     */
    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void theSimulatorAnswersOurClientByteForByteAsNvidiasDaemon(String branch) throws Exception {
        Path real = realControl(branch);
        Path realPipe = startDaemon(real);
        Path simulated = simulatedControl(branch);
        Path simulatedPipe = startDaemon(simulated);
        StringBuilder differences = new StringBuilder();
        int asked = 0;
        for (String question : QUESTIONS) {
            for (boolean asRoot : question.contains("set_") ? List.of(true) : List.of(true, false)) {
                List<String> nvidia = received(realPipe, question, asRoot);
                List<String> stand = received(simulatedPipe, question, asRoot);
                asked++;
                assertEquals(List.of("OUTBHELL\\x00", "\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00"),
                        List.of(nvidia.getFirst(), nvidia.get(nvidia.size() - 2)), "NVIDIA's greeting and end, as recorded: " + nvidia);
                String where = question.replace("\n", "\\n") + (asRoot ? " (control_privileged)" : " (control)");
                if (!nvidia.equals(stand)) {
                    differences.append("== ").append(where).append("\n  NVIDIA:    ").append(nvidia).append("\n  simulator: ")
                            .append(stand).append('\n');
                }
                CommandResult program = nvidia(simulated, simulatedPipe, question);
                CommandResult ours = ours(simulated, simulatedPipe, asRoot, noFallback()).ask(simulatedPipe, simulatedPipe, question, ANSWER);
                if (!same(program, ours)) {
                    differences.append("== ").append(where).append(" on the simulator\n  its program: ").append(program)
                            .append("\n  our client:  ").append(ours).append('\n');
                }
            }
        }
        if (!differences.isEmpty()) {
            fail("the simulator (profile " + branch + ") differs from NVIDIA's nvidia-cuda-mps-control R" + branch + ":\n" + differences);
        }
        assertEquals(QUESTIONS.size() * 2 - QUESTIONS.stream().filter(q -> q.contains("set_")).count(), asked);
    }

    /** What our client receives for {@code question}, each message escaped, then the exchange it came to. */
    private static List<String> received(Path pipe, String question, boolean asRoot) {
        List<String> messages = new ArrayList<>();
        ControlProtocol protocol = new ControlProtocol(path -> new Recorded(UnixSeqPacket.connect(path), messages), asRoot);
        ControlProtocol.Exchange e = protocol.ask(pipe, List.of(question.split("\n")), System.nanoTime() + ANSWER.toNanos(), 1 << 20);
        messages.add("-> " + e);
        return messages;
    }

    /** A socket that notes every message received, escaped ({@code \xNN} for a byte outside printable ASCII). */
    private record Recorded(PacketSocket socket, List<String> messages) implements PacketSocket {
        @Override
        public int await(boolean write, int timeoutMillis) throws IOException {
            return socket.await(write, timeoutMillis);
        }

        @Override
        public boolean send(byte[] data, boolean withCredentials) throws IOException {
            return socket.send(data, withCredentials);
        }

        @Override
        public Received receive(int capacity) throws IOException {
            Received r = socket.receive(capacity);
            if (r != null) {
                StringBuilder m = new StringBuilder(r.ended() ? "(end of connection)" : r.truncated() ? "(truncated)" : "");
                for (byte b : r.data()) {
                    int c = b & 0xff;
                    m.append(c >= 0x20 && c < 0x7f && c != '\\' ? String.valueOf((char) c) : String.format("\\x%02x", c));
                }
                messages.add(m.toString());
            }
            return r;
        }

        @Override
        public void close() {
            socket.close();
        }
    }

    /** The simulator's {@code nvidia-cuda-mps-control} with this branch's profile (the Python launcher where python3 is). */
    private Path simulatedControl(String branch) throws IOException {
        Path home = Files.createDirectory(root().resolve("sim" + pipes.size()));
        Path config = home.resolve("sim.json");
        SimConfig.defaults(1).withDriver(DriverProfile.of(branch)).write(config);
        Path bin = Files.createDirectory(home.resolve("bin"));
        SimTools.install(bin, SimToolOptions.in(home, cumpsJar(), config));
        return bin.resolve(SimTools.MPS_CONTROL);
    }

    private static String cumpsJar() {
        Path jar = Path.of(System.getProperty("cumps.jar", "../core/cli/target/cumps.jar")).toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(jar), jar + " is missing: mvn -pl core/cli -am package -DskipTests");
        return jar.toString();
    }

    // ------------------------------------------------------------------ the two clients

    private static boolean same(CommandResult nvidia, CommandResult ours) {
        return nvidia.outcome() == ours.outcome() && nvidia.exitCode() == ours.exitCode() && nvidia.stdout().equals(ours.stdout())
                && nvidia.stderr().equals(ours.stderr());
    }

    private static long deadline() {
        return System.nanoTime() + PATIENCE.toNanos();
    }

    private static HostEnvironment host() {
        return new HostEnvironment(Map.of("PATH", "/usr/bin:/bin"), 0, "conformance", "Linux", HostPaths.under(Path.of("/nonexistent")));
    }

    /** NVIDIA's client through cumps's runner: the question on stdin, as {@link MpsControl} runs it. */
    private static CommandResult nvidia(Path real, Path pipe, String question) {
        return programRunner(real).run(new CommandSpec(List.of(MpsControl.PROGRAM), Map.of("PATH", "/usr/bin:/bin",
                "CUDA_MPS_PIPE_DIRECTORY", pipe.toString()), question + "\n", PATIENCE));
    }

    /** cumps's runner with {@code nvidia-cuda-mps-control} meaning this branch's real program. */
    private static CommandRunner programRunner(Path real) {
        ProcessCommandRunner runner = new ProcessCommandRunner();
        return spec -> {
            List<String> argv = new ArrayList<>(spec.argv());
            argv.set(0, real.toString());
            CommandResult r = runner.run(new CommandSpec(argv, spec.environment(), spec.stdin(), spec.timeout(), spec.outputLimit()));
            return new CommandResult(r.outcome(), r.exitCode(), r.stdout(), r.stderr(), MpsControl.PROGRAM);
        };
    }

    private static CommandRunner noFallback() {
        return spec -> fail("asked through NVIDIA's program: " + spec.stdin());
    }

    private static MpsControl ours(Path real, Path pipe, boolean asRoot, CommandRunner fallback) {
        return new MpsControl(fallback, host(), PATIENCE, new ControlClient(Optional.of(new ControlProtocol(UnixSeqPacket::connect, asRoot))));
    }

    /** A socket that changes one byte (adds 3) of the {@code index}th message sent, or received, counting from 1. */
    private static final class Tampered implements PacketSocket {
        private final PacketSocket socket;
        private final int index;
        private final int offset;
        private final boolean incoming;
        private int sent;
        private int received;

        Tampered(PacketSocket socket, int index, int offset, boolean incoming) {
            this.socket = socket;
            this.index = index;
            this.offset = offset;
            this.incoming = incoming;
        }

        private byte[] changed(byte[] data) {
            byte[] copy = data.clone();
            copy[offset] += 3;
            return copy;
        }

        @Override
        public int await(boolean write, int timeoutMillis) throws IOException {
            return socket.await(write, timeoutMillis);
        }

        @Override
        public boolean send(byte[] data, boolean withCredentials) throws IOException {
            boolean tamper = !incoming && sent + 1 == index;
            boolean done = socket.send(tamper ? changed(data) : data, withCredentials);
            if (done) {
                sent++;
            }
            return done;
        }

        @Override
        public Received receive(int capacity) throws IOException {
            Received r = socket.receive(capacity);
            if (r == null || r.ended()) {
                return r;
            }
            received++;
            return incoming && received == index ? new Received(changed(r.data()), r.truncated(), false) : r;
        }

        @Override
        public void close() {
            socket.close();
        }
    }

    // ------------------------------------------------------------------ the daemon

    private Path root() throws IOException {
        if (root == null) {
            root = Files.createTempDirectory(Path.of("/tmp"), "ic");
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
        }
        return root;
    }

    /**
     * A daemon of {@code real} (NVIDIA's program of a branch, or the simulator's) started with {@code -d} in fresh pipe
     * and log folders, up and answering; its pipe folder.
     */
    private Path startDaemon(Path real) throws Exception {
        Path pipe = Files.createDirectory(root().resolve("p" + pipes.size()));
        Path log = Files.createDirectory(root().resolve("l" + pipes.size()));
        pipes.add(pipe);
        CommandResult d = new ProcessCommandRunner().run(new CommandSpec(List.of(real.toString(), "-d"), Map.of("PATH", "/usr/bin:/bin",
                "CUDA_MPS_PIPE_DIRECTORY", pipe.toString(), "CUDA_MPS_LOG_DIRECTORY", log.toString()), null, PATIENCE));
        assertEquals(0, d.exitCode(), "-d: " + d);
        await("the daemon's start in " + log.resolve("control.log"), () -> ready(log).isPresent());
        long pid = ready(log).orElseThrow();
        daemons.add(pid);
        daemonPipes.add(pipe);
        daemonPrograms.add(real);
        startTimes.add(startTime(pid).orElse(-1L));
        await("the daemon on " + pipe, () -> nvidia(real, pipe, "get_server_list").exitCode() == 0);
        return pipe;
    }

    private static Optional<Long> ready(Path log) {
        try {
            Matcher m = READY.matcher(Files.readString(log.resolve("control.log")));
            return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Path realControl(String branch) {
        String folder = System.getProperty("cumps.real.nvidia");
        assertTrue(folder != null && !folder.isBlank(), "system property cumps.real.nvidia is not set: run through Maven (src-test/pom.xml)");
        Path program = Path.of(folder, "r" + branch, "usr/bin/nvidia-cuda-mps-control");
        assertTrue(Files.isExecutable(program), program + " is missing: bash src-test/real-nvidia/fetch.sh " + folder);
        return program;
    }

    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Long> startTime(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return Optional.of(Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("gave up waiting for " + what + " after " + PATIENCE);
            }
            Thread.sleep(20);
        }
    }

    /** Quits the daemons this test started (through their program's client), then ends any still running, by pid and start time. */
    @AfterEach
    void endDaemons() throws Exception {
        if (root != null) {
            for (int i = 0; i < daemons.size(); i++) {
                long pid = daemons.get(i);
                Path pipe = daemonPipes.get(i);
                if (running(pid)) {
                    new ProcessCommandRunner().run(new CommandSpec(List.of(daemonPrograms.get(i).toString()), Map.of("PATH", "/usr/bin:/bin",
                            "CUDA_MPS_PIPE_DIRECTORY", pipe.toString()), "quit\n", Duration.ofSeconds(10)));
                }
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (running(pid) && System.nanoTime() - deadline < 0) {
                    Thread.sleep(20);
                }
                if (running(pid) && startTime(pid).equals(Optional.of(startTimes.get(i)))) {
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                // a temporary folder left in /tmp; the next boot clears it
            }
        }
    }
}
