package dev.cumps.app.main;

import java.util.List;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.scene.Node;
import org.kordamp.ikonli.Ikon;

/**
 * The panes below the tables (doctor, env block, control log, activity, then the {@code more} tabs:
 * clients, limits) and the action behind Ctrl+Shift+C (copy the env block). Built in
 * {@code ConsoleWindow}; tests pass labels.
 */
public record Panes(Node doctor, Node env, Node log, Node activity, Runnable copyEnv, List<More> more) {

    /**
     * A further tab: its id, title and icon, its content, and a property the main view keeps true while
     * the tab is selected (so that the pane's view model collects only while it is seen). {@code atEnd}:
     * the page comes after Activity (a page about other hosts, not this one's selected daemon).
     */
    public record More(String id, String title, Ikon icon, Node content, BooleanProperty showing, boolean atEnd) {
        /** A page after the doctor's, about the selected daemon. */
        public More(String id, String title, Ikon icon, Node content, BooleanProperty showing) {
            this(id, title, icon, content, showing, false);
        }

        public More {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(icon, "icon");
            Objects.requireNonNull(content, "content");
            Objects.requireNonNull(showing, "showing");
        }
    }

    public Panes {
        Objects.requireNonNull(doctor, "doctor");
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(activity, "activity");
        Objects.requireNonNull(copyEnv, "copyEnv");
        more = List.copyOf(more);
    }

    /** The four standard panes without further tabs. */
    public Panes(Node doctor, Node env, Node log, Node activity, Runnable copyEnv) {
        this(doctor, env, log, activity, copyEnv, List.of());
    }
}
