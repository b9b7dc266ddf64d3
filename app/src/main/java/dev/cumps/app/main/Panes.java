package dev.cumps.app.main;

import java.util.Objects;
import javafx.scene.Node;

/**
 * The four panes below the tables (doctor, env block, control log, activity) and the action
 * behind Ctrl+Shift+C (copy the env block). Built in {@code ConsoleWindow}; tests pass labels.
 */
public record Panes(Node doctor, Node env, Node log, Node activity, Runnable copyEnv) {

    public Panes {
        Objects.requireNonNull(doctor, "doctor");
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(activity, "activity");
        Objects.requireNonNull(copyEnv, "copyEnv");
    }
}
