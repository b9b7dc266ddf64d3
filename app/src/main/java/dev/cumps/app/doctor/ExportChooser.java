package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.SaveDialog;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.stage.Window;

/**
 * Asks where the doctor report goes (the Export button). In the window it is the desktop's save
 * dialog ({@link #fileChooser}); the tests, which cannot drive a native dialog, pass a chooser that
 * answers with a path, and the rest of the flow (button, view model, file) is the same.
 */
@FunctionalInterface
public interface ExportChooser {

    /** The file to write, or empty when the user cancelled. Called on the FX thread. */
    Optional<Path> choose(Window owner);

    /**
     * The save dialog ({@link SaveDialog}): JSON or Markdown, {@code cumps-doctor.json} proposed, opening in
     * {@code directory}.
     */
    static ExportChooser fileChooser(Messages messages, Path directory, SaveDialog dialog) {
        Objects.requireNonNull(messages, "messages");
        Objects.requireNonNull(dialog, "dialog");
        return owner -> dialog.ask(owner, messages.get("doctor.export.dialog"), "cumps-doctor.json", directory, List.of(
                new SaveDialog.Format(messages.get("doctor.export.json"), "json"),
                new SaveDialog.Format(messages.get("doctor.export.markdown"), "md")));
    }
}
