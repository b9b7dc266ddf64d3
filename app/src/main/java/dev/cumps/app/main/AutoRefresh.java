package dev.cumps.app.main;

import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.concurrent.ScheduledService;
import javafx.concurrent.Task;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * The periodic refresh: a {@link ScheduledService} whose task collects on a worker (the service's
 * own daemon threads) through the main view model's one refresh guard ({@link RefreshCoordinator})
 * and shows the snapshot on the FX thread. The guard skips a collection while another (F5, after
 * an action) runs, so refreshes never overlap. It runs only while the refresh is not paused and
 * the window is showing and not iconified.
 */
public final class AutoRefresh {

    private final ScheduledService<Optional<MainViewModel.Snapshot>> service;
    private final BooleanProperty windowVisible = new SimpleBooleanProperty(this, "windowVisible", true);
    private final BooleanBinding active;
    private boolean started;

    public AutoRefresh(MainViewModel viewModel) {
        Objects.requireNonNull(viewModel, "viewModel");
        RefreshCoordinator<MainViewModel.Snapshot> refresher = viewModel.refresher();
        service = new ScheduledService<>() {
            @Override
            protected Task<Optional<MainViewModel.Snapshot>> createTask() {
                return new Task<>() {
                    @Override
                    protected Optional<MainViewModel.Snapshot> call() {
                        Optional<MainViewModel.Snapshot> snapshot = refresher.collectIfIdle();
                        if (isCancelled()) {
                            refresher.cancelled();
                        }
                        return snapshot;
                    }
                };
            }
        };
        service.periodProperty().bind(Bindings.createObjectBinding(
                () -> Duration.seconds(viewModel.intervalSecondsProperty().get()), viewModel.intervalSecondsProperty()));
        service.setRestartOnFailure(true);
        service.setOnSucceeded(event -> refresher.show(service.getValue() == null ? Optional.empty() : service.getValue()));
        service.setOnFailed(event -> refresher.showFailure(service.getException()));
        service.setOnCancelled(event -> refresher.cancelled());
        active = viewModel.pausedProperty().not().and(windowVisible);
        active.addListener((obs, was, is) -> update());
    }

    /** Starts refreshing (at once, then every interval) while active. Call on the FX thread. */
    public void start() {
        started = true;
        update();
    }

    /** Stops for good (window closing). */
    public void stop() {
        started = false;
        service.cancel();
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
            if (!service.isRunning()) {
                service.restart();
            }
        } else {
            service.cancel();
        }
    }

}
