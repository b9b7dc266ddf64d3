package dev.cumps.core.env;

import java.util.Map;

/**
 * {@code NAME='value'} lines of a {@code .env} file as docker compose ({@code env_file:} and the
 * project's {@code .env}) and python-dotenv read it. Single quotes keep a value literal in both
 * (no {@code $} interpolation); a quote inside is written {@code \'}. The two readers disagree on
 * a backslash in single quotes (compose keeps {@code \\}, python-dotenv halves it), so a value
 * holding a backslash is double-quoted instead, with {@code \\}, {@code \"} and, per compose's
 * rules, {@code \$}; python-dotenv keeps that {@code \$} as two characters, the one case where the
 * two readers differ (docs/cli.md). This is not docker's {@code --env-file} format, which takes
 * everything after {@code =} literally, quotes included.
 */
final class DotenvRenderer implements EnvRenderer {
    @Override
    public String render(Map<String, String> variables) {
        StringBuilder out = new StringBuilder();
        variables.forEach((name, value) -> out.append(name).append('=').append(quote(value)).append('\n'));
        return out.toString();
    }

    static String quote(String value) {
        if (value.indexOf('\\') < 0) {
            return "'" + value.replace("'", "\\'") + "'";
        }
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("$", "\\$") + "\"";
    }
}
