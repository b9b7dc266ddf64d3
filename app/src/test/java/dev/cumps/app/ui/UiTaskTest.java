package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link UiTask} and {@link LatestOnly} on both executors: the production one (with a queue standing in for
 * the FX thread, drained by the test) and the tests' deterministic one.
 */
class UiTaskTest {

    /** Stands in for the FX thread: what the executor hands over queues here and runs when the test drains it. */
    private final BlockingQueue<Runnable> uiQueue = new LinkedBlockingQueue<>();
    private final FxUiExecutor fx = new FxUiExecutor(uiQueue::add);
    private final CurrentThreadUiExecutor current = new CurrentThreadUiExecutor();
    private static final long WAIT_SECONDS = Waits.DEADLINE.toSeconds();

    @AfterEach
    void close() {
        fx.close();
    }

    /** Runs what the worker handed to the "UI thread" until {@code done} holds (waiting for each hand-over). */
    private void drainUntil(AtomicBoolean done) throws InterruptedException {
        while (!done.get()) {
            Runnable next = uiQueue.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertTrue(next != null, "the worker handed nothing over");
            next.run();
        }
    }

    @Test
    void progressArrivesInOrderOnTheUiThreadThenExactlyOneSuccess() throws Exception {
        List<String> heard = new ArrayList<>();
        AtomicBoolean ended = new AtomicBoolean();
        fx.<String, Integer>task(progress -> {
            for (int i = 1; i <= 50; i++) {
                progress.accept(i);
            }
            return "done";
        }).onProgress(i -> heard.add("p" + i)).onSuccess(v -> {
            heard.add(v);
            ended.set(true);
        }).onFailure(e -> heard.add("failed " + e)).start();

        drainUntil(ended);

        List<String> expected = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            expected.add("p" + i);
        }
        expected.add("done");
        assertEquals(expected, heard);
        assertTrue(uiQueue.isEmpty(), "nothing after the outcome");
    }

    @Test
    void aFailureReachesOnlyTheFailureObserversAndALateObserverHearsItAtOnce() throws Exception {
        IOException boom = new IOException("nvidia-smi timed out");
        List<Object> heard = new ArrayList<>();
        AtomicBoolean ended = new AtomicBoolean();
        UiTask<String, Void> task = fx.task(() -> {
            throw boom;
        });
        task.onSuccess(heard::add).onFailure(e -> {
            heard.add(e);
            ended.set(true);
        }).start();
        drainUntil(ended);

        task.onFailure(e -> heard.add("late " + e.getMessage())).onSuccess(heard::add);

        assertEquals(List.of(boom, "late nvidia-smi timed out"), heard);
        assertFalse(task.isRunning());
    }

    @Test
    void cancelInterruptsTheWorkerAndNoObserverHearsAnythingAfter() throws Exception {
        CountDownLatch working = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        List<Object> heard = new ArrayList<>();
        UiTask<String, String> task = fx.<String, String>task(progress -> {
            progress.accept("began");
            working.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
                progress.accept("after the interrupt");
                return "too late";
            }
            return "never";
        }).onProgress(heard::add).onSuccess(heard::add).onFailure(heard::add).start();
        assertTrue(working.await(WAIT_SECONDS, TimeUnit.SECONDS));

        assertTrue(task.cancel());

        assertTrue(interrupted.await(WAIT_SECONDS, TimeUnit.SECONDS), "the worker was interrupted");
        fx.close(); // the worker has ended and handed over all it will
        for (Runnable r; (r = uiQueue.poll()) != null; ) {
            r.run();
        }
        assertEquals(List.of(), heard, "not even the progress reported before the cancel, still queued then");
        assertFalse(task.isRunning());
        assertFalse(task.cancel(), "cancelled once");
    }

    @Test
    void onTheDeterministicExecutorTheTaskRunsAtStartAndAnObserverAddedAfterHearsTheValue() {
        List<Object> heard = new ArrayList<>();
        UiTask<Integer, String> task = current.<Integer, String>task(progress -> {
            progress.accept("half");
            return 42;
        }).onProgress(heard::add);
        assertEquals(List.of(), heard, "nothing runs before start");

        task.start().onSuccess(heard::add);

        assertEquals(List.of("half", 42), heard);
        assertFalse(task.cancel(), "nothing to cancel once it ended");
    }

    @Test
    void anObserverThatCancelsItsOwnTaskStopsTheRest() {
        List<Object> heard = new ArrayList<>();
        AtomicReference<UiTask<String, String>> task = new AtomicReference<>();
        task.set(current.<String, String>task(progress -> {
            progress.accept("one");
            progress.accept("two");
            return "done";
        }).onProgress(p -> {
            heard.add(p);
            task.get().cancel();
        }).onSuccess(heard::add));

        task.get().start();

        assertEquals(List.of("one"), heard);
    }

    @Test
    void mapTurnsEitherOutcomeIntoAValueOnTheUiThreadAndCarriesTheProgress() {
        List<Object> heard = new ArrayList<>();
        UiTask<String, String> failing = current.task(progress -> {
            progress.accept("trying");
            throw new IOException("refused");
        });
        UiTask<String, String> mapped = failing.map(v -> "ok " + v, e -> "failed: " + e.getMessage()).onProgress(heard::add);

        failing.start();
        mapped.onSuccess(heard::add);

        assertEquals(List.of("trying", "failed: refused"), heard);
    }

    @Test
    void mapOfTheValueOnlyKeepsAFailureAFailure() {
        List<Object> heard = new ArrayList<>();
        UiTask<Integer, Void> counted = current.task(() -> 3);
        UiTask<String, Void> ok = counted.map(n -> n + " stopped");
        UiTask<String, Void> failing = current.task(() -> {
            throw new IOException("refused");
        });
        UiTask<String, Void> failed = failing.map(v -> "ok " + v);

        counted.start();
        failing.start();
        ok.onSuccess(heard::add);
        failed.onSuccess(heard::add).onFailure(e -> heard.add("failed: " + e.getMessage()));

        assertEquals(List.of("3 stopped", "failed: refused"), heard);
    }

    @Test
    void latestOnlyCancelsTheRunItReplaces() throws Exception {
        LatestOnly latest = new LatestOnly();
        CountDownLatch firstWorking = new CountDownLatch(1);
        CountDownLatch firstInterrupted = new CountDownLatch(1);
        List<String> heard = new ArrayList<>();
        AtomicBoolean ended = new AtomicBoolean();
        latest.start(fx.task(() -> {
            firstWorking.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                firstInterrupted.countDown();
            }
            return "first";
        }).onSuccess(heard::add));
        assertTrue(firstWorking.await(WAIT_SECONDS, TimeUnit.SECONDS));

        latest.start(fx.task(() -> "second").onSuccess(v -> {
            heard.add(v);
            ended.set(true);
        }));
        assertTrue(firstInterrupted.await(WAIT_SECONDS, TimeUnit.SECONDS), "the replaced run was interrupted");
        drainUntil(ended);
        fx.close();
        for (Runnable r; (r = uiQueue.poll()) != null; ) {
            r.run();
        }

        assertEquals(List.of("second"), heard, "only the newest run is heard");
        assertFalse(latest.isRunning());
        assertFalse(latest.cancel());
    }

    @Test
    void onTheDeterministicExecutorEachRunOfLatestOnlyEndsBeforeTheNextStarts() {
        LatestOnly latest = new LatestOnly();
        List<String> heard = new ArrayList<>();
        latest.start(current.task(() -> "first").onSuccess(heard::add));
        latest.start(current.task(() -> "second").onSuccess(heard::add));
        assertEquals(List.of("first", "second"), heard, "each ran to its end before the next began");
    }
}
