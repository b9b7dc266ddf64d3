package dev.cumps.app.ui;

import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Where copied text goes: the system clipboard in production, a field in view-model tests. */
@FunctionalInterface
public interface ClipboardSink {
    void putText(String text);

    /** The JavaFX system clipboard; call on the FX thread. */
    static ClipboardSink system() {
        return text -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(text);
            Clipboard.getSystemClipboard().setContent(content);
        };
    }
}
