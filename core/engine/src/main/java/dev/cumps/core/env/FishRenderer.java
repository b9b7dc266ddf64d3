package dev.cumps.core.env;

import java.util.Map;

/**
 * {@code set -gx NAME 'value'} lines for fish ({@code cumps env --shell fish | source}). Inside
 * fish's single quotes only {@code \\} and {@code \'} are escapes, so a backslash is doubled and a
 * quote escaped; {@code $}, spaces and everything else stay literal. Fish does not read the POSIX
 * form the same way (it would halve a doubled backslash), hence this one.
 */
final class FishRenderer implements EnvRenderer {
    @Override
    public String render(Map<String, String> variables) {
        StringBuilder out = new StringBuilder();
        variables.forEach((name, value) -> out.append("set -gx ").append(name).append(' ').append(quote(value)).append('\n'));
        return out.toString();
    }

    static String quote(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
