package dev.cumps.app;

import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.core.mps.ControlClient;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What View → Control client shows and does: the choice saved when the console started, where a new one is saved,
 * and the console's own {@code CUMPS_CONTROL_CLIENT}, if set.
 */
public record ControlClientSetting(ControlClientChoice saved, Consumer<ControlClientChoice> save, Optional<String> variable) {

    public ControlClientSetting {
        Objects.requireNonNull(saved, "saved");
        Objects.requireNonNull(save, "save");
        Objects.requireNonNull(variable, "variable");
    }

    /** Automatic, nothing saved (tests, a console without a settings folder). */
    public static ControlClientSetting unsaved() {
        return new ControlClientSetting(ControlClientChoice.AUTOMATIC, choice -> { }, Optional.empty());
    }

    /** The choice {@code store} holds (automatic without one), saved there; {@code env}'s variable. */
    public static ControlClientSetting of(Optional<ControlClientStore> store, Map<String, String> env) {
        return new ControlClientSetting(store.flatMap(ControlClientStore::load).orElse(ControlClientChoice.AUTOMATIC),
                choice -> store.ifPresent(s -> s.save(choice)), Optional.ofNullable(env.get(ControlClient.VARIABLE)));
    }
}
