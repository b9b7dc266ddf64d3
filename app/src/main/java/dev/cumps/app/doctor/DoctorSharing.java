package dev.cumps.app.doctor;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.core.doctor.DoctorReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Copy and Export of a doctor report, with a short confirmation the pane shows next to the buttons
 * ("Copied", "Saved …"); the outcome also goes to the activity log.
 */
final class DoctorSharing {
    private final ConsoleContext ctx;
    private final Messages messages;
    private final ReadOnlyStringWrapper feedback = new ReadOnlyStringWrapper(this, "feedback", "");

    DoctorSharing(ConsoleContext ctx) {
        this.ctx = ctx;
        this.messages = ctx.messages();
    }

    /** Puts {@code report} as Markdown, in the window's language, on the clipboard. */
    void copy(DoctorReport report) {
        ctx.clipboard().putText(DoctorRow.markdown(report, messages));
        ctx.activity().record(messages.get("doctor.activity.copy"), true, messages.get("doctor.activity.copied"));
        feedback.set(messages.get("doctor.copied"));
    }

    /** Writes {@code report} to {@code file} off the UI thread; a failure's text goes to {@code failed}. */
    void export(DoctorReport report, Path file, Consumer<String> failed) {
        String action = messages.get("doctor.activity.export");
        String text = DoctorRow.exportText(report, file, messages);
        ctx.executor().task(() -> Files.writeString(file, text, StandardCharsets.UTF_8))
                .onSuccess(written -> {
                    String saved = messages.get("doctor.activity.exported", written);
                    ctx.activity().record(action, true, saved);
                    feedback.set(saved);
                })
                .onFailure(error -> {
                    String summary = ErrorReport.of(error, messages).summary();
                    ctx.activity().record(action, false, summary);
                    failed.accept(messages.get("doctor.export.failed", file, summary));
                })
                .start();
    }

    /** Shows {@code text} as the latest feedback. */
    void say(String text) {
        feedback.set(text);
    }

    ReadOnlyStringProperty feedbackProperty() {
        return feedback.getReadOnlyProperty();
    }
}
