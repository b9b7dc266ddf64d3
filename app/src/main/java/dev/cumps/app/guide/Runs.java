package dev.cumps.app.guide;

import dev.cumps.app.ui.style.ConsoleStyles;
import javafx.scene.text.Text;

/** The guide's runs of text: JavaFX {@link Text} nodes with the guide's style classes (console.css colours them for both themes). */
final class Runs {
    private Runs() {
    }

    /** A run of {@code text} with the style class {@code guide-text} and {@code extra}. */
    static Text of(String text, String... extra) {
        Text run = new Text(text);
        run.getStyleClass().add(ConsoleStyles.GUIDE_TEXT);
        run.getStyleClass().addAll(extra);
        return run;
    }
}
