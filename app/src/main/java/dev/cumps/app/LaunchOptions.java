package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.theme.ThemeChoice;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The window's command line: {@code --help}, {@code --version}, {@code --simulate} (with the demo daemon and its two clients, unless
 * {@code --no-demo}), {@code --lang en|zh-CN}, {@code --theme system|light|dark}, {@code --screenshot FILE.png},
 * {@code --screenshots DIR} (with {@code --simulate}: the documentation's screenshot set, {@link ScreenshotSet}).
 *
 * <p>The picocli model is built in code so that option descriptions come from {@link Messages}.
 */
public record LaunchOptions(boolean simulate, Optional<Locale> language, Optional<Path> screenshot,
        Optional<ThemeChoice> theme, boolean demo, Optional<Path> screenshots) {

    private static final String SIMULATE = "--simulate";
    private static final String LANG = "--lang";
    private static final String SCREENSHOT = "--screenshot";
    private static final String THEME = "--theme";
    private static final String NO_DEMO = "--no-demo";
    private static final String SCREENSHOTS = "--screenshots";

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

    /** Parses {@code args}; a wrong argument raises {@link CommandLine.ParameterException}. */
    public static LaunchOptions parse(String[] args, Messages messages) {
        return quick(args).orElseGet(() -> from(commandLine(messages).parseArgs(args)));
    }

    /**
     * The everyday forms without picocli, whose classes cost launch time (Java 5 class files, which
     * the class-data archive cannot hold): {@code --simulate}, {@code --no-demo}, {@code --lang L} and {@code --theme T}
     * ({@code --opt V} or {@code --opt=V}), each at most once, with a supported value. Anything else
     * (help, a screenshot, a wrong or repeated option) is empty: picocli parses it and words the error.
     */
    static Optional<LaunchOptions> quick(String[] args) {
        boolean simulate = false;
        boolean demo = true;
        Optional<Locale> language = Optional.empty();
        Optional<ThemeChoice> theme = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            if (arg.equals(SIMULATE) && !simulate) {
                simulate = true;
                continue;
            }
            if (arg.equals(NO_DEMO) && demo) {
                demo = false;
                continue;
            }
            if (!name.equals(LANG) && !name.equals(THEME)) {
                return Optional.empty();
            }
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return Optional.empty();
            }
            if (name.equals(LANG) && language.isEmpty()) {
                language = Messages.SUPPORTED.stream()
                        .filter(locale -> locale.toLanguageTag().equalsIgnoreCase(value.replace('_', '-')))
                        .findFirst();
                if (language.isEmpty()) {
                    return Optional.empty();
                }
            } else if (name.equals(THEME) && theme.isEmpty()) {
                theme = ThemeChoice.parse(value);
                if (theme.isEmpty()) {
                    return Optional.empty();
                }
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(new LaunchOptions(simulate, language, Optional.empty(), theme, demo));
    }

    static LaunchOptions from(ParseResult result) {
        Locale language = result.matchedOptionValue(LANG, null);
        Path screenshot = result.matchedOptionValue(SCREENSHOT, null);
        ThemeChoice theme = result.matchedOptionValue(THEME, null);
        Path screenshots = result.matchedOptionValue(SCREENSHOTS, null);
        return new LaunchOptions(result.hasMatchedOption(SIMULATE),
                Optional.ofNullable(language), Optional.ofNullable(screenshot), Optional.ofNullable(theme),
                !result.hasMatchedOption(NO_DEMO), Optional.ofNullable(screenshots));
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

    /** The window's picocli command, with help text in the language of {@code messages}. */
    public static CommandLine commandLine(Messages messages) {
        String supported = Messages.SUPPORTED.stream().map(Locale::toLanguageTag)
                .collect(Collectors.joining(", "));
        CommandSpec spec = CommandSpec.create().name("mps-console");
        spec.usageMessage().description(messages.get("app.title"));
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description(messages.get("launch.option.help")).build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description(messages.get("launch.option.version")).build());
        spec.versionProvider(() -> new String[] {"mps-console " + version()});
        spec.addOption(OptionSpec.builder(SIMULATE)
                .description(messages.get("launch.option.simulate")).build());
        spec.addOption(OptionSpec.builder(NO_DEMO)
                .description(messages.get("launch.option.noDemo")).build());
        spec.addOption(OptionSpec.builder(LANG).type(Locale.class).paramLabel("LANG")
                .converters(value -> supportedLocale(value, messages, supported))
                .description(messages.get("launch.option.lang", supported)).build());
        spec.addOption(OptionSpec.builder(SCREENSHOT).type(Path.class).paramLabel("FILE.png")
                .converters(value -> screenshotPath(value, messages))
                .description(messages.get("launch.option.screenshot")).build());
        spec.addOption(OptionSpec.builder(SCREENSHOTS).type(Path.class).paramLabel("DIR")
                .converters(value -> screenshotPath(value, messages))
                .description(messages.get("launch.option.screenshots")).build());
        spec.addOption(OptionSpec.builder(THEME).type(ThemeChoice.class).paramLabel("THEME")
                .converters(value -> ThemeChoice.parse(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                        messages.get("launch.error.theme", value))))
                .description(messages.get("launch.option.theme")).build());
        return new CommandLine(spec);
    }

    /** Like the CLI's path options: an empty or undecodable (U+FFFD) value is refused, not taken as another file. */
    private static Path screenshotPath(String value, Messages messages) {
        if (value.isEmpty()) {
            throw new CommandLine.TypeConversionException(messages.get("launch.error.path.empty"));
        }
        if (value.indexOf('\uFFFD') >= 0) {
            throw new CommandLine.TypeConversionException(messages.get("launch.error.path.encoding"));
        }
        return Path.of(value);
    }

    private static Locale supportedLocale(String value, Messages messages, String supported) {
        Locale wanted = Locale.forLanguageTag(value.replace('_', '-'));
        return Messages.SUPPORTED.stream()
                .filter(locale -> locale.toLanguageTag().equalsIgnoreCase(wanted.toLanguageTag()))
                .findFirst()
                .orElseThrow(() -> new CommandLine.TypeConversionException(
                        messages.get("launch.error.lang", value, supported)));
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
