package dev.cumps.core.env;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An independent reader of {@code .env} lines by docker compose's rules (compose-spec's
 * "env_file format" and compose-go's {@code dotenv/parser.go}): written from those rules, not from
 * {@link DotenvRenderer}, because docker compose is not installable from Debian here. A quoted
 * value ends at the first unescaped matching quote; in single quotes only {@code \'} is an escape
 * and nothing is interpolated; in double quotes {@code \\ \" \$ \n \t ...} are escapes and then
 * {@code $$} is a literal dollar while any other {@code $} would interpolate, which this reader
 * reports as a failure (the value would depend on the reader's environment).
 */
public final class ComposeDotenvRules {
    private ComposeDotenvRules() {
    }

    public static Map<String, String> parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : text.lines().toList()) {
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            values.put(line.substring(0, eq).strip(), value(line.substring(eq + 1)));
        }
        return values;
    }

    private static String value(String src) {
        char quote = src.isEmpty() ? 0 : src.charAt(0);
        if (quote != '\'' && quote != '"') {
            throw new AssertionError("unquoted value: compose would cut it at ' #' and interpolate it: " + src);
        }
        StringBuilder chars = new StringBuilder();
        boolean escaped = false;
        for (int i = 1; i < src.length(); i++) {
            char c = src.charAt(i);
            if (c != quote) {
                if (!escaped && c == '\\') {
                    escaped = true;
                    continue;
                }
                if (escaped) {
                    escaped = false;
                    chars.append('\\');
                }
                chars.append(c);
                continue;
            }
            if (escaped) {
                escaped = false;
                chars.append(c);
                continue;
            }
            String rest = src.substring(i + 1);
            if (!rest.isBlank() && !rest.stripLeading().startsWith("#")) {
                throw new AssertionError("text after the closing quote: " + src);
            }
            return quote == '"' ? interpolate(unescape(chars.toString())) : chars.toString();
        }
        throw new AssertionError("unterminated quoted value: " + src);
    }

    /** compose's expandEscapes: {@code \$} becomes {@code $$}; the shell escapes become their characters. */
    private static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                out.append(c);
                continue;
            }
            char next = s.charAt(++i);
            switch (next) {
                case '$' -> out.append("$$");
                case '"', '\\' -> out.append(next);
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'a', 'b', 'c', 'f', 'v', '0' -> throw new AssertionError("control escape \\" + next + " in " + s);
                default -> out.append('\\').append(next);
            }
        }
        return out.toString();
    }

    /** compose's template pass: {@code $$} is a literal {@code $}; anything else after {@code $} interpolates. */
    private static String interpolate(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '$') {
                out.append(c);
            } else if (i + 1 < s.length() && s.charAt(i + 1) == '$') {
                out.append('$');
                i++;
            } else {
                throw new AssertionError("compose would interpolate the '$' at " + i + " of " + s);
            }
        }
        return out.toString();
    }
}
