package dev.cumps.core.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Doctor;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorFixture;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.doctor.checks.DoctorChecks;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.NvidiaSmiParser;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.snapshot.HostSnapshot;
import dev.cumps.core.snapshot.HostSnapshotService;
import dev.cumps.core.status.StatusService;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The live snapshot over an injected runner and process table: servers, clients with what
 * {@code /proc} says, memory matched by pid, and a daemon that does not answer neither blocking
 * the others nor hiding them.
 */
class LiveSnapshotServiceTest {
    private static final String GPU0 = FakeGpu.uuidFor(0);

    private Sandbox sb;
    /** Per pipe directory: the daemon's answer to each command; a missing pipe has no daemon. */
    private final Map<Path, Function<String, CommandResult>> daemons = new ConcurrentHashMap<>();
    private volatile String computeApps = "";
    private volatile String gpuQuery = FakeGpu.exclusive(0).withLoad("12", "1536").csvRow() + "\n";
    /** The argv of every nvidia-smi run, in order. */
    private final List<List<String>> smiCalls = new CopyOnWriteArrayList<>();
    /** The pipe directory and stdin of every control program run, in order. */
    private final List<String> controlCalls = new CopyOnWriteArrayList<>();
    /** Runs before nvidia-smi answers a GPU query, and before it answers the compute-apps query. */
    private volatile Runnable beforeGpuQuery = () -> { };
    private volatile Runnable beforeComputeApps = () -> { };

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void tearDown() {
        sb.close();
    }

    private final CommandRunner runner = spec -> {
        if (spec.program().equals("nvidia-smi")) {
            smiCalls.add(spec.argv());
            if (spec.argv().get(1).startsWith("--query-compute-apps=")) {
                beforeComputeApps.run();
                return CommandResult.exited("nvidia-smi", 0, computeApps, "");
            }
            beforeGpuQuery.run();
            return CommandResult.exited("nvidia-smi", 0, gpuQuery, "");
        }
        Path pipe = Path.of(spec.environment().get("CUDA_MPS_PIPE_DIRECTORY"));
        controlCalls.add(spec.stdin().strip());
        Function<String, CommandResult> daemon = daemons.get(pipe);
        if (daemon == null) {
            return CommandResult.exited("nvidia-cuda-mps-control", 1, "Cannot find MPS control daemon process\n", "");
        }
        return daemon.apply(spec.stdin().strip());
    };

    private LiveSnapshotService service() {
        return new LiveSnapshotService(sb.host(), runner, sb.processes, new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock),
                new Liveness(sb.processes), new MpsControl(runner, sb.host(), Duration.ofSeconds(5)));
    }

    /** Every live daemon and unmanaged pipe, as {@code cumps clients} reads them: through the host snapshot. */
    private LiveSnapshot everyDaemon() {
        return snapshots().readLive(Optional.empty()).requireLive();
    }

    private HostSnapshotService snapshots() {
        RecordStore store = new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock);
        return new HostSnapshotService(new StatusService(sb.host(), runner, store, new Liveness(sb.processes), false), service());
    }

    /** The service with an overall live budget of {@code budget} (each question still at most 5 s). */
    private LiveSnapshotService service(Duration budget) {
        return new LiveSnapshotService(sb.host(), runner, sb.processes, new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock),
                new Liveness(sb.processes), new MpsControl(runner, sb.host(), Duration.ofSeconds(5)), budget);
    }

    /** {@code count} server pids from 4190100 on, one per line. */
    private static String serverList(int count) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < count; i++) {
            list.append(4_190_100 + i).append('\n');
        }
        return list.toString();
    }

    /**
     * A socket that lists many servers and answers each question slowly held
     * status 22 s, clients 54 s. Every question now gets at most what is left of one overall budget,
     * servers are asked in parallel, and the servers not answered by then are named. The slow answers
     * here hang until the runner's timeout for them ends, as a real hung daemon would.
     */
    @Test
    void slowServersGetOneOverallBudgetAskedInParallelAndTheRestAreNamedNotAnswered() {
        Duration budget = Duration.ofMillis(1500);
        List<Duration> timeouts = new CopyOnWriteArrayList<>();
        List<Long> ends = new CopyOnWriteArrayList<>();
        AtomicLong firstQuestion = new AtomicLong();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        DaemonRecord r = daemon("slow", 4_190_001L, Map.of());
        CountDownLatch never = new CountDownLatch(1);
        CommandRunner slow = spec -> {
            if (!spec.program().equals("nvidia-cuda-mps-control")) {
                return runner.run(spec);
            }
            if (spec.stdin().strip().equals("get_server_list")) {
                firstQuestion.compareAndSet(0, System.nanoTime());
                return CommandResult.exited("nvidia-cuda-mps-control", 0, serverList(10), "");
            }
            if (spec.stdin().contains(ControlReplies.REPLY_END)) {
                // An older daemon: its batch cannot be split, so the servers are asked one question per run, in parallel.
                return CommandResult.exited("nvidia-cuda-mps-control", 0, "Invalid command\n", "");
            }
            if (spec.stdin().strip().endsWith(" 4190100")) { // the first server answers at once, the other nine hang
                return CommandResult.exited("nvidia-cuda-mps-control", 0, spec.stdin().startsWith("get_server_status") ? "ACTIVE\n" : "", "");
            }
            timeouts.add(spec.timeout());
            ends.add(System.nanoTime() + spec.timeout().toNanos());
            mostAtOnce.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                never.await(spec.timeout().toMillis(), TimeUnit.MILLISECONDS); // hangs for as long as it is allowed to
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            return CommandResult.timedOut("nvidia-cuda-mps-control", "", "");
        };
        LiveSnapshotService service = new LiveSnapshotService(sb.host(), slow, sb.processes,
                new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock), new Liveness(sb.processes), new MpsControl(slow, sb.host(), Duration.ofSeconds(5)), budget);

        DaemonSnapshot d = service.collect(r, GpuInventory.of(List.of())).daemons().stream().filter(s -> s.pipeDirectory().equals(r.pipeDirectory()))
                .findFirst().orElseThrow();

        assertEquals(DaemonSnapshot.State.PARTIAL, d.state(), () -> d.problem().map(Message::english).orElse(""));
        assertEquals("9 server(s) not answered within the live view's 1 s", d.problem().orElseThrow().english());
        // One budget for the whole snapshot, started before its first question: no question may be allowed to run past
        // it, however late it was asked (a budget restarting per question would let the ninth server, asked after the
        // first eight hung for the whole budget, run a whole budget more). The margin absorbs only the moments between
        // a question's allowance being computed and the runner seeing it.
        long begin = firstQuestion.get();
        long end = begin + budget.toNanos() + Duration.ofMillis(1000).toNanos();
        assertTrue(ends.stream().allMatch(e -> e <= end), "a question outlives the snapshot's budget: " + ends.stream().map(e -> (e - begin) / 1_000_000)
                .toList() + " ms after its start, budget " + budget.toMillis() + " ms");
        assertEquals(List.of(4_190_100L), d.servers().stream().map(MpsServer::pid).toList(), "what was answered is shown");
        assertTrue(timeouts.stream().allMatch(t -> t.compareTo(budget) <= 0), "no question may outlast the budget: " + timeouts);
        assertTrue(mostAtOnce.get() > 1, "the servers are asked in parallel, not one after the other");
    }

    @Test
    void aDaemonListingThousandsOfServersIsAskedAboutTheFirst32AndSaysSo() {
        Map<String, String> replies = new ConcurrentHashMap<>();
        replies.put("get_server_list", serverList(200));
        for (int i = 0; i < 200; i++) {
            replies.put("get_server_status " + (4_190_100 + i), "ACTIVE\n");
        }
        daemon("many", 4_190_001L, replies);

        DaemonSnapshot d = everyDaemon().daemons().get(0);

        assertEquals(DaemonSnapshot.State.PARTIAL, d.state());
        assertEquals("the daemon lists more than 32 servers; only the first 32 were asked about", d.problem().orElseThrow().english());
        assertEquals(32, d.servers().size());
        assertEquals(2, controlCalls.size(), "the server list, then all 32 servers in one run: " + controlCalls.size());
        assertEquals(64, controlCalls.get(1).lines().filter(l -> !l.equals(ControlReplies.REPLY_END)).count());
    }

    @Test
    void aServerListingMoreClientsThanATableTakesIsCut() {
        StringBuilder clients = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            clients.append(1_000_000 + i).append('\n');
        }
        daemon("crowd", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", clients.toString()));

        DaemonSnapshot d = everyDaemon().daemons().get(0);

        assertEquals(DaemonSnapshot.State.PARTIAL, d.state());
        assertEquals(256, d.clients().size());
        assertEquals("server 4190100 lists more than 256 clients; only the first 256 are shown", d.problem().orElseThrow().english());
    }

    /**
     * A squatted {@code /tmp/nvidia-mps} whose server list names 150,000 servers held {@code clients} 38 to 96 s
     * (a repeat check comparing every pid with every other, before the cap). Now its reply is kept only up to
     * a small byte cap (a daemon no record vouches for), the list is read up to the cap plus one, and the
     * first 32 servers are asked about.
     */
    @Test
    void aSquattedDefaultPipeListing150000ServersIsReadUpToItsCapsOnly() throws IOException {
        Path pipe = sb.nvidiaPipeDirectory();
        Sandbox.mkdir700(pipe);
        String huge = serverList(150_000);
        List<Integer> limits = new CopyOnWriteArrayList<>();
        daemons.put(pipe, stdin -> {
            Map<String, String> replies = new HashMap<>(Map.of("get_server_list", huge));
            stdin.lines().filter(l -> l.startsWith("get_server_status ")).forEach(l -> replies.put(l, "ACTIVE\n"));
            return CommandResult.exited("nvidia-cuda-mps-control", 0, answers(stdin, replies), "");
        });
        CommandRunner capped = spec -> {
            CommandResult r = runner.run(spec);
            if (!spec.program().equals("nvidia-cuda-mps-control")) {
                return r;
            }
            limits.add(spec.outputLimit());
            // What the real runner keeps of a longer output: its first outputLimit bytes.
            String out = r.stdout().length() > spec.outputLimit() ? r.stdout().substring(0, spec.outputLimit()) : r.stdout();
            return CommandResult.exited(r.program(), r.exitCode(), out, r.stderr());
        };
        try (ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            socket.bind(UnixDomainSocketAddress.of(pipe.resolve("control")));
            LiveSnapshotService service = new LiveSnapshotService(sb.host(), capped, sb.processes,
                    new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock), new Liveness(sb.processes), new MpsControl(capped, sb.host(), Duration.ofSeconds(5)));

            DaemonSnapshot d = service.collect(List.of(), List.of(ControlPipe.in(pipe).orElseThrow()), () -> GpuInventory.of(List.of()), Detail.FULL)
                    .daemons().get(0);

            assertEquals(DaemonSnapshot.State.PARTIAL, d.state(), () -> d.problem().map(Message::english).orElse(""));
            assertEquals("the daemon lists more than 32 servers; only the first 32 were asked about", d.problem().orElseThrow().english());
            assertEquals(32, d.servers().size());
            assertEquals(List.of(DaemonQuestions.UNMANAGED_REPLY_LIMIT), limits.stream().distinct().toList(),
                    "every reply of the unmanaged pipe is capped");
        }
    }

    /** A live record whose daemon answers from {@code replies} (anything else: nothing). */
    private DaemonRecord daemon(String name, long pid, Map<String, String> replies) {
        DaemonRecord r = sb.handRecord(name, pid, 100, sb.dir.resolve(name + "-pipe"), sb.dir.resolve(name + "-log"));
        sb.processes.put(pid, "nvidia-cuda-mps", 100);
        daemons.put(r.pipeDirectory(), stdin -> CommandResult.exited("nvidia-cuda-mps-control", 0, answers(stdin, replies), ""));
        return r;
    }

    /**
     * What NVIDIA's client prints for {@code stdin}: each line's reply in turn, undelimited, and for a command the
     * daemon does not know (ControlReplies.REPLY_END among them) {@code Unknown command "<it>"}, as R535 and R550 do.
     */
    private static String answers(String stdin, Map<String, String> replies) {
        StringBuilder out = new StringBuilder();
        for (String line : stdin.split("\n")) {
            String command = line.strip();
            if (command.equals(ControlReplies.REPLY_END)) {
                out.append("Unknown command \"").append(command).append("\"\n");
            } else if (!command.isEmpty()) {
                out.append(replies.getOrDefault(command, ""));
            }
        }
        return out.toString();
    }

    /** The stdin of a batch run asking {@code commands}, as {@link #controlCalls} holds it. */
    private static String batch(String... commands) {
        return ControlReplies.batch(List.of(commands));
    }

    @Test
    void clientsComeWithOwnerCommandRunningTimeAndMemory() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n4190201\n"));
        sb.processes.put(4_190_100L, "nvidia-cuda-mps-server", 500);
        sb.processes.describe(4_190_100L, new ProcessOwner(sb.uid, "me"), List.of("nvidia-cuda-mps-server"));
        sb.processes.put(4_190_200L, "python", 1000);
        sb.processes.describe(4_190_200L, new ProcessOwner(sb.uid, "me"), List.of("python", "train.py"));
        sb.processes.ticksSinceBoot(1000 + 100 * 90);
        computeApps = "4190200, " + GPU0 + ", 1024\n4190200, " + FakeGpu.uuidFor(1) + ", 512\n";

        LiveSnapshot snapshot = everyDaemon();

        DaemonSnapshot a = snapshot.daemons().get(0);
        assertEquals(DaemonSnapshot.State.ANSWERING, a.state());
        MpsServer server = a.servers().get(0);
        assertEquals(Optional.of("ACTIVE"), server.status());
        assertEquals(Optional.of(new ProcessOwner(sb.uid, "me")), server.owner());
        ClientProcess readable = server.clients().get(0);
        assertEquals(Optional.of(List.of("python", "train.py")), readable.commandLine());
        assertEquals(OptionalLong.of(90), readable.runningSeconds());
        assertEquals(OptionalLong.of(1536), readable.gpuMemoryMiB());
        assertEquals(List.of(GPU0, FakeGpu.uuidFor(1)), readable.gpuUuids());
        ClientProcess gone = server.clients().get(1);
        assertEquals(false, gone.readable());
        assertEquals(Optional.empty(), gone.owner());
        assertEquals(OptionalLong.empty(), gone.gpuMemoryMiB());
        assertEquals(List.of(new GpuLoad(0, GPU0, OptionalInt.of(12), OptionalLong.of(1536), OptionalLong.of(81559))),
                snapshot.gpus());
    }

    @Test
    void anR535DaemonWithoutGetServerStatusAnswersWithItsServersAndClients() {
        // NVIDIA's R535 control daemon (measured with the real binary): exit 0 and this line on stdout.
        String unknown = "Unknown command \"get_server_status\"\n";
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n4190101\n", "get_server_status 4190100", unknown,
                "get_server_status 4190101", unknown, "get_client_list 4190100", "4190200\n", "get_client_list 4190101", ""));

        DaemonSnapshot a = everyDaemon().daemons().get(0);

        assertEquals(DaemonSnapshot.State.ANSWERING, a.state(), () -> a.problem().map(Message::english).orElse(""));
        assertEquals(DaemonSnapshot.Capability.UNSUPPORTED, a.serverStatus());
        assertEquals(List.of(4_190_100L, 4_190_101L), a.servers().stream().map(MpsServer::pid).toList());
        assertEquals(Optional.empty(), a.servers().get(0).status());
        assertEquals(List.of(4_190_200L), a.clients().stream().map(ClientProcess::pid).toList());
        assertEquals(List.of("get_server_list", batch("get_server_status 4190100", "get_client_list 4190100", "get_server_status 4190101",
                "get_client_list 4190101")), controlCalls, "both servers in one run; R535's refusal of the status is its answer");
        Map<String, Object> json = LiveJson.toJsonMap(everyDaemon());
        assertEquals("{get_server_status=false}", String.valueOf(((Map<?, ?>) ((List<?>) json.get("daemons")).get(0)).get("capabilities")));
    }

    @Test
    void aServerThatExitedBetweenTwoQuestionsIsLeftOutNotABadReply() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n4190101\n", "get_server_status 4190100", "Server 4190100 not found\n",
                "get_server_status 4190101", "ACTIVE\n", "get_client_list 4190101", "4190200\n"));

        DaemonSnapshot a = everyDaemon().daemons().get(0);

        assertEquals(DaemonSnapshot.State.ANSWERING, a.state(), () -> a.problem().map(Message::english).orElse(""));
        assertEquals(DaemonSnapshot.Capability.SUPPORTED, a.serverStatus());
        assertEquals(List.of(4_190_101L), a.servers().stream().map(MpsServer::pid).toList());
    }

    @Test
    void aClientThatExitedIsNotInTheNextSnapshot() {
        Map<String, String> replies = new ConcurrentHashMap<>(Map.of("get_server_list", "4190100\n",
                "get_server_status 4190100", "ACTIVE\n", "get_client_list 4190100", "4190200\n4190201\n"));
        daemon("a", 4_190_001L, replies);

        assertEquals(2, everyDaemon().daemons().get(0).clients().size());
        replies.put("get_client_list 4190100", "4190201\n");

        assertEquals(List.of(4_190_201L),
                everyDaemon().daemons().get(0).clients().stream().map(ClientProcess::pid).toList());
    }

    @Test
    void aSilentDaemonDoesNotDelayTheOthers() throws InterruptedException {
        CountDownLatch othersDone = new CountDownLatch(1);
        AtomicBoolean releasedByOthers = new AtomicBoolean();
        DaemonRecord mute = sb.handRecord("mute", 4_190_002L, 100, sb.dir.resolve("mute-pipe"), sb.dir.resolve("mute-log"));
        sb.processes.put(4_190_002L, "nvidia-cuda-mps", 100);
        daemons.put(mute.pipeDirectory(), command -> {
            try {
                // Held until the other daemon has been fully asked: asked one after the other, this would wait the whole minute.
                releasedByOthers.set(othersDone.await(60, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return CommandResult.timedOut("nvidia-cuda-mps-control", "", "");
        });
        DaemonRecord busy = daemon("busy", 4_190_001L, Map.of("get_server_list", "4190100\n"));
        daemons.put(busy.pipeDirectory(), command -> {
            if (command.startsWith("get_client_list")) {
                othersDone.countDown();
                return CommandResult.exited("nvidia-cuda-mps-control", 0, "4190200\n", "");
            }
            return CommandResult.exited("nvidia-cuda-mps-control", 0, command.equals("get_server_list") ? "4190100\n" : "ACTIVE\n", "");
        });

        LiveSnapshot snapshot = everyDaemon();

        assertTrue(releasedByOthers.get(), "the silent daemon was asked only after the other one finished");
        Map<String, DaemonSnapshot> byName = new ConcurrentHashMap<>();
        snapshot.daemons().forEach(d -> byName.put(d.name().orElseThrow(), d));
        assertEquals(DaemonSnapshot.State.NOT_ANSWERING, byName.get("mute").state());
        assertEquals("the control daemon did not answer `get_server_list` in time", byName.get("mute").problem().orElseThrow().english());
        assertEquals(DaemonSnapshot.State.ANSWERING, byName.get("busy").state());
        assertEquals(List.of(4_190_200L), byName.get("busy").clients().stream().map(ClientProcess::pid).toList());
    }

    @Test
    void aGarbledReplyMarksOnlyThatDaemon() {
        daemon("garbled", 4_190_003L, Map.of("get_server_list", "ok then\n"));
        daemon("fine", 4_190_004L, Map.of());

        List<DaemonSnapshot> daemonsSeen = everyDaemon().daemons();

        DaemonSnapshot garbled = daemonsSeen.stream().filter(d -> d.name().equals(Optional.of("garbled"))).findFirst().orElseThrow();
        assertEquals(DaemonSnapshot.State.BAD_REPLY, garbled.state());
        assertEquals("the control daemon answered `get_server_list` with line 1 'ok then': expected one process id per line",
                garbled.problem().orElseThrow().english());
        assertEquals(DaemonSnapshot.State.ANSWERING,
                daemonsSeen.stream().filter(d -> d.name().equals(Optional.of("fine"))).findFirst().orElseThrow().state());
    }

    @Test
    void staleDaemonsAreNotAskedAndNamingOneIsAnError() {
        DaemonRecord stale = sb.handRecord("old", 4_190_005L, 100, sb.dir.resolve("old-pipe"), sb.dir.resolve("old-log"));

        assertEquals(List.of(), everyDaemon().daemons().stream()
                .filter(d -> d.pipeDirectory().equals(stale.pipeDirectory())).toList());
        CumpsException e = assertThrows(CumpsException.class, () -> snapshots().readLive(Optional.of("old")));
        assertEquals("daemon 'old' is stale (pid 4190005 is gone or reused); start it again with `cumps start --name old`", e.getMessage());
    }

    @Test
    void nvidiaSmiGarbageBecomesADiagnosticAndTheDaemonsAreStillShown() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n"));
        computeApps = "this is not, csv at all\n";

        LiveSnapshot snapshot = everyDaemon();

        assertEquals("nvidia-smi printed a malformed row 1 ('this is not, csv at all'): expected 3 comma-separated values, found 2",
                snapshot.diagnostics().get(0).english());
        assertEquals(DaemonSnapshot.State.ANSWERING, snapshot.daemons().get(0).state());
    }

    private static final List<String> COMPUTE_APPS_QUERY = List.of("nvidia-smi", "--query-compute-apps=pid,gpu_uuid,used_memory",
            "--format=csv,noheader,nounits");

    @Test
    void withoutDaemonsOnlyTheGpuQueryRuns() {
        LiveSnapshot snapshot = everyDaemon();

        assertEquals(List.of(), snapshot.daemons().stream().filter(DaemonSnapshot::managed).toList());
        assertEquals(1, smiCalls.size(), smiCalls.toString());
        assertTrue(smiCalls.get(0).get(1).startsWith("--query-gpu="), smiCalls.toString());
        assertEquals(List.of(), controlCalls);
    }

    @Test
    void aDaemonWithoutServersIsNotFollowedByTheComputeAppsQuery() {
        daemon("a", 4_190_001L, Map.of("get_server_list", ""));

        LiveSnapshot snapshot = everyDaemon();

        assertEquals(DaemonSnapshot.State.ANSWERING, snapshot.daemons().get(0).state());
        assertEquals(1, smiCalls.size(), smiCalls.toString());
        assertEquals(List.of("get_server_list"), controlCalls);
    }

    /**
     * The compute-apps query only gives the clients' memory: a daemon whose server lists no client (an idle server,
     * as MPS leaves one for a while after its last client) costs no second nvidia-smi, and the answer it would have
     * given (garbage here) cannot show up among the diagnostics.
     */
    @Test
    void aServerWithoutClientsIsNotFollowedByTheComputeAppsQuery() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n"));
        computeApps = "this is not, csv at all\n";

        LiveSnapshot snapshot = everyDaemon();

        assertEquals(1, snapshot.daemons().get(0).servers().size());
        assertEquals(List.of(), snapshot.daemons().get(0).clients());
        assertEquals(List.of(), snapshot.diagnostics());
        assertEquals(1, smiCalls.size(), smiCalls.toString());
        assertTrue(smiCalls.get(0).get(1).startsWith("--query-gpu="), smiCalls.toString());
        assertEquals(List.of("get_server_list", batch("get_server_status 4190100", "get_client_list 4190100")), controlCalls);
    }

    /**
     * The query starts at the first client listed and runs once per snapshot, however many servers and daemons list
     * clients: here two daemons, one with two servers with a client each, one with a client-less server.
     */
    @Test
    void clientsOfSeveralServersAndDaemonsCostOneComputeAppsQuery() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n4190101\n", "get_server_status 4190100", "ACTIVE\n",
                "get_server_status 4190101", "ACTIVE\n", "get_client_list 4190100", "4190200\n", "get_client_list 4190101", "4190201\n"));
        daemon("b", 4_190_002L, Map.of("get_server_list", "4190102\n", "get_server_status 4190102", "ACTIVE\n",
                "get_client_list 4190102", "4190202\n"));
        daemon("idle", 4_190_003L, Map.of("get_server_list", "4190103\n", "get_server_status 4190103", "ACTIVE\n"));
        computeApps = "4190200, " + GPU0 + ", 100\n4190201, " + GPU0 + ", 200\n4190202, " + GPU0 + ", 300\n";

        LiveSnapshot snapshot = everyDaemon();

        assertEquals(List.of(COMPUTE_APPS_QUERY), smiCalls.stream().filter(c -> !c.get(1).startsWith("--query-gpu=")).toList());
        assertEquals(2, smiCalls.size(), smiCalls.toString());
        Map<Long, OptionalLong> memory = new ConcurrentHashMap<>();
        snapshot.daemons().forEach(d -> d.clients().forEach(c -> memory.put(c.pid(), c.gpuMemoryMiB())));
        assertEquals(Map.of(4_190_200L, OptionalLong.of(100), 4_190_201L, OptionalLong.of(200), 4_190_202L, OptionalLong.of(300)), memory);
    }

    /**
     * NVIDIA's control daemon starts each server as its child (traced with the real R550 binary: it forks and execs
     * {@code nvidia-cuda-mps-server}). A live record's daemon whose children are its servers is asked its server
     * list and every server's status and clients in one run of the control client.
     */
    @Test
    void aRecordedDaemonIsAskedItsServerListAndItsChildServersInOneRun() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n"));
        sb.processes.put(4_190_100L, "nvidia-cuda-mps", 500);
        sb.processes.parent(4_190_100L, 4_190_001L);
        sb.processes.put(4_190_200L, "python", 1000);
        computeApps = "4190200, " + GPU0 + ", 1024\n";

        DaemonSnapshot a = everyDaemon().daemons().get(0);

        assertEquals(DaemonSnapshot.State.ANSWERING, a.state(), () -> a.problem().map(Message::english).orElse(""));
        assertEquals(List.of(4_190_100L), a.servers().stream().map(MpsServer::pid).toList());
        assertEquals(Optional.of("ACTIVE"), a.servers().get(0).status());
        assertEquals(List.of(4_190_200L), a.clients().stream().map(ClientProcess::pid).toList());
        assertEquals(OptionalLong.of(1024), a.clients().get(0).gpuMemoryMiB());
        assertEquals(List.of(batch("get_server_list", "get_server_status 4190100", "get_client_list 4190100")), controlCalls,
                "one control run for the whole daemon");
        assertEquals("4190100\n", a.serverList().orElseThrow().stdout(), "the server list's run shows its own reply");
    }

    /**
     * The server list stays the truth: a child it does not name (it is no server) is left out, and a server it names
     * that was no child (started between the two looks) is asked about in a second run.
     */
    @Test
    void theServerListDecidesWhichChildrenAreServersAndWhoElseIsAsked() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n4190101\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n", "get_server_status 4190101", "ACTIVE\n", "get_client_list 4190101", "",
                "get_server_status 4190555", "Server 4190555 not found\n", "get_client_list 4190555", "Server 4190555 not found\n"));
        sb.processes.put(4_190_100L, "nvidia-cuda-mps", 500);
        sb.processes.parent(4_190_100L, 4_190_001L);
        sb.processes.put(4_190_555L, "nvidia-cuda-mps", 600);
        sb.processes.parent(4_190_555L, 4_190_001L);

        DaemonSnapshot a = everyDaemon().daemons().get(0);

        assertEquals(DaemonSnapshot.State.ANSWERING, a.state(), () -> a.problem().map(Message::english).orElse(""));
        assertEquals(List.of(4_190_100L, 4_190_101L), a.servers().stream().map(MpsServer::pid).toList());
        assertEquals(List.of(4_190_200L), a.clients().stream().map(ClientProcess::pid).toList());
        assertEquals(List.of(batch("get_server_list", "get_server_status 4190100", "get_client_list 4190100", "get_server_status 4190555",
                "get_client_list 4190555"), batch("get_server_status 4190101", "get_client_list 4190101")), controlCalls);
    }

    /**
     * An unmanaged pipe (the system's daemon at NVIDIA's default directory) has no record; its pid file (R550 writes
     * one) names the daemon. When that pid runs under the daemon's name, its children are asked with the server list:
     * one run. A pid file naming anything else, or none (R535), leaves the server list on its own first.
     */
    @Test
    void anUnmanagedPipeIsAskedInOneRunOnlyWhenItsPidFileNamesARunningDaemon() throws IOException {
        Path pipe = sb.nvidiaPipeDirectory();
        Sandbox.mkdir700(pipe);
        daemons.put(pipe, stdin -> CommandResult.exited("nvidia-cuda-mps-control", 0, answers(stdin, Map.of("get_server_list", "4190100\n",
                "get_server_status 4190100", "ACTIVE\n", "get_client_list 4190100", "")), ""));
        sb.processes.put(4_190_100L, "nvidia-cuda-mps", 500);
        sb.processes.parent(4_190_100L, 4_190_050L);
        List<String> oneRun = List.of(batch("get_server_list", "get_server_status 4190100", "get_client_list 4190100"));
        List<String> twoRuns = List.of("get_server_list", batch("get_server_status 4190100", "get_client_list 4190100"));
        try (ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            socket.bind(UnixDomainSocketAddress.of(pipe.resolve("control")));

            assertEquals(twoRuns, asked(), "no pid file (R535)");

            Files.writeString(pipe.resolve("nvidia-cuda-mps-control.pid"), "4190050");
            sb.processes.put(4_190_050L, "nvidia-cuda-mps", 400);
            assertEquals(oneRun, asked(), "the pid file names the running daemon");

            sb.processes.reuse(4_190_050L, "python", 900);
            assertEquals(twoRuns, asked(), "the pid file names a process that is no control daemon");
        }
    }

    /** The control runs of one snapshot of every daemon, which shows the one server either way. */
    private List<String> asked() {
        controlCalls.clear();
        DaemonSnapshot d = everyDaemon().daemons().get(0);
        assertEquals(Optional.empty(), d.name());
        assertEquals(List.of(4_190_100L), d.servers().stream().map(MpsServer::pid).toList());
        return List.copyOf(controlCalls);
    }

    /**
     * A daemon whose answer to an unknown command is not NVIDIA's {@code Unknown command "…"} (an older stand-in's
     * {@code Invalid command}): its batch cannot be split, so each question is asked in a run of its own, and the
     * answers are the same.
     */
    @Test
    void aDaemonWhoseBatchCannotBeSplitIsAskedOneQuestionPerRun() {
        Map<String, String> replies = Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n");
        DaemonRecord r = sb.handRecord("old", 4_190_001L, 100, sb.dir.resolve("old-pipe"), sb.dir.resolve("old-log"));
        sb.processes.put(4_190_001L, "nvidia-cuda-mps", 100);
        daemons.put(r.pipeDirectory(), stdin -> CommandResult.exited("nvidia-cuda-mps-control", 0,
                stdin.contains(ControlReplies.REPLY_END) ? "Invalid command\n" : replies.getOrDefault(stdin, ""), ""));

        DaemonSnapshot d = everyDaemon().daemons().get(0);

        assertEquals(DaemonSnapshot.State.ANSWERING, d.state(), () -> d.problem().map(Message::english).orElse(""));
        assertEquals(Optional.of("ACTIVE"), d.servers().get(0).status());
        assertEquals(List.of(4_190_200L), d.clients().stream().map(ClientProcess::pid).toList());
        assertEquals(List.of("get_server_list", batch("get_server_status 4190100", "get_client_list 4190100"),
                "get_server_status 4190100", "get_client_list 4190100"), controlCalls);
    }

    /** A daemon that hangs on the one run asking its servers costs the live view's budget, no more. */
    @Test
    void aBatchThatHangsCostsTheBudgetAndNamesEveryServerNotAnswered() {
        Duration budget = Duration.ofMillis(1500);
        List<Duration> timeouts = new CopyOnWriteArrayList<>();
        List<Long> ends = new CopyOnWriteArrayList<>();
        AtomicLong firstQuestion = new AtomicLong();
        DaemonRecord r = daemon("slow", 4_190_001L, Map.of());
        CommandRunner slow = spec -> {
            if (!spec.program().equals("nvidia-cuda-mps-control")) {
                return runner.run(spec);
            }
            if (spec.stdin().strip().equals("get_server_list")) {
                return CommandResult.exited("nvidia-cuda-mps-control", 0, serverList(3), "");
            }
            timeouts.add(spec.timeout());
            return CommandResult.timedOut("nvidia-cuda-mps-control", "", "");
        };
        LiveSnapshotService service = new LiveSnapshotService(sb.host(), slow, sb.processes,
                new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock), new Liveness(sb.processes), new MpsControl(slow, sb.host(), Duration.ofSeconds(5)), budget);

        DaemonSnapshot d = service.collect(r, GpuInventory.of(List.of())).daemons().stream().filter(s -> s.pipeDirectory().equals(r.pipeDirectory()))
                .findFirst().orElseThrow();

        assertEquals(DaemonSnapshot.State.PARTIAL, d.state(), () -> d.problem().map(Message::english).orElse(""));
        assertEquals("3 server(s) not answered within the live view's 1 s", d.problem().orElseThrow().english());
        assertEquals(1, timeouts.size(), timeouts.toString());
        assertTrue(timeouts.get(0).compareTo(budget) <= 0, "the run may not outlast the budget: " + timeouts);
    }

    @Test
    void statusGpusAreReusedSoNvidiaSmiRunsOnlyForTheClientsMemory() {
        DaemonRecord a = daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n"));
        computeApps = "4190200, " + GPU0 + ", 640\n";
        GpuInventory inventory = GpuInventory.of(NvidiaSmiParser.parse(FakeGpu.exclusive(0).withLoad("88", "640").csvRow()));

        LiveSnapshot snapshot = service().collect(a, inventory);

        assertEquals(List.of(COMPUTE_APPS_QUERY), smiCalls);
        assertEquals(OptionalInt.of(88), snapshot.gpus().get(0).utilizationPercent());
        assertEquals(OptionalLong.of(640), snapshot.daemons().get(0).clients().get(0).gpuMemoryMiB());
        assertEquals(List.of(GPU0), snapshot.daemons().get(0).clients().get(0).gpuUuids());
    }

    @Test
    void aFailedGpuQueryIsTheDiagnosticAndNothingMoreIsAskedOfNvidiaSmi() {
        daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n"));
        gpuQuery = "garbage\n";

        LiveSnapshot snapshot = everyDaemon();

        assertEquals(1, smiCalls.size(), smiCalls.toString());
        assertEquals(List.of("nvidia-smi printed a malformed row 1 ('garbage'): expected 10 comma-separated values, found 1"),
                snapshot.diagnostics().stream().map(Message::english).toList());
        assertEquals(List.of(), snapshot.gpus());
        ClientProcess client = snapshot.daemons().get(0).clients().get(0);
        assertEquals(OptionalLong.empty(), client.gpuMemoryMiB());
    }

    @Test
    void aGpuWithoutLoadFiguresShowsThemAsUnknown() {
        gpuQuery = FakeGpu.exclusive(0).withLoad("[Not Supported]", "[N/A]").csvRow() + "\n";

        GpuLoad load = everyDaemon().gpus().get(0);

        assertEquals(OptionalInt.empty(), load.utilizationPercent());
        assertEquals(OptionalLong.empty(), load.memoryUsedMiB());
        assertEquals(OptionalLong.of(81559), load.memoryTotalMiB());
    }

    /**
     * Waits for {@code latch} under a generous deadline; false when it never opened (the two runs were not
     * concurrent: the other one waits for this one to end).
     */
    private static boolean opened(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * {@code status --json}'s read: the GPU query and the daemons' questions run at the same time, and the
     * compute-apps query runs while the questions still open are asked. The stand-in nvidia-smi answers the GPU query
     * only once daemon {@code a} was asked for its servers; daemon {@code b} answers its server list only once the
     * compute-apps query runs, which {@code a}'s client starts: asked one after the other, each would wait for the
     * other until the deadline and the snapshot would lack the GPU and the clients' memory.
     */
    @Test
    void theGpuQueryAndTheComputeAppsQueryRunWhileTheDaemonsAreAsked() {
        CountDownLatch serversAsked = new CountDownLatch(1);
        CountDownLatch appsAsked = new CountDownLatch(1);
        List<Boolean> waits = new CopyOnWriteArrayList<>();
        beforeGpuQuery = () -> waits.add(opened(serversAsked));
        beforeComputeApps = appsAsked::countDown;
        DaemonRecord a = daemon("a", 4_190_001L, Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n"));
        daemons.put(a.pipeDirectory(), stdin -> {
            if (stdin.equals("get_server_list")) {
                serversAsked.countDown();
            }
            return CommandResult.exited("nvidia-cuda-mps-control", 0, answers(stdin, Map.of("get_server_list", "4190100\n",
                    "get_server_status 4190100", "ACTIVE\n", "get_client_list 4190100", "4190200\n")), "");
        });
        DaemonRecord b = daemon("b", 4_190_002L, Map.of());
        Map<String, String> bReplies = Map.of("get_server_list", "4190101\n", "get_server_status 4190101", "ACTIVE\n",
                "get_client_list 4190101", "4190201\n");
        daemons.put(b.pipeDirectory(), stdin -> {
            if (stdin.equals("get_server_list")) {
                waits.add(opened(appsAsked));
            }
            return CommandResult.exited("nvidia-cuda-mps-control", 0, answers(stdin, bReplies), "");
        });
        computeApps = "4190200, " + GPU0 + ", 640\n4190201, " + GPU0 + ", 320\n";

        HostSnapshot host = snapshots().read(Detail.FULL);

        assertEquals(List.of(true, true), waits);
        assertEquals(1, host.gpus().gpus().size());
        Map<String, OptionalLong> memory = new ConcurrentHashMap<>();
        host.requireLive().daemons().forEach(d -> memory.put(d.name().orElseThrow(), d.clients().get(0).gpuMemoryMiB()));
        assertEquals(Map.of("a", OptionalLong.of(640), "b", OptionalLong.of(320)), memory);
        assertEquals(List.of(COMPUTE_APPS_QUERY), smiCalls.stream().filter(c -> !c.get(1).startsWith("--query-gpu=")).toList());
    }

    /**
     * {@code doctor}'s facts: the GPU query runs while the daemons are asked for their servers; the selected daemon
     * is asked {@code get_server_list} once, by the live view, whose run the answers check judges; and a managed
     * daemon is asked nothing more (its server's owner comes from {@code /proc}; no status, no client, no GPU memory:
     * no check judges them). The stand-in nvidia-smi answers only once the daemon was asked: gathered one after the
     * other (the GPU query first, as before), it would wait out the deadline.
     */
    @Test
    void theDoctorAsksOnlyTheServerListOnceWhileTheGpuQueryRuns() {
        CountDownLatch serversAsked = new CountDownLatch(1);
        List<Boolean> waits = new CopyOnWriteArrayList<>();
        beforeGpuQuery = () -> waits.add(opened(serversAsked));
        DaemonRecord a = daemon("a", 4_190_001L, Map.of());
        sb.processes.put(4_190_100L, "nvidia-cuda-mps-server", 100);
        sb.processes.describe(4_190_100L, new ProcessOwner(sb.uid, "me"), List.of("nvidia-cuda-mps-server"));
        Map<String, String> replies = Map.of("get_server_list", "4190100\n", "get_server_status 4190100", "ACTIVE\n",
                "get_client_list 4190100", "4190200\n");
        daemons.put(a.pipeDirectory(), stdin -> {
            if (stdin.equals("get_server_list")) {
                serversAsked.countDown();
            }
            return CommandResult.exited("nvidia-cuda-mps-control", 0, answers(stdin, replies), "");
        });
        computeApps = "4190200, " + GPU0 + ", 640\n";
        Doctor doctor = new DoctorFixture(sb, sb.host(), runner, Duration.ofSeconds(5)).doctor(DoctorChecks.all());

        DoctorReport report = doctor.run(Optional.empty());

        assertEquals(List.of(true), waits);
        CheckResult answers = check(report, DoctorCheckId.ANSWERS);
        assertEquals(CheckStatus.PASS, answers.status(), answers.observedMessage().english());
        assertEquals("answered; servers: 4190100", answers.observedMessage().english());
        CheckResult serverUid = check(report, DoctorCheckId.SERVER_UID);
        assertEquals("1 MPS server(s) of your live daemons, all running as you", serverUid.observedMessage().english());
        assertEquals(List.of("get_server_list"), controlCalls);
        assertEquals(1, smiCalls.size(), "the GPU query only: " + smiCalls);
    }

    private static CheckResult check(DoctorReport report, DoctorCheckId id) {
        return report.checks().stream().filter(r -> r.checkId() == id).findFirst().orElseThrow();
    }
}
