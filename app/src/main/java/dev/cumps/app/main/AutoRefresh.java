package dev.cumps.app.main;

import dev.cumps.app.ui.LatestOnly;
import dev.cumps.app.ui.UiExecutor;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The periodic refresh: a timer of the window's {@link UiExecutor} that, at once and then every interval,
 * collects on a worker through the main view model's one refresh guard ({@link RefreshCoordinator})
 * and shows the snapshot on the FX thread. The guard skips a collection while another (F5, after
 * an action) runs, so refreshes never overlap; a tick while the previous periodic collection still
 * runs is skipped too. It runs only while the refresh is not paused and the window is showing and
 * not iconified; pausing cancels a collection under way (its result is not shown).
 */
public final class AutoRefresh {

    private final UiExecutor executor;
    private final RefreshCoordinator<MainViewModel.Snapshot> refresher;
    private final MainViewModel viewModel;
    private final BooleanProperty windowVisible = new SimpleBooleanProperty(this, "windowVisible", true);
    private final BooleanBinding active;
    private boolean started;
    /**
     * Whether the next activation collects at once: false only from {@link #startAfterOwnRefresh} to the
     * activation it starts at once (none if inactive then). UI thread.
     */
    private boolean atOnce = true;
    /** The periodic timer while refreshing; null otherwise. UI thread. */
    private UiExecutor.Timer timer;
    /** The periodic collection under way, if any, as a task. UI thread. */
    private final LatestOnly running = new LatestOnly();
    /** Set when the run under way was halted: its worker then tells the guard it ended. */
    private AtomicBoolean halted = new AtomicBoolean();

    public AutoRefresh(MainViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.executor = viewModel.context().executor();
        this.refresher = viewModel.refresher();
        viewModel.intervalSecondsProperty().addListener((obs, was, now) -> {
            if (timer != null) {
                timer.cancel();
                timer = executor.every(period(), this::tick);
            }
        });
        active = viewModel.pausedProperty().not().and(windowVisible);
        active.addListener((obs, was, is) -> update());
    }

    /** Starts refreshing (at once, then every interval) while active. Call on the FX thread. */
    public void start() {
        started = true;
        update();
    }

    /**
     * Starts refreshing every interval while active, the first time one interval from now: the caller has
     * just asked for a collection itself ({@link MainViewModel#refresh()}: the launch's first, started
     * before the window was built), so a run at once would only repeat it. Later activations (the window
     * shown again, the refresh resumed) collect at once, as after {@link #start()}. Call on the FX thread.
     */
    public void startAfterOwnRefresh() {
        atOnce = false;
        start();
    }

    /** Stops for good (window closing). */
    public void stop() {
        started = false;
        halt();
    }

    /** Pauses while {@code window} is hidden or iconified. */
    public void followWindow(Window window) {
        BooleanExpression visible = window.showingProperty();
        if (window instanceof Stage stage) {
            visible = visible.and(stage.iconifiedProperty().not());
        }
        windowVisible.bind(visible);
    }

    private void update() {
        if (started && active.get()) {
            if (timer == null) {
                if (atOnce) {
                    tick();
                }
                atOnce = true;
                timer = executor.every(period(), this::tick);
            }
        } else {
            atOnce = true;
            halt();
        }
    }

    private Duration period() {
        return Duration.ofSeconds(Math.max(1, viewModel.intervalSecondsProperty().get()));
    }

    private void tick() {
        if (running.isRunning()) {
            return;
        }
        AtomicBoolean runHalted = new AtomicBoolean();
        halted = runHalted;
        int seconds = (int) period().toSeconds();
        running.start(executor.task(() -> {
            try {
                return refresher.collectIfIdle(() -> viewModel.collectPeriodic(seconds));
            } finally {
                if (runHalted.get()) {
                    refresher.cancelled();
                }
            }
        }).onSuccess(refresher::show).onFailure(refresher::showFailure));
    }

    private void halt() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        halted.set(true);
        if (running.cancel()) {
            refresher.cancelled();
        }
    }
}
