package dev.cumps.app.theme;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The desktop's colour-scheme preference: GNOME's {@code org.gnome.desktop.interface color-scheme}
 * through {@code gsettings} ({@code 'prefer-dark'} or {@code 'prefer-light'}), else a
 * {@code GTK_THEME} ending in {@code :dark}, else light. A missing, failing, hanging or garbled
 * {@code gsettings} is not an error: it only means "no preference". Blocks for at most
 * {@link #TIMEOUT}; run it off the FX thread.
 */
public final class DesktopScheme {

    /** gsettings reads one key from dconf's database; a desktop that needs longer than this has no answer for us. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    static final List<String> QUERY = List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme");

    /** What gsettings needs to find the user's dconf database and session bus; nothing else is passed on. */
    private static final List<String> PASSED_ON = List.of("PATH", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_DIRS",
            "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "GSETTINGS_BACKEND");

    private final CommandRunner runner;
    private final Map<String, String> environment;

    /** @param environment the console's own environment (its PATH finds gsettings; only absolute entries count) */
    public DesktopScheme(CommandRunner runner, Map<String, String> environment) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.environment = Map.copyOf(environment);
    }

    /** Asks the desktop. Never throws for what the desktop answers. */
    public Appearance detect() {
        CommandResult answer = runner.run(new CommandSpec(QUERY, childEnvironment(), "", TIMEOUT));
        return decide(answer, environment.getOrDefault("GTK_THEME", ""));
    }

    /** The decision, from gsettings' result and the value of {@code GTK_THEME}. */
    static Appearance decide(CommandResult gsettings, String gtkTheme) {
        if (gsettings.succeeded()) {
            String value = gsettings.stdout().strip();
            if (value.equals("'prefer-dark'")) {
                return Appearance.DARK;
            }
            if (value.equals("'prefer-light'")) {
                return Appearance.LIGHT;
            }
        }
        return gtkTheme.strip().toLowerCase(Locale.ROOT).endsWith(":dark") ? Appearance.DARK : Appearance.LIGHT;
    }

    /** An explicit environment for gsettings: the few variables it reads, and the C locale. */
    Map<String, String> childEnvironment() {
        Map<String, String> child = new HashMap<>();
        for (String name : PASSED_ON) {
            String value = environment.get(name);
            if (value != null) {
                child.put(name, value);
            }
        }
        child.put("LC_ALL", "C");
        return child;
    }
}
