package dev.cumps.app.main;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * State of the main view. Phase 1 placeholder: only whether the host is simulated; the GPU,
 * control-pipe and daemon rows arrive with the core services.
 */
public final class MainViewModel {

    private final ReadOnlyBooleanWrapper simulated;

    public MainViewModel(boolean simulated) {
        this.simulated = new ReadOnlyBooleanWrapper(this, "simulated", simulated);
    }

    public ReadOnlyBooleanProperty simulatedProperty() {
        return simulated.getReadOnlyProperty();
    }
}
