package dev.cumps.core.env;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The syntaxes {@code cumps env --shell} writes a launch environment in, each quoted for its
 * consumer so that it reads back every value exactly. The CLI and the window both render through
 * {@link LaunchEnvironment#text(EnvFormat)}.
 */
public enum EnvFormat {
    /** {@code export} lines for sh, dash, bash and zsh; the default. */
    POSIX(new PosixRenderer()),
    /** {@code set -gx} lines for fish. */
    FISH(new FishRenderer()),
    /** {@code Environment=} lines for a systemd unit or drop-in. */
    SYSTEMD(new SystemdRenderer()),
    /** {@code --env} words for a {@code docker run} command line. */
    DOCKER(new DockerRenderer()),
    /** A {@code .env} file for docker compose and python-dotenv. */
    DOTENV(new DotenvRenderer());

    private final EnvRenderer renderer;

    EnvFormat(EnvRenderer renderer) {
        this.renderer = renderer;
    }

    /** The name {@code --shell} takes: {@code posix}, {@code fish}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format {@code --shell id} names, if any (exact, lower-case match). */
    public static Optional<EnvFormat> byId(String id) {
        return Arrays.stream(values()).filter(f -> f.id().equals(id)).findFirst();
    }

    /** Every id, in declaration order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(EnvFormat::id).toList();
    }

    String render(Map<String, String> variables) {
        return renderer.render(variables);
    }
}
