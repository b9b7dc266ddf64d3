package dev.cumps.core.cli.reference;

import java.util.Locale;

/**
 * Text for GitHub-flavoured Markdown: backquoted spans stay code, everything else has the characters
 * Markdown would read as markup escaped ({@code <uuid>} would vanish as an HTML tag, {@code --set-*}
 * start emphasis); in a table cell a {@code |} is escaped everywhere, code spans included.
 */
final class Markdown {
    private static final String SPECIAL = "\\*_<>[]~#|";

    private Markdown() {
    }

    static String text(String text) {
        StringBuilder out = new StringBuilder();
        boolean code = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '`') {
                code = !code;
                out.append(c);
            } else if (c == '|' || !code && SPECIAL.indexOf(c) >= 0) {
                out.append('\\').append(c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code text} as one code span, with a fence long enough for the backquotes it holds. */
    static String code(String text) {
        String fence = text.contains("`") ? "``" : "`";
        String pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
        return fence + pad + text.replace("|", "\\|") + pad + fence;
    }

    /** The anchor GitHub gives a heading: lower case, spaces to hyphens, punctuation but {@code -} and {@code _} dropped. */
    static String anchor(String heading) {
        StringBuilder out = new StringBuilder();
        for (char c : heading.toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == ' ') {
                out.append('-');
            } else if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.append(c);
            }
        }
        return out.toString();
    }
}
