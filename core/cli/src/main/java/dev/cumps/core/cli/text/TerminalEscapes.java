package dev.cumps.core.cli.text;

/**
 * Text for a terminal. Records, {@code control.log} and the environment are shaped by others, and a
 * control character printed as is acts on the operator's terminal instead of being read: {@code ESC}
 * sequences set the title, clear the screen or recolour text, a carriage return overwrites what came
 * before on the line, and Unicode format characters (such as U+202E, right-to-left override) make a
 * path read as another. Such characters are shown as escapes ({@code \x1b}, {@code \r},
 * {@code \u202e}); all other text, non-ASCII letters included, is left alone.
 */
public final class TerminalEscapes {
    private TerminalEscapes() {
    }

    /** {@code text} with every control and format character written as an escape. */
    public static String escape(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int next = i + Character.charCount(cp);
            String replacement = replacement(cp);
            if (replacement != null && out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (out != null) {
                if (replacement != null) {
                    out.append(replacement);
                } else {
                    out.appendCodePoint(cp);
                }
            }
            i = next;
        }
        return out == null ? text : out.toString();
    }

    /**
     * {@code text} (several lines, as another program printed them) with its line feeds kept and every
     * other control and format character escaped, carriage returns included: each line shows as printed,
     * and no line can overwrite another or act on the terminal.
     */
    public static String escapeLines(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        int start = 0;
        while (true) {
            int lf = text.indexOf('\n', start);
            if (lf < 0) {
                out.append(escape(text.substring(start)));
                return out.toString();
            }
            out.append(escape(text.substring(start, lf))).append('\n');
            start = lf + 1;
        }
    }

    private static String replacement(int cp) {
        switch (cp) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                break;
        }
        if (Character.isISOControl(cp)) {
            return String.format("\\x%02x", cp);
        }
        if (Character.getType(cp) == Character.FORMAT || cp == 0x2028 || cp == 0x2029) {
            return String.format("\\u%04x", cp);
        }
        return null;
    }
}
