package dev.cumps.app.ui;

/** Where copied text goes: the system clipboard in production, a field in view-model tests. */
@FunctionalInterface
public interface ClipboardSink {
    void putText(String text);

    /** The JavaFX system clipboard; call on the FX thread. */
    static ClipboardSink system() {
        return text -> {
            javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
            content.putString(text);
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
        };
    }
}
