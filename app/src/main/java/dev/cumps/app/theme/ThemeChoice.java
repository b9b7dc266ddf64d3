package dev.cumps.app.theme;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What the user chose in View → Theme or with {@code --theme}: follow the desktop, or a fixed look. */
public enum ThemeChoice {
    SYSTEM, LIGHT, DARK;

    /** The word used on the command line and in the settings file: {@code system}, {@code light}, {@code dark}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The choice named {@code id} (any case, surrounding blanks ignored); empty for anything else. */
    public static Optional<ThemeChoice> parse(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String wanted = id.strip();
        return Arrays.stream(values()).filter(choice -> choice.id().equalsIgnoreCase(wanted)).findFirst();
    }

    /** The look this choice gives when the desktop prefers {@code desktop}. */
    public Appearance resolve(Appearance desktop) {
        return switch (this) {
            case SYSTEM -> desktop;
            case LIGHT -> Appearance.LIGHT;
            case DARK -> Appearance.DARK;
        };
    }
}
