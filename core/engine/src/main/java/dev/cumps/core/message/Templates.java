package dev.cumps.core.message;

/**
 * The one pattern syntax of messages: {@code {n}} is replaced by argument {@code n}; every other
 * character, quotes and braces included, is literal. Deliberately simpler than
 * {@link java.text.MessageFormat}, whose quoting rules and number grouping would turn a pid into
 * {@code 12,345} and eat apostrophes in translations.
 */
public final class Templates {
    private Templates() {
    }

    /** {@code pattern} with each {@code {n}} replaced by {@code args[n]}; an index without argument stays as written. */
    public static String format(String pattern, Object... args) {
        StringBuilder out = new StringBuilder(pattern.length() + 32);
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            int end = c == '{' ? placeholderEnd(pattern, i) : -1;
            if (end > 0) {
                int index = Integer.parseInt(pattern.substring(i + 1, end));
                if (index < args.length) {
                    out.append(args[index]);
                    i = end + 1;
                    continue;
                }
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    /** The number of arguments {@code pattern} needs: one more than its highest {@code {n}}. */
    public static int arity(String pattern) {
        int highest = -1;
        for (int i = 0; i < pattern.length(); i++) {
            int end = pattern.charAt(i) == '{' ? placeholderEnd(pattern, i) : -1;
            if (end > 0) {
                highest = Math.max(highest, Integer.parseInt(pattern.substring(i + 1, end)));
            }
        }
        return highest + 1;
    }

    /** The index of the closing brace of a {@code {digits}} placeholder opening at {@code open}, or -1. */
    private static int placeholderEnd(String pattern, int open) {
        int j = open + 1;
        while (j < pattern.length() && j - open <= 2 && Character.isDigit(pattern.charAt(j))) {
            j++;
        }
        boolean digits = j > open + 1;
        return digits && j < pattern.length() && pattern.charAt(j) == '}' ? j : -1;
    }
}
