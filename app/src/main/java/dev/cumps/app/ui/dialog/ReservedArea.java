package dev.cumps.app.ui.dialog;

import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;

/**
 * Room in a dialog for texts that come and go after the dialog was placed (a refusal its live check
 * finds a moment after it opened, a stage of a start), reserved from the start: {@code lines} lines
 * of the area's font, empty or not. A placed dialog does not grow with its content under a window
 * manager (a resize after the show leaves GTK's window and the scene disagreeing), so content that
 * appears later must fit into room the dialog already had when {@link Dialogs#own} sized it; else
 * the buttons below it are pushed out of the window. The texts wrap to the area's width; texts
 * longer than the room scroll inside it, never out of the dialog.
 */
public final class ReservedArea extends ScrollPane {

    /** The height of one wrapped line, in ems of the area's font, with room for CJK fonts' taller lines. */
    static final double LINE_EM = 1.5;
    private static final double SPACING = 4;

    /** @param rows the nodes shown in the room, top to bottom; hide one by making it unmanaged */
    public ReservedArea(String id, int lines, Node... rows) {
        VBox box = new VBox(SPACING, rows);
        box.setFillWidth(true);
        setId(id);
        setContent(box);
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        setVbarPolicy(ScrollBarPolicy.AS_NEEDED);
        setFocusTraversable(false);
        // Set inline, not by the stylesheet: a dialog's scene may carry none. In ems, so that the room
        // follows the theme's and the language's font.
        String height = String.format(Locale.ROOT, "%.2fem", lines * LINE_EM);
        setStyle("-fx-background-color: transparent; -fx-background-insets: 0; -fx-padding: 0;"
                + " -fx-min-height: " + height + "; -fx-pref-height: " + height + "; -fx-max-height: " + height + ";");
        skinProperty().addListener((obs, old, skin) -> {
            Node viewport = lookup(".viewport");
            if (viewport != null) {
                viewport.setStyle("-fx-background-color: transparent;");
            }
        });
    }
}
