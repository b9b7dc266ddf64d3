package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Dialogs;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.stage.FileChooser;
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
     * The save dialog: JSON or Markdown, {@code cumps-doctor.json} proposed, opening in {@code directory}
     * (never the process's working directory, which may be a source tree); a name without either
     * extension gets the chosen filter's.
     */
    static ExportChooser fileChooser(Messages messages, Path directory) {
        Objects.requireNonNull(messages, "messages");
        return owner -> {
            FileChooser chooser = new FileChooser();
            File initial = directory.toFile();
            if (initial.isDirectory()) {
                chooser.setInitialDirectory(initial);
            }
            chooser.setTitle(messages.get("doctor.export.dialog"));
            FileChooser.ExtensionFilter json = new FileChooser.ExtensionFilter(messages.get("doctor.export.json"), "*.json");
            FileChooser.ExtensionFilter markdown = new FileChooser.ExtensionFilter(messages.get("doctor.export.markdown"), "*.md");
            chooser.getExtensionFilters().setAll(List.of(json, markdown));
            chooser.setSelectedExtensionFilter(json);
            chooser.setInitialFileName("cumps-doctor.json");
            File chosen = Dialogs.showNative(owner, () -> chooser.showSaveDialog(owner));
            if (chosen == null) {
                return Optional.empty();
            }
            String name = chosen.getName().toLowerCase(Locale.ROOT);
            if (!name.endsWith(".json") && !name.endsWith(".md")) {
                // Some desktops return the typed name without the chosen filter's extension.
                chosen = new File(chosen.getPath() + (chooser.getSelectedExtensionFilter() == markdown ? ".md" : ".json"));
            }
            return Optional.of(chosen.toPath());
        };
    }
}
