package dev.cumps.app.ui.style;

import java.net.URL;
import java.util.Objects;
import javafx.scene.Scene;

/** The one stylesheet, {@code dev/cumps/app/console.css}, and the style-class names it defines. */
public final class Styles {

    public static final String SIMULATED_BADGE = "simulated-badge";
    public static final String ENV_BLOCK = "env-block";
    public static final String HEADER = "header";
    public static final String SECTION_TITLE = "section-title";

    private static final URL STYLESHEET = Objects.requireNonNull(
            Styles.class.getResource("/dev/cumps/app/console.css"), "console.css missing");

    private Styles() {
    }

    public static String stylesheet() {
        return STYLESHEET.toExternalForm();
    }

    /** console.css and the monospace font of this desktop ({@link MonospaceFont}). */
    public static void applyTo(Scene scene) {
        scene.getStylesheets().setAll(stylesheet(), MonospaceFont.stylesheet());
    }
}
