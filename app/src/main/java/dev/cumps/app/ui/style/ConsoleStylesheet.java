package dev.cumps.app.ui.style;

import java.net.URL;
import java.util.Objects;
import javafx.scene.Scene;

/**
 * The window's one stylesheet, {@code dev/cumps/app/console.css}, and the style-class names it defines (named so
 * as not to be taken for AtlantaFX's {@code atlantafx.base.theme.Styles}, the theme's own class names).
 */
public final class ConsoleStylesheet {

    public static final String SIMULATED_BADGE = "simulated-badge";
    public static final String ENV_BLOCK = "env-block";
    public static final String HEADER = "header";
    public static final String SECTION_TITLE = "section-title";

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
