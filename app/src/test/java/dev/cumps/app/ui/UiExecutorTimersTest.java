package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The UI executor's timers ({@link UiExecutor#schedule}, {@link UiExecutor#every}, {@link Debounce}) on a test clock. */
class UiExecutorTimersTest {

    private final CurrentThreadUiExecutor executor = new CurrentThreadUiExecutor();
    private final List<String> ran = new ArrayList<>();

    @Test
    void aTimerRunsOnceWhenDueAndNeverOnceCancelled() {
        executor.schedule(Duration.ofSeconds(2), () -> ran.add("b"));
        executor.schedule(Duration.ofSeconds(1), () -> ran.add("a"));
        executor.schedule(Duration.ofSeconds(1), () -> ran.add("x")).cancel();
        executor.advance(Duration.ofMillis(999));
        assertEquals(List.of(), ran);
        executor.advance(Duration.ofSeconds(5));
        assertEquals(List.of("a", "b"), ran, "in the order they fall due");
    }

    @Test
    void aPeriodicTimerTicksEachPeriodUntilCancelled() {
        UiExecutor.Timer ticks = executor.every(Duration.ofSeconds(2), () -> ran.add("tick"));
        executor.advance(Duration.ofSeconds(1));
        assertEquals(List.of(), ran, "the first tick after one period");
        executor.advance(Duration.ofSeconds(4));
        assertEquals(List.of("tick", "tick"), ran, "at 2 s and 4 s");
        ticks.cancel();
        executor.advance(Duration.ofSeconds(10));
        assertEquals(List.of("tick", "tick"), ran);
        assertEquals(0, executor.waitingTimers());
    }

    @Test
    void aDebounceRunsOnlyTheLastOfABurstOnceItPauses() {
        Debounce debounce = new Debounce(executor, Duration.ofMillis(150));
        debounce.run(() -> ran.add("first"));
        executor.advance(Duration.ofMillis(100));
        debounce.run(() -> ran.add("second"));
        executor.advance(Duration.ofMillis(100));
        assertEquals(List.of(), ran, "the pause began again with the second request");
        executor.advance(Duration.ofMillis(50));
        assertEquals(List.of("second"), ran);
        debounce.run(() -> ran.add("dropped"));
        debounce.cancel();
        executor.advance(Duration.ofSeconds(1));
        assertEquals(List.of("second"), ran);
    }
}
