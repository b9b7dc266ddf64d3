package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.error.ErrorReporter;
import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javafx.application.Application;
import picocli.CommandLine;

/**
 * The window's entry point. It does not extend {@link Application}, so that the plain classpath
 * launch ({@code java -cp ... dev.cumps.app.ConsoleLauncher}) works without JavaFX on the module
 * path. It parses the arguments, picks the toolkit platform, then hands over to
 * {@link ConsoleApplication} or, with {@code --screenshot}, to {@link ScreenshotMode}, with
 * {@code --screenshots}, to {@link ScreenshotSet}.
 */
public final class ConsoleLauncher {

    private static final System.Logger LOG = System.getLogger(ConsoleLauncher.class.getName());

    private ConsoleLauncher() {
    }

    public static void main(String[] args) {
        Messages systemMessages = Messages.forSystemLocale();
        Optional<LaunchOptions> parsed = LaunchOptions.quick(args);
        if (parsed.isEmpty()) {
            parsed = parseWithHelp(args, systemMessages);
        }
        if (parsed.isEmpty()) {
            return;
        }
        LaunchOptions options = parsed.get();
        // JavaFX's own texts (dialog buttons, table placeholders) follow the default locale.
        options.language().ifPresent(Locale::setDefault);
        Messages messages = options.language().map(Messages::forLocale).orElse(systemMessages);
        ErrorReporter.forWindow(messages).installAsDefault();
        JavaFxLogging.quietClassPathWarning();

        if (options.screenshots().isPresent()) {
            if (selectHeadlessPlatformIfNoDisplay(System.getenv(), System.getProperties())) {
                LOG.log(Level.DEBUG, "No display: rendering the screenshot set with Monocle's headless platform");
            }
            // The pictures are in one supported language throughout, JavaFX's own button texts included.
            Locale pictures = ScreenshotSet.language(messages.locale());
            Locale.setDefault(pictures);
            System.exit(ScreenshotSet.run(options.screenshots().get(), Messages.forLocale(pictures), System.err));
        }
        if (options.screenshot().isPresent()) {
            if (selectHeadlessPlatformIfNoDisplay(System.getenv(), System.getProperties())) {
                LOG.log(Level.DEBUG, "No display: rendering the screenshot with Monocle's headless platform");
            }
            System.exit(ScreenshotMode.run(options, messages));
        }
        if (!hasDisplay(System.getenv()) && !System.getProperties().containsKey("glass.platform")) {
            // Without a display GTK's glass would fail with a stack trace; the command line needs none.
            System.err.println(messages.get("launch.error.noDisplay"));
            System.exit(1);
        }
        Application.launch(ConsoleApplication.class, args);
    }

    /** Whether an X11 or Wayland display is named in {@code env}. */
    static boolean hasDisplay(Map<String, String> env) {
        return !env.getOrDefault("DISPLAY", "").isBlank() || !env.getOrDefault("WAYLAND_DISPLAY", "").isBlank();
    }

    /** picocli: the options, or empty when it printed the help; a wrong argument exits with 2. */
    private static Optional<LaunchOptions> parseWithHelp(String[] args, Messages systemMessages) {
        CommandLine commandLine = LaunchOptions.commandLine(systemMessages);
        LaunchOptions options;
        try {
            options = LaunchOptions.from(commandLine.parseArgs(args));
            Optional<String> conflict = LaunchOptions.conflict(options, systemMessages);
            if (conflict.isPresent() && !commandLine.isUsageHelpRequested()) {
                throw new CommandLine.ParameterException(commandLine, conflict.get());
            }
        } catch (CommandLine.ParameterException e) {
            commandLine.getErr().println(systemMessages.get("launch.error", oneLine(e.getMessage())));
            System.exit(2);
            return Optional.empty();
        }
        if (commandLine.isUsageHelpRequested()) {
            commandLine.usage(commandLine.getOut());
            return Optional.empty();
        }
        if (commandLine.isVersionHelpRequested()) {
            commandLine.printVersionHelp(commandLine.getOut());
            return Optional.empty();
        }
        return Optional.of(options);
    }

    /** {@code message} on one line (picocli's messages may hold line breaks). */
    static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /**
     * Without an X11 or Wayland display, selects Monocle's headless platform and software
     * rendering, unless the caller chose a platform. Must run before the toolkit starts.
     *
     * @return whether the headless platform was selected
     */
    static boolean selectHeadlessPlatformIfNoDisplay(Map<String, String> env, Properties properties) {
        if (hasDisplay(env) || properties.containsKey("glass.platform")) {
            return false;
        }
        properties.setProperty("glass.platform", "Monocle");
        properties.setProperty("monocle.platform", "Headless");
        properties.putIfAbsent("prism.order", "sw");
        return true;
    }
}
