package dev.cumps.core.env;

import java.util.Map;

/**
 * {@code --env 'NAME=value'} words on one line, to paste into a {@code docker run} (or
 * {@code podman run}) command line in a POSIX shell. Each assignment is one single-quoted word, so
 * the shell hands docker the value unchanged, and docker takes it literally. Not for
 * {@code --env-file}, whose lines are read without any unquoting.
 */
final class DockerRenderer implements EnvRenderer {
    @Override
    public String render(Map<String, String> variables) {
        StringBuilder out = new StringBuilder();
        variables.forEach((name, value) -> {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append("--env ").append(PosixRenderer.quote(name + "=" + value));
        });
        return out.append('\n').toString();
    }
}
