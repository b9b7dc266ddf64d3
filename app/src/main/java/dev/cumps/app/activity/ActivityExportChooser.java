package dev.cumps.app.activity;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.SaveDialog;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.stage.Window;

/**
 * Asks where the activity goes (Save as…). In the window it is the desktop's save dialog, opened
 * in the directory given (the user's home); tests, which cannot drive a native dialog, pass a
 * chooser that answers with a path.
 */
@FunctionalInterface
public interface ActivityExportChooser {

    /** The file to write, or empty when the user cancelled. Called on the FX thread. */
    Optional<Path> choose(Window owner, Path initialDirectory);

    /** The save dialog ({@link SaveDialog}): text or Markdown, {@code cumps-activity.txt} proposed in {@code initialDirectory}. */
    static ActivityExportChooser fileChooser(Messages messages, SaveDialog dialog) {
        Objects.requireNonNull(messages, "messages");
        Objects.requireNonNull(dialog, "dialog");
        return (owner, initialDirectory) -> dialog.ask(owner, messages.get("activity.export.dialog"), "cumps-activity.txt",
                initialDirectory, List.of(new SaveDialog.Format(messages.get("activity.export.text"), "txt"),
                        new SaveDialog.Format(messages.get("activity.export.markdown"), "md")));
    }
}
