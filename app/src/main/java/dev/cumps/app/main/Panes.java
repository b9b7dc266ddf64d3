package dev.cumps.app.main;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.scene.Node;
import org.kordamp.ikonli.Ikon;

/**
 * The pages besides the overview (doctor, env block, control log, activity, then the {@code more} pages:
 * clients, limits, hosts), each as what builds its content when the page is first chosen, and the action
 * behind Ctrl+Shift+C (copy the env block), which works before the env page was ever shown. Built in
 * {@code ConsoleWindow}.
 */
public record Panes(Supplier<? extends Node> doctor, Supplier<? extends Node> env, Supplier<? extends Node> log,
        Supplier<? extends Node> activity, Runnable copyEnv, List<More> more) {

    /**
     * A further page: its id, title and icon, what builds its content (when first chosen), and a property the
     * main view keeps true while the page is chosen (the pane's view model, built with the content, follows it,
     * so that it collects only while it is seen). {@code atEnd}: the page comes after Activity (a page about
     * other hosts, not this one's selected daemon).
     */
    public record More(String id, String title, Ikon icon, Supplier<? extends Node> content, BooleanProperty showing, boolean atEnd) {
        /** A page after the doctor's, about the selected daemon. */
        public More(String id, String title, Ikon icon, Supplier<? extends Node> content, BooleanProperty showing) {
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
}
