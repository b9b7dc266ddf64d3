package dev.cumps.app.ui.style;

import java.net.URL;
import java.util.Objects;
import javafx.scene.Scene;

/**
 * The window's one stylesheet, {@code dev/cumps/app/console.css}; the style-class names it defines are
 * {@link ConsoleStyles}'.
 */
public final class ConsoleStylesheet {

    private static final URL STYLESHEET = Objects.requireNonNull(
            ConsoleStylesheet.class.getResource("/dev/cumps/app/console.css"), "console.css missing");

    private ConsoleStylesheet() {
    }

    public static String stylesheet() {
        return STYLESHEET.toExternalForm();
    }

    /** console.css and the monospace font of this desktop ({@link MonospaceFont}). */
    public static void applyTo(Scene scene) {
        scene.getStylesheets().setAll(stylesheet(), MonospaceFont.stylesheet());
    }
}
