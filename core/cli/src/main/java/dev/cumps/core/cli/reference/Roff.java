package dev.cumps.core.cli.reference;

import java.util.Locale;

/**
 * Text for the man(7) macros: a backslash is {@code \e}; a hyphen in an option-like word
 * ({@code --name}, {@code -h}) or in code is {@code \-} (a minus sign that copies and searches as
 * ASCII); a line that would start with {@code .} or {@code '} starts with {@code \&}; a character
 * outside ASCII is {@code \[uXXXX]}; text in backquotes is bold.
 */
final class Roff {
    private Roff() {
    }

    /** A line of running text. */
    static String text(String text) {
        StringBuilder out = new StringBuilder();
        boolean code = false;
        boolean optionWord = false;
        char previous = ' ';
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '`') {
                code = !code;
                out.append(code ? "\\fB" : "\\fR");
                previous = c;
                continue;
            }
            if (c == '-' && !code && !optionWord && !isWordChar(previous) && i + 1 < text.length()
                    && (text.charAt(i + 1) == '-' || Character.isLetter(text.charAt(i + 1)))) {
                optionWord = true;
            } else if (!(isWordChar(c) || c == '-' || c == '*')) {
                optionWord = false;
            }
            out.append(escape(c, code || optionWord));
            previous = c;
        }
        return lineStart(out.toString());
    }

    /** A name to set in bold or italics (an option, a label, a path): every hyphen is {@code \-}. */
    static String literal(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            out.append(escape(c, true));
        }
        return lineStart(out.toString());
    }

    /** A macro argument in double quotes ({@code .SS "cumps start"}); a quote inside is {@code \(dq}. */
    static String quoted(String text) {
        return "\"" + literal(text).replace("\"", "\\(dq") + "\"";
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static String escape(char c, boolean minus) {
        if (c == '\\') {
            return "\\e";
        }
        if (c == '-') {
            return minus ? "\\-" : "-";
        }
        if (c > 0x7e || c < 0x20) {
            return String.format(Locale.ROOT, "\\[u%04X]", (int) c);
        }
        return String.valueOf(c);
    }

    private static String lineStart(String line) {
        return line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line;
    }
}
