package dev.cumps.app.activity;

import dev.cumps.app.i18n.Messages;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.stage.FileChooser;
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

    /** The save dialog: text or Markdown, {@code cumps-activity.txt} proposed in {@code initialDirectory}. */
    static ActivityExportChooser fileChooser(Messages messages) {
        Objects.requireNonNull(messages, "messages");
        return (owner, initialDirectory) -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(messages.get("activity.export.dialog"));
            FileChooser.ExtensionFilter text = new FileChooser.ExtensionFilter(messages.get("activity.export.text"), "*.txt");
            FileChooser.ExtensionFilter markdown = new FileChooser.ExtensionFilter(messages.get("activity.export.markdown"), "*.md");
            chooser.getExtensionFilters().setAll(List.of(text, markdown));
            chooser.setSelectedExtensionFilter(text);
            chooser.setInitialFileName("cumps-activity.txt");
            if (Files.isDirectory(initialDirectory)) {
                chooser.setInitialDirectory(initialDirectory.toFile());
            }
            File chosen = chooser.showSaveDialog(owner);
            if (chosen == null) {
                return Optional.empty();
            }
            String name = chosen.getName().toLowerCase(Locale.ROOT);
            if (!name.endsWith(".txt") && !name.endsWith(".md")) {
                chosen = new File(chosen.getPath() + (chooser.getSelectedExtensionFilter() == markdown ? ".md" : ".txt"));
            }
            return Optional.of(chosen.toPath());
        };
    }
}
