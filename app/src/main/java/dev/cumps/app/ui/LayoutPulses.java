package dev.cumps.app.ui;

import java.util.Objects;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.Scene;

/**
 * Work that waits for what the user sees: {@link #once} runs an action right after the first layout
 * pulse of a scene at which a condition holds (the window shown, the first status in its tables), so
 * that it follows the frame rather than competing with it. On the FX thread.
 */
public final class LayoutPulses {

    private LayoutPulses() {
    }

    /**
     * Runs {@code action} once, after the first layout pulse of {@code scene} at which {@code ready}
     * holds, and then stops watching. {@code ready} is checked after every pulse; each change of
     * {@code trigger} asks for a pulse, so that a change that lays nothing out is still seen. Call it
     * on the FX thread.
     */
    public static void once(Scene scene, Observable trigger, BooleanSupplier ready, Runnable action) {
        Objects.requireNonNull(ready, "ready");
        Objects.requireNonNull(action, "action");
        InvalidationListener pulseWanted = changed -> Platform.requestNextPulse();
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (!ready.getAsBoolean()) {
                return;
            }
            scene.removePostLayoutPulseListener(listener[0]);
            trigger.removeListener(pulseWanted);
            action.run();
        };
        scene.addPostLayoutPulseListener(listener[0]);
        trigger.addListener(pulseWanted);
        Platform.requestNextPulse();
    }
}
