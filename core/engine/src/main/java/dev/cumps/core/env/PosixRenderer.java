package dev.cumps.core.env;

import java.util.Map;

/**
 * {@code export NAME='value'} lines for sh, dash, bash and zsh: inside single quotes every byte is
 * literal, so {@code eval} gives back each value exactly; a single quote is written {@code '\''}.
 */
final class PosixRenderer implements EnvRenderer {
    @Override
    public String render(Map<String, String> variables) {
        StringBuilder out = new StringBuilder();
        variables.forEach((name, value) -> out.append("export ").append(name).append('=').append(quote(value)).append('\n'));
        return out.toString();
    }

    /** One shell word that a POSIX shell reads back as exactly {@code value}. */
    static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
