package dev.cumps.core.env;

import java.util.Map;

/**
 * {@code Environment="NAME=value"} lines for the {@code [Service]} section of a unit file or a
 * {@code systemctl --user edit} drop-in. systemd.exec(5) splits the setting into words, each
 * optionally double-quoted with C-style escapes (systemd.syntax(5)), then expands specifiers: so
 * {@code \} and {@code "} are backslash-escaped inside the quotes and {@code %} is doubled. {@code $}
 * has no meaning in {@code Environment=}, and a line never ends in a backslash (it ends in a quote),
 * so nothing else needs escaping.
 */
final class SystemdRenderer implements EnvRenderer {
    @Override
    public String render(Map<String, String> variables) {
        StringBuilder out = new StringBuilder();
        variables.forEach((name, value) -> out.append("Environment=\"").append(name).append('=').append(escape(value)).append("\"\n"));
        return out.toString();
    }

    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("%", "%%");
    }
}
