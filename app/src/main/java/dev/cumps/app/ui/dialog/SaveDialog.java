package dev.cumps.app.ui.dialog;

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
 * The window's one way to ask where a file is saved (every Export and Save as…): the desktop's save
 * dialog, shown through {@link Dialogs#showNative} so that a maximised main window is maximised again
 * afterwards (the toolkit blocks the owner while a native dialog runs, which un-maximises it under
 * openbox). It opens in a given directory (never the process's working directory, which may be a source
 * tree), proposes a name, offers the formats with the first selected, and gives a name typed without any
 * format's extension the chosen format's (some desktops return the name as typed).
 */
public final class SaveDialog {

    /** One file format the dialog offers: its description and its extension (without the dot). */
    public record Format(String description, String extension) {
        public Format {
            Objects.requireNonNull(description, "description");
            Objects.requireNonNull(extension, "extension");
        }
    }

    /** What shows the chooser: the desktop's native save dialog in the window ({@link #DESKTOP}). */
    @FunctionalInterface
    public interface Shower {
        /** The chosen file, or null when the user cancelled; blocks the FX thread while the dialog shows. */
        File showSaveDialog(FileChooser chooser, Window owner);
    }

    /** The desktop's native save dialog. */
    public static final Shower DESKTOP = FileChooser::showSaveDialog;

    private final Shower shower;

    public SaveDialog(Shower shower) {
        this.shower = Objects.requireNonNull(shower, "shower");
    }

    /** Asks with the desktop's native save dialog. */
    public static SaveDialog desktop() {
        return new SaveDialog(DESKTOP);
    }

    /**
     * Asks where to save; on the FX thread.
     *
     * @param formats at least one; the first is selected
     * @return the file to write, or empty when the user cancelled
     */
    public Optional<Path> ask(Window owner, String title, String proposedName, Path directory, List<Format> formats) {
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("no format to offer");
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        if (Files.isDirectory(directory)) {
            chooser.setInitialDirectory(directory.toFile());
        }
        List<FileChooser.ExtensionFilter> filters = formats.stream()
                .map(f -> new FileChooser.ExtensionFilter(f.description(), "*." + f.extension())).toList();
        chooser.getExtensionFilters().setAll(filters);
        chooser.setSelectedExtensionFilter(filters.get(0));
        chooser.setInitialFileName(proposedName);
        File chosen = Dialogs.showNative(owner, () -> shower.showSaveDialog(chooser, owner));
        if (chosen == null) {
            return Optional.empty();
        }
        String name = chosen.getName().toLowerCase(Locale.ROOT);
        if (formats.stream().noneMatch(f -> name.endsWith("." + f.extension().toLowerCase(Locale.ROOT)))) {
            int selected = Math.max(0, filters.indexOf(chooser.getSelectedExtensionFilter()));
            chosen = new File(chosen.getPath() + "." + formats.get(selected).extension());
        }
        return Optional.of(chosen.toPath());
    }
}
