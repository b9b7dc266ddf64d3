package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The periodic refresh's start: at once and then every interval, or, after the caller's own first
 * refresh (the launch), first one interval later. Work and timers run on the test's thread, the
 * timers when the test moves the executor's clock; a refresh part counts the collections.
 */
class AutoRefreshTest {

    private SimulatedConsole host;
    private CurrentThreadUiExecutor executor;
    private MainViewModel vm;
    private Duration period;
    private final AtomicInteger collections = new AtomicInteger();

    @BeforeEach
    void open() {
        host = SimulatedConsole.open();
        executor = new CurrentThreadUiExecutor();
        vm = host.viewModels(host.context(executor, Locale.ENGLISH)).main();
        vm.addRefreshPart((snapshot, cause) -> {
            collections.incrementAndGet();
            return () -> { };
        });
        period = Duration.ofSeconds(vm.intervalSecondsProperty().get());
    }

    @AfterEach
    void close() {
        host.close();
    }

    @Test
    void startCollectsAtOnceThenEveryInterval() {
        AutoRefresh refresh = new AutoRefresh(vm);

        refresh.start();
        assertEquals(1, collections.get());
        executor.advance(period);
        assertEquals(2, collections.get());
        refresh.stop();
    }

    @Test
    void afterItsOwnRefreshTheLaunchIsNotCollectedTwice() {
        AutoRefresh refresh = new AutoRefresh(vm);

        vm.refresh();
        refresh.startAfterOwnRefresh();
        assertEquals(1, collections.get(), "the launch's own refresh, not a second one at once");
        assertEquals(false, vm.refreshingProperty().get());
        executor.advance(period.minusMillis(1));
        assertEquals(1, collections.get());
        executor.advance(Duration.ofMillis(1));
        assertEquals(2, collections.get(), "then every interval");
        refresh.stop();
    }

    @Test
    void aResumeAfterTheLaunchCollectsAtOnceAgain() {
        AutoRefresh refresh = new AutoRefresh(vm);
        vm.refresh();
        refresh.startAfterOwnRefresh();

        vm.pausedProperty().set(true);
        vm.pausedProperty().set(false);
        assertEquals(2, collections.get(), "resumed: at once, as after start()");
        refresh.stop();
    }

    @Test
    void startedWhileInactiveTheFirstActivationCollectsAtOnce() {
        AutoRefresh refresh = new AutoRefresh(vm);
        vm.pausedProperty().set(true);
        refresh.startAfterOwnRefresh();

        vm.pausedProperty().set(false);
        assertEquals(1, collections.get());
        refresh.stop();
    }
}
