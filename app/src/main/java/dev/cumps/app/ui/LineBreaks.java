package dev.cumps.app.ui;

/**
 * Text made to wrap at the right places in a wrapping label (review 2026-12-06 L-8). JavaFX breaks a line at
 * white space, or where {@link java.text.BreakIterator}'s line rules allow (between two Chinese characters);
 * two of its choices are wrong for this window's text:
 * <ul>
 * <li>a path breaks inside a name ({@code …/pipe/con} | {@code trol}): a hair space, the narrowest white space
 *     there is (JavaFX ignores a zero-width space), follows each {@code /} between two names of a path, so it breaks
 *     after one (not after a path's leading {@code /}, which would end a line alone); likewise after each {@code -},
 *     {@code _} or {@code =} between two letters or digits of a name too long for a line ({@code nvidia-cuda-mps-cont}
 *     | {@code rol.pid}, {@code GPU-5f0c1a2e-…-00000000} | {@code 0000}, {@code CUDA_VISIBLE_DEVIC} | {@code ES=(unset)}),
 *     whose hard break JavaFX would otherwise put anywhere;
 * <li>a Chinese line starts with an ellipsis or a middle dot ("移除失效记录" | "…”的做法相同"), which Chinese
 *     typesetting forbids (UAX #14 class IN): a zero-width no-break space, which those rules never break beside
 *     and which draws nothing, joins each such mark to the character before it.
 * </ul>
 * Only for what the window draws: copied text must come from the original ({@link #original} gives it back).
 */
public final class LineBreaks {

    /** A hair space: white space, so a break opportunity, about a tenth of an em wide. */
    static final char BREAK = '\u200A';
    /** A zero-width no-break space: no line break on either side of it, and nothing drawn. */
    static final char GLUE = '\uFEFF';
    /** A run of this many characters without white space is a name too long for a line (a path, a UUID, a file name). */
    static final int LONG_TOKEN = 20;
    /** Marks that must not start a line but that the line rules would put at the start of one (after a Chinese character). */
    private static final String NEVER_FIRST = "\u2026\u2025\u00B7\u30FB\uFF5E\u3006";

    private LineBreaks() {
    }

    /**
     * {@code text} with a break opportunity after each {@code /} between two names of a path and each {@code -}, {@code _} or
     * {@code =} inside a long name, and no break before an ellipsis or a middle dot.
     */
    public static String wrappable(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int tokenEnd = 0;
        boolean longToken = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (i >= tokenEnd) {
                tokenEnd = i;
                while (tokenEnd < text.length() && !Character.isWhitespace(text.charAt(tokenEnd))) {
                    tokenEnd++;
                }
                longToken = tokenEnd - i >= LONG_TOKEN;
                tokenEnd = Math.max(tokenEnd, i + 1);
            }
            boolean glued = i > 0 && NEVER_FIRST.indexOf(c) >= 0 && !Character.isWhitespace(text.charAt(i - 1))
                    && text.charAt(i - 1) != '/';
            if (glued) {
                out.append(GLUE);
            }
            out.append(c);
            boolean inPath = c == '/' && i > 0 && i + 1 < text.length() && inName(text.charAt(i - 1)) && inName(text.charAt(i + 1));
            boolean inLongName = "-_=".indexOf(c) >= 0 && longToken && i > 0 && i + 1 < text.length()
                    && Character.isLetterOrDigit(text.charAt(i - 1))
                    && (Character.isLetterOrDigit(text.charAt(i + 1)) || text.charAt(i + 1) == '(');
            if (inPath || inLongName) {
                out.append(BREAK);
            }
        }
        return out.toString();
    }

    /** Whether {@code c} can be part of a file name on either side of a path's {@code /} (not its leading one). */
    private static boolean inName(char c) {
        return Character.isLetterOrDigit(c) || "-_.~+@%:\u2026".indexOf(c) >= 0;
    }

    /** The text {@code drawn} was made from by {@link #wrappable} (which changes nothing else). */
    public static String original(String drawn) {
        if (drawn == null) {
            return null;
        }
        return drawn.replace(String.valueOf(BREAK), "").replace(String.valueOf(GLUE), "");
    }
}
