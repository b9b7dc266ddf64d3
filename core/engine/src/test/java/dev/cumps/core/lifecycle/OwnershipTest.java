package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.RecordLocks;
import dev.cumps.core.record.RecordStore;
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
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Who owns a pipe directory and a GPU, what undo may touch, which directories are refused and what
 * the daemon inherits.
 */
class OwnershipTest {
    private static final long FOREIGN_PID = 4_130_000L;
    private static final long FOREIGN_TICKS = 77;
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

    private static StartRequest request(String gpus, String name, Path pipe, Path log, Map<String, String> env) {
        return new StartRequest(Optional.ofNullable(gpus), Optional.of(name), Optional.ofNullable(pipe), Optional.ofNullable(log), env);
    }

    // ------------------------------------------------------------ pipe directory

    @Test
    void aSecondStartOnAPipeDirectoryBeingStartedWaitsAndIsRefusedNamingTheFirst() throws Exception {
        Path pipe = sb.dir.resolve("p");
        String refusal = racePastFirstLaunch(
                () -> starter().start(Sandbox.request("0", "first", pipe, sb.dir.resolve("l1")), s -> { }),
                () -> starter().start(Sandbox.request("0", "second", pipe, sb.dir.resolve("l2")), s -> { }));

        assertTrue(refusal.contains("'first'") && refusal.contains("cumps stop --name first"), refusal);
        assertEquals(1, sb.mps.launches().size(), "the second start never launched");
        FakeMpsHost.Daemon first = sb.mps.daemon(pipe).orElseThrow();
        assertTrue(sb.processes.isAlive(new ProcessIdentity(first.pid, first.startTicks)));
        assertFalse(sb.mps.clientCommands().contains("quit\n"), "nothing was told to quit");
        assertTrue(Files.exists(sb.recordFile("first")));
        assertFalse(Files.exists(sb.recordFile("second")));
    }

    @Test
    void aPipeDirectoryOfAStaleRecordIsNotSharedEither() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        Path pipe = sb.dir.resolve("p");
        DaemonRecord old = starter().start(Sandbox.request("0", "old", pipe, sb.dir.resolve("l1")), s -> { });
        sb.processes.kill(old.pid());

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("1", "new", sb.dir.resolve("x/../p"), sb.dir.resolve("l2")), s -> { }));

        assertTrue(e.getMessage().contains("'old' (stale record)") && e.getMessage().contains("cumps stop --name old"), e.getMessage());
        assertEquals(1, sb.mps.launches().size());
    }

    @Test
    void aPipeDirectoryReachedThroughALinkIsTheSameDirectory() throws IOException {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        Path pipe = sb.dir.resolve("p");
        DaemonRecord first = starter().start(Sandbox.request("0", "first", pipe, sb.dir.resolve("l1")), s -> { });
        Path alias = Files.createSymbolicLink(sb.dir.resolve("alias"), sb.dir);

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("1", "second", alias.resolve("p"), sb.dir.resolve("l2")), s -> { }));

        assertTrue(e.getMessage().contains("'first' (live, pid " + first.pid() + ")"), e.getMessage());
        assertEquals(1, sb.mps.launches().size());
    }

    @Test
    void undoOfAFailedLaunchLeavesADaemonItDidNotLaunchAlone() throws IOException {
        // Another daemon (not launched by this start) takes over the pipe directory's pid file while ours fails.
        sb.processes.put(FOREIGN_PID, FakeMpsHost.DAEMON_COMM, FOREIGN_TICKS);
        Path pipe = sb.dir.resolve("p");
        sb.mps.launch(FakeMpsHost.Launch.LOG_ERROR);
        sb.mps.observe(spec -> {
            if (spec.argv().contains("-d")) {
                write(pipe.resolve("nvidia-cuda-mps-control.pid"), FOREIGN_PID + "\n");
            }
        });

        StartFailure f = assertThrows(StartFailure.class,
                () -> starter().start(Sandbox.request("0", "mine", pipe, sb.dir.resolve("l")), s -> { }));

        assertTrue(f.getMessage().contains("did not start"), f.getMessage());
        assertTrue(sb.processes.isAlive(new ProcessIdentity(FOREIGN_PID, FOREIGN_TICKS)), "the other daemon runs on");
        assertEquals(List.of(), sb.processes.terminated(), "nothing was signalled");
        assertFalse(sb.mps.clientCommands().contains("quit\n"), "quit was not sent to a daemon this start did not launch");
        assertTrue(Files.exists(pipe.resolve("nvidia-cuda-mps-control.pid")), "the other daemon's pid file was left");
    }

    @Test
    void undoStillEndsTheDaemonThisStartLaunched() {
        sb.mps.launch(FakeMpsHost.Launch.NEVER_ANSWERS);
        Path pipe = sb.dir.resolve("p");

        assertThrows(StartFailure.class, () -> starter().start(Sandbox.request("0", "mute", pipe, sb.dir.resolve("l")), s -> { }));

        FakeMpsHost.Daemon ours = sb.mps.daemon(pipe).orElseThrow();
        assertEquals(List.of(new ProcessIdentity(ours.pid, ours.startTicks)), sb.processes.terminated());
    }

    @Test
    void aPidFileNamingAProcessOlderThanThisCumpsIsNeitherRecordedNorSignalled() {
        // The daemon carries our nonce but "started" before this process: it cannot be this launch's.
        sb.processes.selfStartTicks(1_000_000);
        sb.mps.launch(FakeMpsHost.Launch.IGNORES_QUIT);
        Path pipe = sb.dir.resolve("p");

        StartFailure f = assertThrows(StartFailure.class,
                () -> starter().start(Sandbox.request("0", "old", pipe, sb.dir.resolve("l")), s -> { }));

        assertTrue(f.getMessage().contains("did not launch"), f.getMessage());
        assertEquals(List.of(), sb.processes.terminated());
        assertFalse(Files.exists(sb.recordFile("old")));
    }

    @Test
    void aPipeDirectorySwappedDuringTheLaunchFailsTheStartAndRecordsNothing() {
        Path pipe = sb.dir.resolve("p");
        sb.mps.observe(spec -> {
            if (spec.argv().contains("-d")) {
                try {
                    Files.move(pipe, sb.dir.resolve("p-moved"));
                    Sandbox.mkdir700(pipe);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });

        StartFailure f = assertThrows(StartFailure.class,
                () -> starter().start(Sandbox.request("0", "swapped", pipe, sb.dir.resolve("l")), s -> { }));

        assertTrue(f.getMessage().contains("was replaced"), f.getMessage());
        assertFalse(f.getMessage().contains("\n"));
        assertFalse(Files.exists(sb.recordFile("swapped")));
        FakeMpsHost.Daemon launched = sb.mps.daemon(pipe).orElseThrow();
        assertFalse(sb.processes.contains(launched.pid), "the daemon this start launched was undone");
    }

    // ------------------------------------------------------------ one daemon per GPU

    @Test
    void aGpuWithALiveDaemonIsRefusedNamingIt() {
        DaemonRecord first = sb.start("first");

        CumpsException e = assertThrows(CumpsException.class, () -> sb.start("second"));

        assertTrue(e.getMessage().contains("'first'") && e.getMessage().contains("cumps stop --name first")
                && e.getMessage().contains(FakeGpu.uuidFor(0)), e.getMessage());
        assertEquals(1, sb.mps.launches().size());
        assertTrue(sb.processes.contains(first.pid()));
    }

    @Test
    void aStaleRecordDoesNotBlockItsGpu() {
        DaemonRecord first = sb.start("first");
        sb.processes.kill(first.pid());

        DaemonRecord second = sb.start("second");

        assertEquals(List.of(FakeGpu.uuidFor(0)), second.gpuUuids());
    }

    @Test
    void twoStartsRacingForOneGpuUnderDifferentNamesLetExactlyOneWin() throws Exception {
        String refusal = racePastFirstLaunch(() -> sb.start("alpha"), () -> sb.start("beta"));

        assertTrue(refusal.contains("'alpha'") && refusal.contains("cumps stop --name alpha"), refusal);
        assertEquals(1, sb.mps.launches().size());
        assertEquals(List.of("alpha"), sb.services().records().list().records().stream().map(DaemonRecord::name).toList());
    }

    /**
     * Runs {@code first} until its launch, then {@code second} until it either launches too (the
     * defect) or waits for a lock held by {@code first}; then lets {@code first} finish. Returns the
     * refusal {@code second} ends with, failing if it succeeded.
     */
    private String racePastFirstLaunch(Callable<DaemonRecord> first,
                                       Callable<DaemonRecord> second) throws Exception {
        CountDownLatch firstLaunching = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        sb.mps.observe(spec -> {
            if (spec.argv().contains("-d") && firstLaunching.getCount() > 0) {
                firstLaunching.countDown();
                await(release);
            }
        });
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<DaemonRecord> a = pool.submit(first);
            assertTrue(firstLaunching.await(60, TimeUnit.SECONDS), "first start reached its launch");
            Thread[] secondThread = new Thread[1];
            Future<DaemonRecord> b = pool.submit(() -> {
                secondThread[0] = Thread.currentThread();
                return second.call();
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (sb.mps.launches().size() < 2 && !waitingForLock(secondThread[0]) && !b.isDone()) {
                assertTrue(System.nanoTime() < deadline, "second start neither launched nor waited for a lock");
                Thread.onSpinWait();
            }
            release.countDown();
            a.get(20, TimeUnit.SECONDS);
            ExecutionException e = assertThrows(ExecutionException.class, () -> b.get(20, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof CumpsException, String.valueOf(e.getCause()));
            return e.getCause().getMessage();
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }

    private static boolean waitingForLock(Thread t) {
        return t != null && Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals("lockResource"));
    }

    @Test
    void aResourceLockWaitsForItsHolderAndGivesUpWithTheGivenMessage() throws Exception {
        RecordStore store = sb.services().records();
        Message busyGpu = Message.of(LifecycleMessages.GPU_BUSY, "GPU-x", 0);
        NameLock held = store.locks().lockResource("gpu", "GPU-x", Duration.ZERO, busyGpu);
        CumpsException busy = assertThrows(CumpsException.class,
                () -> store.locks().lockResource("gpu", "GPU-x", Duration.ofMillis(200), busyGpu));
        assertEquals(busyGpu, busy.errorMessage());
        assertTrue(Files.list(store.root().resolve(RecordLocks.LOCK_DIR))
                .allMatch(p -> p.getFileName().toString().startsWith("@gpu-")), "a key no daemon name can spell");

        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<NameLock> waiter = pool.submit(
                    () -> store.locks().lockResource("gpu", "GPU-x", Duration.ofSeconds(30), busyGpu));
            held.close();
            waiter.get(30, TimeUnit.SECONDS).close();
        } finally {
            pool.shutdownNow();
        }
    }

    // ------------------------------------------------------------ directories

    @Test
    void aPipeDirectoryUnderAWorldWritableNonStickyParentIsRefusedAndNothingIsCreated() throws IOException {
        Path shared = Files.createDirectory(sb.dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("0", "exposed", shared.resolve("p"), sb.dir.resolve("l")), s -> { }));

        assertTrue(e.getMessage().contains(shared.toString()) && e.getMessage().contains("0777"), e.getMessage());
        assertFalse(Files.exists(shared.resolve("p"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(sb.dir.resolve("l"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(0, sb.mps.launches().size());
    }

    @Test
    void aLogDirectoryUnderAnotherUsersParentIsRefused() throws IOException {
        Path theirs = Files.createDirectory(sb.dir.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);

        CumpsException e = assertThrows(CumpsException.class,
                () -> starter().start(Sandbox.request("0", "borrowed", sb.dir.resolve("p"), theirs.resolve("l")), s -> { }));

        assertTrue(e.getMessage().contains("uid 65534"), e.getMessage());
        assertFalse(Files.exists(theirs.resolve("l"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(0, sb.mps.launches().size());
    }

    @Test
    void aStickyWorldWritableParentLikeTmpIsAccepted() throws IOException {
        Path sticky = Files.createDirectory(sb.dir.resolve("sticky"));
        Sandbox.run("chmod", "1777", sticky.toString());

        DaemonRecord r = starter().start(Sandbox.request("0", "sticky", sticky.resolve("p"), sticky.resolve("l")), s -> { });

        assertEquals(sticky.resolve("p"), r.pipeDirectory());
    }

    // ------------------------------------------------------------ child environment

    @Test
    void theDaemonGetsTheAllowlistAndWhatWasAskedForNothingElse() {
        sb.env("LD_LIBRARY_PATH", "/opt/evil").env("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "10")
                .env("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=1G").env("USER", "me").env("LOGNAME", "me")
                .env("LANG", "C.UTF-8").env("LC_ALL", "C").env("SECRET_TOKEN", "x");

        starter().start(request(null, "allow", null, null, Map.of("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "50")), s -> { });

        Map<String, String> env = sb.mps.launches().get(0).environment();
        assertEquals(List.of("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "CUDA_MPS_LOG_DIRECTORY", "CUDA_MPS_PIPE_DIRECTORY",
                "CUDA_VISIBLE_DEVICES", MpsControl.LAUNCH_NONCE_VARIABLE, "HOME", "LANG", "LC_ALL", "LOGNAME", "PATH", "TMPDIR", "USER"),
                env.keySet().stream().sorted().toList());
        assertEquals("50", env.get("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE"), "the explicit value, not the shell's");
        assertEquals(32, env.get(MpsControl.LAUNCH_NONCE_VARIABLE).length());
    }

    @Test
    void theDaemonsPathKeepsOnlyAbsoluteEntries() {
        sb.env("PATH", ":.:bin:/usr/bin::/bin:");

        starter().start(request(null, "path", null, null, Map.of()), s -> { });

        assertEquals("/usr/bin:/bin", sb.mps.launches().get(0).environment().get("PATH"),
                "no empty or relative entry: the daemon must not run programs from the working directory");
    }

    @Test
    void aPathWithOnlyRelativeEntriesIsNotPassedAtAll() {
        sb.env("PATH", ".:bin:");

        starter().start(request(null, "nopath", null, null, Map.of()), s -> { });

        assertFalse(sb.mps.launches().get(0).environment().containsKey("PATH"), "an empty PATH means the working directory");
    }

    @Test
    void eachLaunchGetsItsOwnNonce() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.start("one", 0);
        sb.start("two", 1);

        List<String> nonces = sb.mps.launches().stream().map(CommandSpec::environment)
                .map(e -> e.get(MpsControl.LAUNCH_NONCE_VARIABLE)).toList();
        assertEquals(2, nonces.stream().distinct().count(), nonces.toString());
    }

    @Test
    void requestedVariablesAreValidated() {
        for (Map<String, String> bad : List.of(Map.of("1BAD", "x"), Map.of("A-B", "x"), Map.of("CUDA_VISIBLE_DEVICES", "1"),
                Map.of(MpsControl.LAUNCH_NONCE_VARIABLE, "x"), Map.of("OK", "a\0b"))) {
            CumpsException e = assertThrows(CumpsException.class,
                    () -> starter().start(request(null, "bad", null, null, bad), s -> { }), bad.toString());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertEquals(0, sb.mps.launches().size());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
