package dev.cumps.app.ui.style;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;
import javafx.scene.text.Font;

/**
 * The font of the monospace areas (env block, control log, error details). JavaFX CSS takes one
 * font family, not a fallback list, and its logical "Monospaced" font maps to a proportional CJK
 * font on some Chinese desktops; so the first installed family of {@link #STACK} (CJK-capable
 * monospace fonts first, then Latin ones) is chosen here and handed to the scene as a one-rule
 * stylesheet.
 */
public final class MonospaceFont {

    /** Preferred families, best first; "Monospaced" (JavaFX's logical font) is always there. */
    public static final List<String> STACK = List.of("Noto Sans Mono CJK SC", "Sarasa Mono SC",
            "WenQuanYi Micro Hei Mono", "Source Han Mono SC", "DejaVu Sans Mono", "Liberation Mono",
            "Noto Sans Mono", "Monospaced");

    /** The style classes that get the font. */
    public static final String SELECTOR = "." + ConsoleStyles.ENV_BLOCK + ", ." + ConsoleStyles.LOG_BLOCK + ", ."
            + ConsoleStyles.ERROR_DETAILS + ", ." + ConsoleStyles.MONOSPACE;

    private static final class Chosen {
        static final String FAMILY = choose(family -> family.equals(Font.font(family).getFamily()));
    }

    private MonospaceFont() {
    }

    /** The first of {@link #STACK} that {@code installed} accepts. */
    static String choose(Predicate<String> installed) {
        return STACK.stream().filter(family -> family.equals("Monospaced") || installed.test(family))
                .findFirst().orElse("Monospaced");
    }

    /** The family chosen on this desktop (looked up once). Call after the toolkit started. */
    public static String family() {
        return Chosen.FAMILY;
    }

    /** A stylesheet (a {@code data:} URL) that gives the monospace areas {@link #family()}. */
    public static String stylesheet() {
        String css = SELECTOR + " { -fx-font-family: \"" + family() + "\"; }\n";
        return "data:text/css;base64," + Base64.getEncoder().encodeToString(css.getBytes(StandardCharsets.UTF_8));
    }
}
