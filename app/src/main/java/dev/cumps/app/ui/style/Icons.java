package dev.cumps.app.ui.style;

import java.util.Objects;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tab;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The window's icons: Feather glyphs through Ikonli. Their colour comes from console.css
 * ({@link ConsoleStyles#ICON}, and the {@link Severity}/{@link RecordLook} pseudo-classes for states), so both
 * themes colour them; a state always has its own shape, so colour is never the only cue.
 */
public final class Icons {

    private Icons() {
    }

    /** A new icon node showing {@code glyph}. */
    public static FontIcon of(Ikon glyph) {
        FontIcon icon = new FontIcon(Objects.requireNonNull(glyph, "glyph"));
        icon.getStyleClass().add(ConsoleStyles.ICON);
        return icon;
    }

    /** Puts {@code glyph} before the text of a button or label. */
    public static <T extends Labeled> T on(T labeled, Ikon glyph) {
        labeled.setGraphic(of(glyph));
        return labeled;
    }

    /** Puts {@code glyph} before a tab's title. */
    public static Tab on(Tab tab, Ikon glyph) {
        tab.setGraphic(of(glyph));
        return tab;
    }

    /** The shape of a check's outcome: check circle, alert triangle, x octagon, minus circle. */
    public static Ikon glyph(Severity severity) {
        return switch (severity) {
            case PASS -> Feather.CHECK_CIRCLE;
            case WARN -> Feather.ALERT_TRIANGLE;
            case FAIL -> Feather.X_OCTAGON;
            case SKIP -> Feather.MINUS_CIRCLE;
        };
    }

    /** The shape of a record's state: live check circle, stale alert triangle, unreadable x octagon. */
    public static Ikon glyph(RecordLook look) {
        return switch (look) {
            case LIVE -> Feather.CHECK_CIRCLE;
            case STALE -> Feather.ALERT_TRIANGLE;
            case UNREADABLE -> Feather.X_OCTAGON;
        };
    }
}
