package dev.cumps.app.main;

import java.util.Objects;
import java.util.Optional;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.concurrent.ScheduledService;
import javafx.concurrent.Task;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * The periodic refresh: a {@link ScheduledService} whose task runs {@link MainViewModel#collect()}
 * on a worker (the service's own daemon threads) and hands the snapshot to
 * {@link MainViewModel#apply} on the FX thread. A service never runs two tasks at once, and the
 * view model skips a collection while another (F5, after an action) runs. It runs only while
 * the refresh is not paused and the window is showing and not iconified.
 */
public final class AutoRefresh {

    private final ScheduledService<Optional<MainViewModel.Snapshot>> service;
    private final BooleanProperty windowVisible = new SimpleBooleanProperty(this, "windowVisible", true);
    private final BooleanBinding active;
    private boolean started;

    public AutoRefresh(MainViewModel viewModel) {
        Objects.requireNonNull(viewModel, "viewModel");
        service = new ScheduledService<>() {
            @Override
            protected Task<Optional<MainViewModel.Snapshot>> createTask() {
                return new Task<>() {
                    @Override
                    protected Optional<MainViewModel.Snapshot> call() {
                        return viewModel.collect();
                    }
                };
            }
        };
        service.periodProperty().bind(Bindings.createObjectBinding(
                () -> Duration.seconds(viewModel.intervalSecondsProperty().get()), viewModel.intervalSecondsProperty()));
        service.setRestartOnFailure(true);
        service.setOnSucceeded(event -> service.getValue().ifPresent(viewModel::apply));
        service.setOnFailed(event -> viewModel.refreshFailed(service.getException()));
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
        javafx.beans.binding.BooleanExpression visible = window.showingProperty();
        if (window instanceof javafx.stage.Stage stage) {
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
