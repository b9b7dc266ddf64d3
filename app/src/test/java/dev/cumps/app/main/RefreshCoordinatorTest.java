package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ui.HeldUiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The one refresh guard: F5 and the periodic refresh never collect at the same time, a request while
 * one runs is dropped, and "refreshing" stays on until the result is shown. The executor here holds
 * the submitted work until the test runs it, so "while one runs" is a state, not a race.
 */
class RefreshCoordinatorTest {

    private final HeldUiExecutor executor = new HeldUiExecutor();
    private final AtomicInteger collections = new AtomicInteger();
    private final List<Integer> shown = new ArrayList<>();
    private final List<Throwable> failures = new ArrayList<>();
    private final RefreshCoordinator<Integer> refresher = new RefreshCoordinator<>(executor,
            collections::incrementAndGet, shown::add, failures::add);

    @Test
    void aSecondRequestWhileOneRunsIsDropped() {
        refresher.refreshNow();
        refresher.refreshNow();

        assertEquals(1, executor.waiting(), "one collection submitted");
        assertTrue(refresher.refreshingProperty().get());
        executor.runNext();
        assertEquals(List.of(1), shown);
        assertFalse(refresher.refreshingProperty().get(), "off once the result is shown");
    }

    @Test
    void thePeriodicRefreshSkipsWhileF5Collects() {
        refresher.refreshNow();

        assertEquals(Optional.empty(), refresher.collectIfIdle(), "the periodic run does not collect beside F5");
        assertEquals(0, collections.get());
        executor.runNext();
        assertEquals(1, collections.get());

        Optional<Integer> periodic = refresher.collectIfIdle();
        assertEquals(Optional.of(2), periodic, "free again once F5's collection ended");
        refresher.show(periodic);
        assertEquals(List.of(1, 2), shown);
        assertFalse(refresher.refreshingProperty().get());
    }

    @Test
    void f5IsDroppedWhileThePeriodicRefreshCollects() {
        List<Boolean> refreshingDuring = new ArrayList<>();
        AtomicReference<RefreshCoordinator<Integer>> self = new AtomicReference<>();
        self.set(new RefreshCoordinator<>(executor, () -> {
            self.get().refreshNow(); // F5 pressed while the periodic collection runs
            refreshingDuring.add(self.get().refreshingProperty().get());
            return collections.incrementAndGet();
        }, shown::add, failures::add));

        Optional<Integer> periodic = self.get().collectIfIdle();

        assertEquals(Optional.of(1), periodic);
        assertEquals(0, executor.waiting(), "F5 during the periodic collection submitted nothing");
        assertEquals(List.of(true), refreshingDuring);
        self.get().show(periodic);
        assertEquals(List.of(1), shown);
        assertFalse(self.get().refreshingProperty().get());
    }

    @Test
    void aFailedCollectionReleasesTheGuardAndIsShown() {
        IllegalStateException boom = new IllegalStateException("boom");
        RefreshCoordinator<Integer> failing = new RefreshCoordinator<>(executor, () -> {
            throw boom;
        }, shown::add, failures::add);

        failing.refreshNow();
        executor.runNext();

        assertEquals(List.of(boom), failures);
        assertFalse(failing.refreshingProperty().get());
        failing.refreshNow();
        assertEquals(1, executor.waiting(), "a new request is accepted after the failure");
    }

    @Test
    void aCancelledPeriodicRunLeavesRefreshingOffOnceItsCollectionEnded() {
        Optional<Integer> periodic = refresher.collectIfIdle();
        assertTrue(periodic.isPresent());
        assertTrue(refresher.refreshingProperty().get());

        refresher.cancelled(); // the service was cancelled: its result is never shown

        assertFalse(refresher.refreshingProperty().get());
        refresher.refreshNow();
        assertEquals(1, executor.waiting(), "F5 is accepted again");
    }
}
