package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DaemonStartTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private DaemonStarter starter() {
        return sb.services().starter();
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void startWithExplicitDirectoriesRecordsThemAndTheDaemonIdentity() throws IOException {
        Path pipe = sb.dir.resolve("p");
        Path log = sb.dir.resolve("l");

        DaemonRecord record = starter().start(Sandbox.request("0", "job", pipe, log), s -> { });

        FakeMpsHost.Daemon daemon = sb.mps.daemon(pipe).orElseThrow();
        assertEquals(pipe, record.pipeDirectory());
        assertEquals(log, record.logDirectory());
        assertEquals(daemon.pid, record.pid());
        assertEquals(daemon.startTicks, record.processStartTicks());
        assertEquals(List.of(FakeGpu.uuidFor(0)), record.gpuUuids());
        assertEquals("single_gpu", record.topologyMode());
        assertEquals(sb.uid, record.uid());
        assertEquals(Sandbox.HOSTNAME, record.host());
        assertEquals(Sandbox.NOW.toEpochMilli() / 1000.0, record.createdAt());
        assertEquals("rwx------", mode(pipe));
        assertEquals("rwx------", mode(log));
        String onDisk = Files.readString(sb.recordFile("job"), StandardCharsets.UTF_8);
        Map<String, Object> json = Sandbox.parseObject(onDisk);
        assertEquals(((Number) json.get("pid")).longValue(), daemon.pid);
        assertEquals(((Number) json.get("process_start_ticks")).longValue(), daemon.startTicks);
        assertEquals(pipe.toString(), json.get("pipe_directory"));
        assertEquals("rw-------", mode(sb.recordFile("job")));
    }

    @Test
    void anR535DaemonWithoutAPidFileIsRecordedByItsControlLogLineAndItsOwnEnvironment() {
        sb.mps.r535();

        DaemonRecord record = sb.start("lts");

        FakeMpsHost.Daemon daemon = sb.mps.daemon(record.pipeDirectory()).orElseThrow();
        assertFalse(Files.exists(record.pipeDirectory().resolve(RuntimeDirs.PID_FILE), LinkOption.NOFOLLOW_LINKS), "R535 writes none");
        assertEquals(daemon.pid, record.pid());
        assertEquals(daemon.startTicks, record.identity().startTicks());
    }

    @Test
    void anR535DaemonThatAnswersBeforeItLogsItsStartLineIsStillRecorded() {
        sb.mps.r535().logsLate();

        DaemonRecord record = sb.start("late");

        assertEquals(sb.mps.daemon(record.pipeDirectory()).orElseThrow().pid, record.pid());
    }

    @Test
    void aPidFileThatContradictsControlLogFailsTheStartUndoesItAndLeavesTheOtherProcessAlone() {
        sb.mps.r535();
        Path log = sb.dir.resolve("l");
        Path pipe = sb.dir.resolve("p");
        long other = FakeMpsHost.FIRST_FAKE_PID + 500;
        sb.processes.put(other, FakeMpsHost.DAEMON_COMM, 2000);
        // Once the daemon is launched, a pid file naming another process appears in the pipe directory.
        AtomicBoolean launched = new AtomicBoolean();
        sb.mps.observe(spec -> {
            if (spec.argv().contains("-d")) {
                launched.set(true);
            } else if (launched.get()) {
                write(pipe.resolve(RuntimeDirs.PID_FILE), other + "\n");
            }
        });

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("0", "forged", pipe, log), s -> { }));

        assertTrue(e.getMessage().contains(RuntimeDirs.PID_FILE + " names pid " + other + " but control.log names pid "), e.getMessage());
        assertTrue(sb.processes.contains(other), "the process the pid file names is never signalled");
        assertFalse(Files.exists(sb.recordFile("forged")));
        assertTrue(sb.mps.daemon(pipe).map(d -> !sb.processes.contains(d.pid)).orElse(false), "this launch's own daemon is undone");
    }

    /**
     * The launch identity on the start path, where a pid file is written (R550): a pid file naming a running MPS
     * daemon that is not this launch's (no nonce of this launch in its environment) is never recorded nor signalled.
     */
    @Test
    void aPidFileNamingAnotherRunningDaemonIsNeverRecordedAndThatDaemonIsLeftAlone() {
        Path log = sb.dir.resolve("l");
        Path pipe = sb.dir.resolve("p");
        long impostor = FakeMpsHost.FIRST_FAKE_PID + 600;
        sb.processes.put(impostor, FakeMpsHost.DAEMON_COMM, 2000, Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()));
        AtomicBoolean launched = new AtomicBoolean();
        sb.mps.observe(spec -> {
            if (spec.argv().contains("-d")) {
                launched.set(true);
            } else if (launched.get()) {
                write(pipe.resolve(RuntimeDirs.PID_FILE), impostor + "\n");
            }
        });

        assertThrows(CumpsException.class, () -> starter().start(Sandbox.request("0", "impostor", pipe, log), s -> { }));

        assertTrue(sb.processes.contains(impostor), "the impostor the pid file names is never signalled");
        assertFalse(sb.processes.terminated().stream().anyMatch(i -> i.pid() == impostor));
        assertFalse(Files.exists(sb.recordFile("impostor")), "no record names it");
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void defaultNameAndDirectoriesArePerUserAndPrivate() throws IOException {
        DaemonRecord record = starter().start(StartRequest.defaults(), s -> { });

        String expectedName = "gpu-" + FakeGpu.uuidFor(0).substring(4);
        assertEquals(expectedName, record.name());
        Path base = sb.tmp.resolve("uni-cumps-" + sb.uid);
        assertEquals(base.resolve(expectedName).resolve("pipe"), record.pipeDirectory());
        assertEquals(base.resolve(expectedName).resolve("log"), record.logDirectory());
        for (Path p : List.of(base, base.resolve(expectedName), record.pipeDirectory(), record.logDirectory())) {
            assertEquals("rwx------", mode(p), p.toString());
        }
        assertTrue(Files.isRegularFile(sb.recordFile(expectedName)));
    }

    @Test
    void launchEnvironmentSelectsExactlyTheDaemonsGpuAndDirectories() {
        sb.env("CUDA_VISIBLE_DEVICES", "0").env("CUDA_MPS_PIPE_DIRECTORY", "/somewhere/else")
                .env("CUDA_MPS_LOG_DIRECTORY", "/somewhere/log").env("OTHER", "kept");

        DaemonRecord record = sb.start("envcheck");

        List<CommandSpec> launches = sb.mps.launches();
        assertEquals(1, launches.size());
        Map<String, String> env = launches.get(0).environment();
        assertEquals(FakeGpu.uuidFor(0), env.get("CUDA_VISIBLE_DEVICES"));
        assertEquals(record.pipeDirectory().toString(), env.get("CUDA_MPS_PIPE_DIRECTORY"));
        assertEquals(record.logDirectory().toString(), env.get("CUDA_MPS_LOG_DIRECTORY"));
        assertFalse(env.containsKey("OTHER"), "only allowlisted variables reach the daemon");
        for (CommandSpec smi : sb.mps.runner().specsFor(FakeMpsHost.SMI)) {
            assertFalse(smi.environment().containsKey("CUDA_VISIBLE_DEVICES"), "nvidia-smi must see every GPU");
            assertFalse(smi.environment().containsKey("CUDA_MPS_PIPE_DIRECTORY"));
        }
        for (CommandSpec client : sb.mps.clientCalls()) {
            assertEquals(record.pipeDirectory().toString(), client.environment().get("CUDA_MPS_PIPE_DIRECTORY"));
            assertFalse(client.environment().containsKey("CUDA_VISIBLE_DEVICES"));
        }
    }

    @Test
    void readinessIsGetServerListOnStandardInputNotAnArgument() {
        sb.start("ready");

        List<CommandSpec> clients = sb.mps.clientCalls();
        assertEquals(1, clients.size());
        assertEquals(List.of(FakeMpsHost.CONTROL), clients.get(0).argv());
        assertEquals("get_server_list\n", clients.get(0).stdin());
    }

    @Test
    void recordIsWrittenOnlyAfterTheDaemonAnswered() {
        AtomicBoolean recordExistedWhenAsked = new AtomicBoolean(true);
        sb.mps.observe(spec -> {
            if ("get_server_list\n".equals(spec.stdin())) {
                recordExistedWhenAsked.set(Files.exists(sb.recordFile("last")));
            }
        });

        sb.start("last");

        assertFalse(recordExistedWhenAsked.get());
        assertTrue(Files.exists(sb.recordFile("last")));
    }

    @Test
    void stagesAreReportedInOrder() {
        List<StartStage> stages = new ArrayList<>();

        starter().start(Sandbox.named("staged"), stages::add);

        assertEquals(List.of(StartStage.RESOLVING, StartStage.PREPARING, StartStage.LAUNCHING, StartStage.CONTROL_SOCKET,
                StartStage.ANSWERING, StartStage.RECORDED), stages);
    }

    @Test
    void startRefusesALiveDuplicateWithoutLaunching() {
        DaemonRecord first = sb.start("dup");
        sb.mps.runner().clear();

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("dup"));

        assertTrue(e.getMessage().contains("already running"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
        assertEquals(first.pid(), sb.services().records().list().records().get(0).pid());
    }

    @Test
    void startQuarantinesAStaleRecordAndStartsAnew() throws IOException {
        DaemonRecord old = sb.start("again");
        String oldText = Files.readString(sb.recordFile("again"));
        sb.mps.crash(old.pipeDirectory()); // killed: its socket file stays, nobody listens

        DaemonRecord fresh = sb.start("again");

        Path moved = sb.records.resolve(".stale").resolve("again-" + Sandbox.NOW.toEpochMilli()).resolve("daemon.json");
        assertEquals(oldText, Files.readString(moved));
        assertNotEquals(old.pid(), fresh.pid());
        assertEquals(fresh.pid(), ((Number) Sandbox.parseObject(Files.readString(sb.recordFile("again"))).get("pid")).longValue());
    }

    @Test
    void startQuarantinesAnUnreadableRecord() throws IOException {
        sb.writeRaw("broken", "{ not json");

        sb.start("broken");

        Path moved = sb.records.resolve(".stale").resolve("broken-" + Sandbox.NOW.toEpochMilli()).resolve("daemon.json");
        assertEquals("{ not json", Files.readString(moved));
        assertTrue(Files.isRegularFile(sb.recordFile("broken")));
    }

    @Test
    void startRefusesAControlSocketPathOver95Bytes() {
        Path pipe = sb.dir.resolve("x".repeat(120 - sb.dir.toString().length()));

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "long", pipe, sb.dir.resolve("l")), s -> { }));

        assertTrue(e.getMessage().contains("95"), e.getMessage());
        assertTrue(e.getMessage().contains("--pipe-dir"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
        assertFalse(Files.exists(pipe));
    }

    @Test
    void startAcceptsAControlSocketPathOfExactly95Bytes() {
        String prefix = sb.dir + "/";
        Path pipe = Path.of(prefix + "y".repeat(95 - prefix.length() - "/control".length()));
        assertEquals(95, pipe.resolve("control").toString().length());

        DaemonRecord record = starter().start(Sandbox.request(null, "edge", pipe, sb.dir.resolve("l")), s -> { });

        assertEquals(pipe, record.pipeDirectory());
    }

    @Test
    void startRefusesTheSameDirectoryForPipeAndLog() {
        Path both = sb.dir.resolve("same");

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "same", both, both), s -> { }));

        assertTrue(e.getMessage().contains("must differ"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void startRemovesInertLeftoversOfAFailedLaunch() throws IOException {
        Path pipe = sb.dir.resolve("p");
        Sandbox.mkdir700(pipe);
        Files.writeString(pipe.resolve("control_lock"), "");
        Sandbox.mkfifo(pipe.resolve("log"));

        starter().start(Sandbox.request(null, "inert", pipe, sb.dir.resolve("l")), s -> { });

        assertFalse(Files.exists(pipe.resolve("control_lock"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(pipe.resolve("log"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(1, sb.mps.launches().size());
    }

    /**
     * A pid file or control_lock left in the pipe directory as a link: the daemon would write its pid
     * (or take its lock) through it, into another file, e.g. another daemon's pid file. Start removes
     * the links, never what they point to.
     */
    @Test
    void startRemovesALinkedPidFileAndControlLockWithoutTouchingTheirTargets() throws IOException {
        Path pipe = sb.dir.resolve("p");
        Sandbox.mkdir700(pipe);
        Path victim = Files.writeString(sb.dir.resolve("other-daemons.pid"), "4190999\n");
        Files.createSymbolicLink(pipe.resolve("nvidia-cuda-mps-control.pid"), victim);
        Files.createSymbolicLink(pipe.resolve("control_lock"), victim);

        DaemonRecord r = starter().start(Sandbox.request(null, "linked", pipe, sb.dir.resolve("l")), s -> { });

        assertEquals("4190999\n", Files.readString(victim), "nothing was written through the links");
        assertFalse(Files.isSymbolicLink(pipe.resolve("nvidia-cuda-mps-control.pid")));
        assertFalse(Files.isSymbolicLink(pipe.resolve("control_lock")));
        assertEquals(Optional.of(r.pid()), RuntimeDirs.readPidFile(pipe));
    }

    @ParameterizedTest
    @ValueSource(strings = {"control.log", "server.log"})
    void aLogThatIsALinkOrAFifoIsRefusedBeforeAnyLaunch(String log) throws IOException {
        Path logDir = sb.dir.resolve("l");
        Sandbox.mkdir700(logDir);
        Path victim = Files.writeString(sb.dir.resolve("bashrc"), "echo hi\n");
        Files.createSymbolicLink(logDir.resolve(log), victim);

        CumpsException link = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "loglink", sb.dir.resolve("p"), logDir), s -> { }));

        assertTrue(link.getMessage().contains(log + ": is a symbolic link") && link.getMessage().contains("Remove it"), link.getMessage());
        Files.delete(logDir.resolve(log));
        Sandbox.mkfifo(logDir.resolve(log));
        CumpsException fifo = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "logfifo", sb.dir.resolve("p"), logDir), s -> { }));
        assertTrue(fifo.getMessage().contains("not a regular file (FIFO)"), fifo.getMessage());
        assertEquals("echo hi\n", Files.readString(victim));
        assertTrue(sb.mps.launches().isEmpty(), "nothing was launched");
    }

    private Path defaultPipeWithOrphanSocket(String name, Long pidInPidFile) throws IOException {
        Path pipe = sb.runtimeRoot().resolve(name).resolve("pipe");
        Sandbox.mkdir700(sb.runtimeRoot());
        Sandbox.mkdir700(pipe.getParent());
        Sandbox.mkdir700(pipe);
        sb.mps.bind(pipe.resolve("control")).close();
        sb.mps.bind(pipe.resolve("control_privileged")).close();
        assertEquals(Optional.of(ControlPipe.Kind.UNIX_SOCKET), ControlPipe.kindOf(pipe.resolve("control")));
        if (pidInPidFile != null) {
            Files.writeString(pipe.resolve("nvidia-cuda-mps-control.pid"), pidInPidFile + "\n");
        }
        return pipe;
    }

    @Test
    void orphanSocketOfADeadDaemonInTheDefaultPipeDirectoryIsRemoved() throws IOException {
        Path pipe = defaultPipeWithOrphanSocket("orphan", 4_999_001L);

        DaemonRecord record = sb.start("orphan");

        assertEquals(pipe, record.pipeDirectory());
        assertEquals(1, sb.mps.launches().size());
        assertFalse(Files.exists(pipe.resolve("control_privileged"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(Optional.of(record.pid()), RuntimeDirs.readPidFile(pipe));
    }

    @Test
    void orphanSocketWhosePidIsAnotherProgramIsRemoved() throws IOException {
        Path pipe = defaultPipeWithOrphanSocket("reused", 4_999_002L);
        sb.processes.put(4_999_002L, "bash", 42);

        DaemonRecord record = sb.start("reused");

        assertEquals(pipe, record.pipeDirectory());
        assertEquals(1, sb.mps.launches().size());
        assertTrue(sb.processes.contains(4_999_002L), "the unrelated process is left alone");
    }

    @Test
    void controlSocketOfALiveUnrecordedDaemonRefusesStart() throws IOException {
        Path pipe = defaultPipeWithOrphanSocket("taken", 4_999_003L);
        sb.processes.put(4_999_003L, "nvidia-cuda-mps", 77);

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("taken"));

        assertTrue(e.getMessage().contains("4999003"), e.getMessage());
        assertTrue(e.getMessage().contains("already running"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
        assertTrue(Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void existingControlInAnExplicitPipeDirectoryIsNeverRemoved() throws IOException {
        Path pipe = sb.dir.resolve("mine");
        Sandbox.mkdir700(pipe);
        sb.mps.bind(pipe.resolve("control")).close();
        Files.writeString(pipe.resolve("nvidia-cuda-mps-control.pid"), "4999004\n");

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "explicit", pipe, sb.dir.resolve("l")), s -> { }));

        assertTrue(e.getMessage().contains("no record of yours owns it"), e.getMessage());
        assertTrue(Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void aStalePidFileInAnExplicitPipeDirectoryIsGoneBeforeTheLaunch() throws IOException {
        Path pipe = sb.dir.resolve("again");
        Sandbox.mkdir700(pipe);
        Files.writeString(pipe.resolve("nvidia-cuda-mps-control.pid"), "4999005\n");
        AtomicBoolean staleAtLaunch = new AtomicBoolean();
        sb.mps.observe(spec -> {
            if (spec.argv().contains("-d")) {
                staleAtLaunch.set(Files.exists(pipe.resolve("nvidia-cuda-mps-control.pid")));
            }
        });

        DaemonRecord record = starter().start(Sandbox.request(null, "again", pipe, sb.dir.resolve("l")), s -> { });

        assertFalse(staleAtLaunch.get(), "an old pid file would pass for the new daemon's while it starts");
        assertEquals(sb.mps.daemon(pipe).orElseThrow().pid, record.pid());
    }

    @Test
    void failedLaunchShowsTheControlLogTailSendsQuitAndCleansUp() {
        sb.mps.launch(FakeMpsHost.Launch.LOG_ERROR);
        Path pipe = sb.dir.resolve("p");

        StartFailure e = assertThrows(StartFailure.class,
                () -> starter().start(Sandbox.request(null, "fails", pipe, sb.dir.resolve("l")), s -> { }));

        assertTrue(e.getMessage().contains("Error: failed to start the control daemon (fake)"), e.getMessage());
        assertTrue(e.controlLogTail().stream().anyMatch(l -> l.contains("Error: failed to start")), e.controlLogTail().toString());
        assertTrue(sb.mps.clientCommands().contains("quit\n"), sb.mps.clientCommands().toString());
        assertTrue(sb.mps.clientCalls().stream().allMatch(c -> c.argv().size() == 1));
        assertFalse(Files.exists(pipe.resolve("control_lock")));
        assertFalse(Files.exists(sb.recordFile("fails")));
    }

    @Test
    void aDaemonWhoseSocketAppearsBeforeItListensIsAskedAgainAndRecorded() {
        sb.mps.launch(FakeMpsHost.Launch.LISTENS_LATE);

        DaemonRecord record = sb.start("late");

        assertTrue(Files.exists(sb.recordFile("late")));
        assertEquals(record, sb.services().records().list().records().get(0));
    }

    @Test
    void daemonThatNeverAnswersFailsTheStartWithoutARecord() {
        sb.mps.launch(FakeMpsHost.Launch.NEVER_ANSWERS);

        StartFailure e = assertThrows(StartFailure.class, () -> sb.start("mute"));

        assertTrue(e.getMessage().contains("did not answer"), e.getMessage());
        assertFalse(Files.exists(sb.recordFile("mute")));
        assertTrue(sb.services().records().list().records().isEmpty());
    }

    @Test
    void symlinkedRuntimeRootIsRefused() throws IOException {
        Path real = sb.tmp.resolve("elsewhere");
        Sandbox.mkdir700(real);
        Files.createSymbolicLink(sb.runtimeRoot(), real);

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("linked"));

        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
        assertFalse(Files.exists(real.resolve("linked")));
    }

    @Test
    void runtimeDirectoryWithMode0755IsRefusedWithAChmodHint() throws IOException {
        Files.createDirectory(sb.runtimeRoot());
        Files.setPosixFilePermissions(sb.runtimeRoot(), PosixFilePermissions.fromString("rwxr-xr-x"));

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("loose"));

        assertTrue(e.getMessage().contains("chmod 700 " + sb.runtimeRoot()), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void directoryOwnedByAnotherUserIsRefused() throws IOException {
        assertTrue(sb.uid == 0, "needs root to chown: run the tests as root (CI does; a root-only check fails, never skips)");
        Path pipe = sb.dir.resolve("theirs");
        Sandbox.mkdir700(pipe);
        Files.setAttribute(pipe, "unix:uid", 12345);

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "foreign", pipe, sb.dir.resolve("l")), s -> { }));

        assertTrue(e.getMessage().contains("owned by uid 12345"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void migEnabledGpuIsRefusedNamingMig() {
        sb.mps.gpus(FakeGpu.exclusive(0).withMig("Enabled"));

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("mig"));

        assertTrue(e.getMessage().contains("MIG"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void multiGpuSelectorsFailClosedNamingTheTopology() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));

        CumpsException list = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("0,1", "multi", null, null), s -> { }));
        CumpsException all = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("all", "every", null, null), s -> { }));

        assertTrue(list.getMessage().contains("single_task_multi_gpu"), list.getMessage());
        assertTrue(all.getMessage().contains("task_per_gpu"), all.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void severalVisibleGpusWithoutSelectorAskForGpus() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("which"));

        assertTrue(e.getMessage().contains("--gpus"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void cudaVisibleDevicesRestrictsWhatStartMayUse() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.env("CUDA_VISIBLE_DEVICES", "1");

        DaemonRecord record = sb.start("masked");

        assertEquals(List.of(FakeGpu.uuidFor(1)), record.gpuUuids());
        assertEquals(FakeGpu.uuidFor(1), sb.mps.launches().get(0).environment().get("CUDA_VISIBLE_DEVICES"));
        CumpsException hidden = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("0", "hidden", null, null), s -> { }));
        assertTrue(hidden.getMessage().contains("matches no visible GPU"), hidden.getMessage());
    }

    @Test
    void startWithoutNvidiaSmiSaysWhy() {
        sb.mps.smi(FakeMpsHost.Smi.NOT_FOUND);

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("nosmi"));

        assertTrue(e.getMessage().contains("nvidia-smi was not found"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void startRefusesANameRecordedByAnotherUser() {
        sb.foreignRecord("shared", 4242, Sandbox.HOSTNAME, 4_100_900L, 1);

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("shared"));

        assertTrue(e.getMessage().contains("uid 4242"), e.getMessage());
        assertTrue(Files.exists(sb.recordFile("shared")), "another user's record is never moved");
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void startRefusesAPipeDirectoryOfAnotherLiveDaemon() {
        Path pipe = sb.dir.resolve("p");
        starter().start(Sandbox.request(null, "first", pipe, sb.dir.resolve("l1")), s -> { });

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "second", pipe, sb.dir.resolve("l2")), s -> { }));

        assertTrue(e.getMessage().contains("first"), e.getMessage());
        assertEquals(1, sb.mps.launches().size());
    }

    @Test
    void invalidNamesAreRefusedBeforeAnythingIsCreated() {
        for (String bad : List.of("Upper", "-dash", "under_score", "a".repeat(65), "../up", "")) {
            CumpsException e = assertThrows(CumpsException.class, () -> sb.start(bad), bad);
            assertTrue(e.getMessage().contains("invalid daemon name"), e.getMessage());
        }
        assertTrue(sb.mps.launches().isEmpty());
        assertFalse(Files.exists(sb.runtimeRoot()));
    }

    @Test
    void anyUuidSpellingSelectsTheGpuAndIsRecordedCanonically() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        String shouting = FakeGpu.uuidFor(1).substring(4).replace("-", "").toUpperCase(Locale.ROOT);

        DaemonRecord record = starter().start(Sandbox.request(shouting, null, null, null), s -> { });

        assertEquals(List.of(FakeGpu.uuidFor(1)), record.gpuUuids());
        assertEquals("gpu-" + FakeGpu.uuidFor(1).substring(4), record.name());
    }

    @Test
    void oldErrorsInControlLogDoNotFailANewStart() throws IOException {
        Path log = sb.dir.resolve("l");
        Sandbox.mkdir700(log);
        Files.writeString(log.resolve("control.log"), "[2026-01-01 00:00:00.000 Control 9] ERROR: yesterday's failure\n");

        DaemonRecord record = starter().start(Sandbox.request(null, "reuse-log", sb.dir.resolve("p"), log), s -> { });

        assertEquals(log, record.logDirectory());
    }

    @Test
    void migDeviceUuidIsRefusedNamingMig() {
        CumpsException e = assertThrows(CumpsException.class, () -> starter().start(
                Sandbox.request("MIG-a1b2c3d4-0000-4000-8000-000000000000", "m", null, null), s -> { }));

        assertTrue(e.getMessage().contains("MIG"), e.getMessage());
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void symlinkedRuntimeRootIsRefusedForTheDefaultLogDirectoryToo() throws IOException {
        Path real = sb.tmp.resolve("elsewhere");
        Sandbox.mkdir700(real);
        Files.createSymbolicLink(sb.runtimeRoot(), real);

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request(null, "halfdefault", sb.dir.resolve("p"), null), s -> { }));

        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertFalse(Files.exists(real.resolve("halfdefault")), "nothing was created through the link");
        assertTrue(sb.mps.launches().isEmpty());
    }

    static String describe(List<CommandSpec> specs) {
        return specs.stream().map(s -> s.display() + " <<" + s.stdin()).collect(Collectors.joining("; "));
    }

    @Test
    void recordDirectoriesArePrivate() throws IOException {
        sb.start("private");

        assertEquals("rwx------", mode(sb.records));
        assertEquals("rwx------", mode(sb.records.resolve("private")));
        assertEquals("rw-------", mode(sb.recordFile("private")));
    }
}
