package dev.cumps.app.ui;

/**
 * Text made to wrap at the right places in a wrapping label (review 2026-12-06 L-8): a path breaks after a
 * {@code /}, not inside a name ({@code …/pipe/con} | {@code trol}). JavaFX breaks a line only at white space
 * (it ignores a zero-width space), so a hair space, the narrowest there is, follows each {@code /} inside a
 * path. Only for what the window draws: copied text must come from the original.
 */
public final class LineBreaks {

    /** A hair space: white space, so a break opportunity, about a tenth of an em wide. */
    static final char BREAK = '\u200A';

    private LineBreaks() {
    }

    /** {@code text} with a break opportunity after each {@code /} inside a path. */
    public static String wrappable(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            out.append(c);
            boolean inPath = c == '/' && i + 1 < text.length() && !Character.isWhitespace(text.charAt(i + 1))
                    && text.charAt(i + 1) != '/';
            if (inPath) {
                out.append(BREAK);
            }
        }
        return out.toString();
    }
}
