package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FxUiExecutorTest {

    /** Stands in for the FX thread: callbacks queue here and run when the test drains them. */
    private final BlockingQueue<Runnable> uiQueue = new LinkedBlockingQueue<>();
    private final FxUiExecutor executor = new FxUiExecutor(uiQueue::add);
    /** A deadline for events, not a time limit: the events come in milliseconds. */
    private static final long WAIT_SECONDS = Waits.DEADLINE.toSeconds();

    @AfterEach
    void close() {
        executor.close();
    }

    @Test
    void workRunsOnANamedDaemonWorkerAndTheResultOnTheUiThread() throws Exception {
        AtomicReference<Thread> worker = new AtomicReference<>();
        List<String> results = new ArrayList<>();
        executor.submit(() -> {
            worker.set(Thread.currentThread());
            return "done";
        }, results::add, e -> results.add("failed: " + e));

        uiQueue.poll(WAIT_SECONDS, TimeUnit.SECONDS).run();
        assertEquals(List.of("done"), results);
        assertTrue(worker.get().getName().matches("cumps-worker-\\d+"), worker.get().getName());
        assertTrue(worker.get().isDaemon());
        assertTrue(uiQueue.isEmpty(), "exactly one callback");
    }

    @Test
    void closeInterruptsWorkAndWaitsUntilItHasWoundDown() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        AtomicReference<String> windDown = new AtomicReference<>("not started");
        executor.submit(() -> {
            running.countDown();
            try {
                Thread.sleep(60_000);
                windDown.set("never interrupted");
            } catch (InterruptedException e) {
                Thread.sleep(300); // the undo work an interrupted start does (flag cleared by the throw)
                windDown.set("undone");
            }
            return null;
        }, r -> { }, e -> { });
        assertTrue(running.await(WAIT_SECONDS, TimeUnit.SECONDS));

        executor.close();

        assertEquals("undone", windDown.get(), "close returns only after the interrupted work has finished undoing");
    }

    @Test
    void aFailureReachesOnlyTheFailureCallback() throws Exception {
        IOException boom = new IOException("nvidia-smi timed out");
        List<Object> outcomes = new ArrayList<>();
        executor.submit(() -> {
            throw boom;
        }, outcomes::add, outcomes::add);

        uiQueue.poll(WAIT_SECONDS, TimeUnit.SECONDS).run();
        assertEquals(1, outcomes.size());
        assertSame(boom, outcomes.get(0));
    }

    @Test
    void aCancelledTaskCallsNeitherCallback() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Object> outcomes = new ArrayList<>();
        Future<?> task = executor.submit(() -> {
            started.countDown();
            release.await();
            return "late";
        }, outcomes::add, outcomes::add);
        assertTrue(started.await(WAIT_SECONDS, TimeUnit.SECONDS));
        task.cancel(true);

        // cancel(true) interrupts the blocked work, so its worker always ends by posting the failure
        // callback; the executor must drop it because the task was cancelled.
        Runnable callback = uiQueue.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(callback, "the interrupted work ended and posted its (dropped) callback");
        callback.run();
        assertTrue(outcomes.isEmpty(), "callbacks after cancel: " + outcomes);
        assertTrue(task.isCancelled());
    }

    @Test
    void currentThreadExecutorRunsEverythingInline() {
        List<Object> outcomes = new ArrayList<>();
        Future<?> done = new CurrentThreadUiExecutor().submit(() -> 42, outcomes::add, outcomes::add);
        assertEquals(List.of(42), outcomes);
        assertTrue(done.isDone());
        assertFalse(done.isCancelled());
    }

    /** A timer hands its action to the UI thread from the daemon timer thread once it is due; a cancelled one never. */
    @Test
    void aTimerRunsItsActionOnTheUiThreadUnlessCancelled() throws Exception {
        List<String> ran = new ArrayList<>();
        UiExecutor.Timer cancelled = executor.schedule(Duration.ofMillis(1), () -> ran.add("cancelled"));
        cancelled.cancel();
        AtomicReference<Thread> handedBy = new AtomicReference<>();
        executor.schedule(Duration.ofMillis(1), () -> ran.add("due"));
        // The cancelled timer may have been handed over before its cancel: running it then does nothing.
        // Drain the UI queue until the due one has run.
        while (ran.isEmpty()) {
            Runnable next = uiQueue.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(next, "the due timer reached the UI thread");
            next.run();
        }
        assertEquals(List.of("due"), ran);

        UiExecutor.Timer ticks = executor.every(Duration.ofMillis(1), () -> handedBy.set(Thread.currentThread()));
        uiQueue.poll(WAIT_SECONDS, TimeUnit.SECONDS).run();
        uiQueue.poll(WAIT_SECONDS, TimeUnit.SECONDS).run();
        assertSame(Thread.currentThread(), handedBy.get(), "the action runs where the UI queue is drained");
        ticks.cancel();
        Runnable late = uiQueue.poll(50, TimeUnit.MILLISECONDS);
        if (late != null) {
            handedBy.set(null);
            late.run(); // handed over before the cancel: it does nothing now
            assertEquals(null, handedBy.get(), "a cancelled periodic timer runs no more");
        }
    }

    /** After the window closed its executor, a timer set by a late event is a harmless no-op, not an error dialog. */
    @Test
    void aTimerSetAfterCloseNeverRuns() throws Exception {
        executor.close();
        List<String> ran = new ArrayList<>();
        UiExecutor.Timer late = executor.schedule(Duration.ZERO, () -> ran.add("late"));
        late.cancel();
        assertEquals(null, uiQueue.poll(50, TimeUnit.MILLISECONDS), "nothing reaches the UI thread");
        assertEquals(List.of(), ran);
    }
}
