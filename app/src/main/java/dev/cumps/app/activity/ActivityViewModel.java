package dev.cumps.app.activity;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.UiExecutor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;

/**
 * The activity pane's model: the window's {@link ActivityLog}, shown in {@link #zone()}, and
 * Save as… to a text or Markdown file ({@code .md}), written off the UI thread. The save dialog
 * opens in the user's home directory ({@code $HOME}), never in the process's working directory.
 */
public final class ActivityViewModel {
    private final ActivityLog log;
    private final Messages messages;
    private final UiExecutor executor;
    private final Path home;
    private final ZoneId zone;
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");

    public ActivityViewModel(ActivityLog log, Messages messages, UiExecutor executor, Path home, ZoneId zone) {
        this.log = Objects.requireNonNull(log, "log");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.home = Objects.requireNonNull(home, "home");
        this.zone = Objects.requireNonNull(zone, "zone");
    }

    public ObservableList<ActivityEntry> entries() {
        return log.entries();
    }

    public Messages messages() {
        return messages;
    }

    /** The zone times are shown and exported in (the desktop's; fixed in tests). */
    public ZoneId zone() {
        return zone;
    }

    /** Where the save dialog opens: the user's home directory. */
    public Path initialDirectory() {
        return home;
    }

    /**
     * Writes the entries shown now to {@code file}: Markdown when its name ends in {@code .md},
     * plain text otherwise. The outcome is one line in {@link #noticeProperty()}.
     */
    public void export(Path file) {
        boolean markdown = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".md");
        String text = markdown ? ActivityExport.markdown(log.entries(), zone, messages) : ActivityExport.text(log.entries(), zone);
        notice.set("");
        executor.task(() -> Files.writeString(file, text, StandardCharsets.UTF_8))
                .onSuccess(written -> notice.set(messages.get("activity.export.done", written)))
                .onFailure(error -> notice.set(messages.get("activity.export.failed", file,
                        messages.errorText(error).orElse(error.getClass().getSimpleName()))))
                .start();
    }

    /** What the last Save as… did; empty before. */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
