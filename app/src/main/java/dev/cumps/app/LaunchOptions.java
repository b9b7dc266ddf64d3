package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.theme.ThemeChoice;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The window's command line: {@code --help}, {@code --version}, {@code --simulate} (with the demo daemon and its two clients, unless
 * {@code --no-demo}), {@code --lang en|zh-CN}, {@code --theme system|light|dark}, {@code --screenshot FILE.png},
 * {@code --screenshots DIR} (with {@code --simulate}: the documentation's screenshot set, {@link ScreenshotSet}).
 *
 * <p>Read by hand ({@link #command}): a value follows its option as {@code --opt V} or {@code --opt=V}; each option
 * at most once; anything else is a {@link BadArgument} worded in {@link Messages}. (The launcher once used picocli,
 * whose classes cost launch time; the CLI {@code cumps} keeps it.)
 */
public record LaunchOptions(boolean simulate, Optional<Locale> language, Optional<Path> screenshot,
        Optional<ThemeChoice> theme, boolean demo, Optional<Path> screenshots) {

    private static final String SIMULATE = "--simulate";
    private static final String LANG = "--lang";
    private static final String SCREENSHOT = "--screenshot";
    private static final String THEME = "--theme";
    private static final String NO_DEMO = "--no-demo";
    private static final String SCREENSHOTS = "--screenshots";
    private static final List<String> HELP = List.of("-h", "--help");
    private static final List<String> VERSION = List.of("-V", "--version");

    public static final LaunchOptions DEFAULTS = new LaunchOptions(false, Optional.empty(), Optional.empty(),
            Optional.empty(), true);

    /** Options without a screenshot set. */
    public LaunchOptions(boolean simulate, Optional<Locale> language, Optional<Path> screenshot, Optional<ThemeChoice> theme,
            boolean demo) {
        this(simulate, language, screenshot, theme, demo, Optional.empty());
    }

    /** Options without the demo choice: a simulated host gets the demo. */
    public LaunchOptions(boolean simulate, Optional<Locale> language, Optional<Path> screenshot, Optional<ThemeChoice> theme) {
        this(simulate, language, screenshot, theme, true);
    }

    /** Whether the simulated host starts with the demo daemon and its two clients. */
    public boolean simulatedDemo() {
        return simulate && demo;
    }

    /** A wrong command line; the message is one line in the language of the messages it was read with. */
    public static final class BadArgument extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadArgument(String message) {
            super(message);
        }
    }

    /** What the command line asks for: the options, and whether to print the help or the version instead. */
    public record Command(LaunchOptions options, boolean help, boolean version) {
    }

    /**
     * The options of {@code args}, whether or not help or the version was asked for, and whether or not
     * they go together ({@link #conflict}).
     *
     * @throws BadArgument as {@link #command} does, except for a conflict
     */
    public static LaunchOptions parse(String[] args, Messages messages) {
        return read(args, messages, false).options();
    }

    /**
     * Reads {@code args}. Options that cannot go together ({@link #conflict}) are refused unless the help is asked for.
     *
     * @throws BadArgument for an unknown or repeated option, a missing or wrong value, or a word that is no option
     */
    public static Command command(String[] args, Messages messages) {
        return read(args, messages, true);
    }

    private static Command read(String[] args, Messages messages, boolean refuseConflicts) {
        boolean help = false;
        boolean version = false;
        boolean simulate = false;
        boolean demo = true;
        Map<String, String> values = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.startsWith("--") ? arg.indexOf('=') : -1;
            String name = eq < 0 ? arg : arg.substring(0, eq);
            String canonical = HELP.contains(name) ? HELP.get(1) : VERSION.contains(name) ? VERSION.get(1) : name;
            boolean flag = List.of(HELP.get(1), VERSION.get(1), SIMULATE, NO_DEMO).contains(canonical);
            boolean valued = List.of(LANG, THEME, SCREENSHOT, SCREENSHOTS).contains(canonical);
            if (!flag && !valued) {
                throw new BadArgument(arg.startsWith("-") && arg.length() > 1
                        ? messages.get("launch.error.unknown", name) : messages.get("launch.error.unexpected", arg));
            }
            if (!seen.add(canonical)) {
                throw new BadArgument(messages.get("launch.error.repeated", canonical));
            }
            if (flag) {
                if (eq >= 0) {
                    throw new BadArgument(messages.get("launch.error.noValue", name));
                }
                help |= canonical.equals(HELP.get(1));
                version |= canonical.equals(VERSION.get(1));
                simulate |= canonical.equals(SIMULATE);
                demo &= !canonical.equals(NO_DEMO);
                continue;
            }
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length && !isOption(args[i + 1])) {
                value = args[++i];
            } else {
                throw new BadArgument(messages.get("launch.error.missing", name, label(name)));
            }
            values.put(canonical, value);
        }
        Optional<Locale> language = Optional.ofNullable(values.get(LANG)).map(v -> supportedLocale(v, messages));
        Optional<ThemeChoice> theme = Optional.ofNullable(values.get(THEME)).map(v -> ThemeChoice.parse(v)
                .orElseThrow(() -> invalid(THEME, messages.get("launch.error.theme", v), messages)));
        Optional<Path> screenshot = Optional.ofNullable(values.get(SCREENSHOT)).map(v -> path(SCREENSHOT, v, messages));
        Optional<Path> screenshots = Optional.ofNullable(values.get(SCREENSHOTS)).map(v -> path(SCREENSHOTS, v, messages));
        LaunchOptions options = new LaunchOptions(simulate, language, screenshot, theme, demo, screenshots);
        Optional<String> conflict = conflict(options, messages);
        if (refuseConflicts && conflict.isPresent() && !help) {
            throw new BadArgument(conflict.get());
        }
        return new Command(options, help, version);
    }

    private static boolean isOption(String arg) {
        String name = arg.startsWith("--") && arg.indexOf('=') >= 0 ? arg.substring(0, arg.indexOf('=')) : arg;
        return HELP.contains(name) || VERSION.contains(name)
                || List.of(SIMULATE, NO_DEMO, LANG, THEME, SCREENSHOT, SCREENSHOTS).contains(name);
    }

    private static String label(String option) {
        return switch (option) {
            case LANG -> "LANG";
            case THEME -> "THEME";
            case SCREENSHOT -> "FILE.png";
            default -> "DIR";
        };
    }

    private static BadArgument invalid(String option, String why, Messages messages) {
        return new BadArgument(messages.get("launch.error.value", option, label(option), why));
    }

    /**
     * What the options cannot mean together, worded in {@code messages}: {@code --screenshots} shows the
     * simulated demo host (never a real one), in both themes itself, and is not a single screenshot.
     */
    static Optional<String> conflict(LaunchOptions options, Messages messages) {
        if (options.screenshots().isEmpty()) {
            return Optional.empty();
        }
        if (!options.simulate() || !options.demo()) {
            return Optional.of(messages.get("launch.error.screenshots.simulate"));
        }
        if (options.screenshot().isPresent() || options.theme().isPresent()) {
            return Optional.of(messages.get("launch.error.screenshots.alone"));
        }
        return Optional.empty();
    }

    /** The help text, in the language of {@code messages}. */
    public static String usage(Messages messages) {
        String supported = Messages.SUPPORTED.stream().map(Locale::toLanguageTag).collect(Collectors.joining(", "));
        List<String[]> rows = List.of(
                new String[] {"-h, --help", messages.get("launch.option.help")},
                new String[] {"-V, --version", messages.get("launch.option.version")},
                new String[] {"    " + SIMULATE, messages.get("launch.option.simulate")},
                new String[] {"    " + NO_DEMO, messages.get("launch.option.noDemo")},
                new String[] {"    " + LANG + "=LANG", messages.get("launch.option.lang", supported)},
                new String[] {"    " + THEME + "=THEME", messages.get("launch.option.theme")},
                new String[] {"    " + SCREENSHOT + "=FILE.png", messages.get("launch.option.screenshot")},
                new String[] {"    " + SCREENSHOTS + "=DIR", messages.get("launch.option.screenshots")});
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        StringBuilder out = new StringBuilder("Usage: mps-console [-hV] [--simulate] [--no-demo] [--lang=LANG] [--theme=THEME]"
                + " [--screenshot=FILE.png] [--screenshots=DIR]\n");
        out.append(messages.get("app.title")).append('\n');
        for (String[] row : rows) {
            out.append("  ").append(row[0]).append(" ".repeat(width - row[0].length() + 3)).append(row[1]).append('\n');
        }
        return out.toString();
    }

    /** An empty or undecodable (U+FFFD) path is refused, as the CLI's path options do, not taken as another file. */
    private static Path path(String option, String value, Messages messages) {
        if (value.isEmpty()) {
            throw invalid(option, messages.get("launch.error.path.empty"), messages);
        }
        if (value.indexOf('\uFFFD') >= 0) {
            throw invalid(option, messages.get("launch.error.path.encoding"), messages);
        }
        return Path.of(value);
    }

    private static Locale supportedLocale(String value, Messages messages) {
        String supported = Messages.SUPPORTED.stream().map(Locale::toLanguageTag).collect(Collectors.joining(", "));
        Locale wanted = Locale.forLanguageTag(value.replace('_', '-'));
        return Messages.SUPPORTED.stream()
                .filter(locale -> locale.toLanguageTag().equalsIgnoreCase(wanted.toLanguageTag()))
                .findFirst()
                .orElseThrow(() -> invalid(LANG, messages.get("launch.error.lang", value, supported), messages));
    }

    /** The build's version (filtered into {@code version.properties} at build time), or {@code unknown}. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = LaunchOptions.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // Fall through to "unknown".
        }
        return p.getProperty("version", "unknown");
    }
}
