package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A start cancelled at each stage (injected runner, process table and clock): before the launch
 * nothing is launched; after it the launch is undone as a failure is, touching only this start's
 * daemon; the outcome says what was done.
 */
class StartCancellationTest {
    private final Sandbox sb = new Sandbox();
    private final StartCancellation cancel = new StartCancellation();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private StartCancelled cancelledStart(String name, Consumer<StartStage> progress) {
        return assertThrows(StartCancelled.class,
                () -> Contexts.starter(sb).start(Sandbox.request("0", name, null, null), progress, cancel));
    }

    private Consumer<StartStage> cancelAt(StartStage at) {
        return stage -> {
            if (stage == at) {
                cancel.cancel();
            }
        };
    }

    @Test
    void aStartCancelledBeforeItBeginsLaunchesNothing() {
        cancel.cancel();

        StartCancelled cancelled = cancelledStart("job", stage -> { });

        assertEquals("lifecycle.CANCELLED_BEFORE_LAUNCH", cancelled.reasonMessage().key());
        assertEquals("start of daemon 'job' cancelled before the launch; nothing was started and no record was written",
                cancelled.getMessage());
        assertEquals(List.of(), sb.mps.launches());
        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aStartCancelledWhilePreparingLaunchesNothing() {
        StartCancelled cancelled = cancelledStart("job", cancelAt(StartStage.PREPARING));

        assertEquals("lifecycle.CANCELLED_BEFORE_LAUNCH", cancelled.reasonMessage().key());
        assertEquals(List.of(), sb.mps.launches(), "no nvidia-cuda-mps-control -d after the cancel");
        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of(), sb.processes.terminated());
    }

    @Test
    void aStartCancelledWhileWaitingForTheSocketStopsItsDaemonAndWritesNoRecord() {
        StartCancelled cancelled = cancelledStart("job", cancelAt(StartStage.CONTROL_SOCKET));

        assertEquals(1, sb.mps.launches().size());
        Path pipe = pipeOfLaunch();
        long pid = (long) cancelled.reasonMessage().args().get(1);
        assertEquals("lifecycle.CANCELLED_DAEMON_STOPPED", cancelled.reasonMessage().key());
        assertEquals("start of daemon 'job' cancelled; the daemon it launched (pid " + pid + ") was stopped and no record was written",
                cancelled.reason());
        assertFalse(sb.processes.exists(pid), "the launched daemon was stopped");
        FakeMpsHost.Daemon daemon = launched();
        assertEquals(List.of(new ProcessIdentity(daemon.pid, daemon.startTicks)), sb.processes.terminated(),
                "SIGTERM at once to exactly the launched pid and start time");
        assertFalse(sb.mps.clientCommands().stream().map(String::strip).toList().contains("quit"),
                "no quit that a daemon not yet up might leave unanswered");
        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS), "its socket is removed with the other leftovers");
    }

    @Test
    void aStartCancelledWhileWaitingForTheAnswerStopsAtTheNextQuestion() {
        sb.mps.launch(FakeMpsHost.Launch.LISTENS_LATE);
        AtomicInteger asked = new AtomicInteger();
        sb.mps.observe(spec -> {
            if ("get_server_list".equals(stdin(spec)) && asked.incrementAndGet() == 1) {
                cancel.cancel(); // the daemon has not listened yet: the wait would ask again
            }
        });

        StartCancelled cancelled = cancelledStart("job", stage -> { });

        assertEquals(1, asked.get(), "no question after the cancel");
        assertEquals("lifecycle.CANCELLED_DAEMON_STOPPED", cancelled.reasonMessage().key());
        assertFalse(sb.processes.exists((long) cancelled.reasonMessage().args().get(1)));
        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aCancelledStartLeavesEveryOtherDaemonAlone() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord other = sb.start("other", 1);

        cancelledStart("job", cancelAt(StartStage.CONTROL_SOCKET));

        assertTrue(sb.processes.isAlive(other.identity()), "the other daemon runs on with the same pid and start time");
        FakeMpsHost.Daemon daemon = sb.mps.daemon(Path.of(sb.mps.launches().get(1).environment().get("CUDA_MPS_PIPE_DIRECTORY")))
                .orElseThrow();
        assertEquals(List.of(new ProcessIdentity(daemon.pid, daemon.startTicks)), sb.processes.terminated(),
                "only the cancelled start's own daemon was signalled");
        assertTrue(Files.isRegularFile(sb.recordFile("other"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aDaemonThatIgnoresQuitIsTerminatedByItsVerifiedIdentity() {
        StartCancelled cancelled = cancelledStart("job", stage -> {
            if (stage == StartStage.CONTROL_SOCKET) {
                launched().ignoresQuit = true;
                cancel.cancel();
            }
        });

        FakeMpsHost.Daemon daemon = launched();
        assertEquals(List.of(new ProcessIdentity(daemon.pid, daemon.startTicks)), sb.processes.terminated(),
                "SIGTERM to exactly the launched pid and start time");
        assertFalse(sb.processes.exists(daemon.pid));
        assertEquals("lifecycle.CANCELLED_DAEMON_STOPPED", cancelled.reasonMessage().key());
    }

    @Test
    void aCancelAfterTheRecordIsWrittenChangesNothing() {
        DaemonRecord record = Contexts.starter(sb).start(Sandbox.request("0", "job", null, null), cancelAt(StartStage.RECORDED),
                cancel);

        assertTrue(cancel.isCancelled());
        assertTrue(sb.processes.isAlive(record.identity()), "the start had succeeded: its daemon runs");
        assertTrue(Files.isRegularFile(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aCancelInterruptsTheWaitItArrivesIn() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread start = new Thread(() -> {
            try {
                cancel.interruptibly(() -> {
                    inside.countDown();
                    try {
                        new CountDownLatch(1).await(); // a wait that only an interrupt ends
                    } catch (InterruptedException e) {
                        throw new IllegalStateException("interrupted", e);
                    }
                    return null;
                });
            } catch (Throwable t) {
                ended.set(t);
            }
            ended.compareAndSet(null, new AssertionError("returned"));
        });
        start.start();
        inside.await();

        cancel.cancel();
        start.join();

        assertTrue(ended.get() instanceof StartCancellation.Cancelled, String.valueOf(ended.get()));
    }

    @Test
    void theInterruptOfACancelIsNotLeftOnTheThread() {
        assertThrows(StartCancellation.Cancelled.class, () -> cancel.interruptibly(() -> {
            cancel.cancel();
            return null;
        }));
        assertFalse(Thread.currentThread().isInterrupted(), "the undo after it runs uninterrupted");
    }

    @Test
    void aWaitNeverCancelledReturnsItsValue() {
        assertEquals("up", cancel.interruptibly(() -> "up"));
    }

    private static String stdin(CommandSpec spec) {
        return spec.program().equals(MpsControl.PROGRAM) && spec.stdin() != null ? spec.stdin().strip() : "";
    }

    private Path pipeOfLaunch() {
        return Path.of(sb.mps.launches().get(0).environment().get("CUDA_MPS_PIPE_DIRECTORY"));
    }

    private FakeMpsHost.Daemon launched() {
        return sb.mps.daemon(pipeOfLaunch()).orElseThrow();
    }
}
