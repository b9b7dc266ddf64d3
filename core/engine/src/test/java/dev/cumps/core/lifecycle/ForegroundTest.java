package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ForegroundTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void foregroundRunsDashFRecordsOnceAnsweredAndRemovesTheRecordAfterQuit() throws Exception {
        ForegroundRunner foreground = sb.services().foreground();
        AtomicReference<DaemonRecord> recorded = new AtomicReference<>();
        AtomicBoolean recordOnDiskWhenAnnounced = new AtomicBoolean();
        CountDownLatch announced = new CountDownLatch(1);

        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> foreground.run(Sandbox.named("fg"),
                sb.mps.spawner(), r -> {
                    recorded.set(r);
                    recordOnDiskWhenAnnounced.set(Files.exists(sb.recordFile("fg")));
                    announced.countDown();
                }, s -> { }));
        assertTrue(announced.await(10, TimeUnit.SECONDS), "the record is announced once the daemon answers");
        assertTrue(recordOnDiskWhenAnnounced.get());
        assertFalse(run.isDone(), "foreground keeps running while the daemon runs");
        assertEquals(List.of(FakeMpsHost.CONTROL, "-f"), sb.mps.spawned().get(0).argv());
        assertTrue(sb.mps.launches().isEmpty(), "no detached -d launch in foreground mode");

        foreground.end(recorded.get());
        int code = run.get(10, TimeUnit.SECONDS);

        assertEquals(0, code);
        assertFalse(Files.exists(sb.recordFile("fg")), "the record goes when the daemon exits");
        assertEquals("quit\n", sb.mps.clientCommands().get(sb.mps.clientCommands().size() - 1));
    }

    @Test
    void foregroundRecordIsRemovedWhenTheDaemonDiesOnItsOwn() throws Exception {
        ForegroundRunner foreground = sb.services().foreground();
        AtomicReference<DaemonRecord> recorded = new AtomicReference<>();
        CountDownLatch announced = new CountDownLatch(1);
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> foreground.run(Sandbox.named("crash"),
                sb.mps.spawner(), r -> {
                    recorded.set(r);
                    announced.countDown();
                }, s -> { }));
        assertTrue(announced.await(10, TimeUnit.SECONDS));

        sb.processes.kill(recorded.get().pid());
        run.get(10, TimeUnit.SECONDS);

        assertFalse(Files.exists(sb.recordFile("crash")));
    }

    /**
     * NVIDIA's -f daemon logs to its stdout, not control.log, and R470/R535 write no pid file: the only evidence
     * of its pid is the process cumps started, whose /proc environment carries this launch's nonce.
     */
    @Test
    void aForegroundDaemonThatWritesNeitherControlLogNorAPidFileIsRecordedAsTheProcessStarted() throws Exception {
        sb.mps.r535();
        ForegroundRunner foreground = sb.services().foreground();
        AtomicReference<DaemonRecord> recorded = new AtomicReference<>();
        CountDownLatch announced = new CountDownLatch(1);

        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> foreground.run(Sandbox.named("fg535"),
                sb.mps.spawner(), r -> {
                    recorded.set(r);
                    announced.countDown();
                }, s -> { }));
        assertTrue(announced.await(10, TimeUnit.SECONDS), () -> "the start succeeded: " + (run.isDone() ? run.handle((v, e) -> e).join()
                : "still waiting"));

        DaemonRecord record = recorded.get();
        FakeMpsHost.Daemon daemon = sb.mps.daemon(record.pipeDirectory()).orElseThrow();
        assertEquals(daemon.pid, record.pid(), "the record names the process cumps started");
        assertEquals(daemon.startTicks, record.processStartTicks());
        assertFalse(Files.exists(record.pipeDirectory().resolve("nvidia-cuda-mps-control.pid")), "no pid file, as on R535");
        assertFalse(Files.exists(record.logDirectory().resolve("control.log")), "no control.log line, as with NVIDIA's -f");

        foreground.end(record);
        assertEquals(0, run.get(10, TimeUnit.SECONDS));
        assertFalse(Files.exists(sb.recordFile("fg535")), "the record goes when the daemon exits");
    }
}
