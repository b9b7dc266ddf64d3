package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.error.ErrorReporter;
import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javafx.application.Application;

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
        LaunchOptions.Command command;
        try {
            command = LaunchOptions.command(args, systemMessages);
        } catch (LaunchOptions.BadArgument e) {
            System.err.println(systemMessages.get("launch.error", oneLine(e.getMessage())));
            System.exit(2);
            return;
        }
        if (command.help()) {
            System.out.print(LaunchOptions.usage(systemMessages));
            return;
        }
        if (command.version()) {
            System.out.println("mps-console " + LaunchOptions.version());
            return;
        }
        LaunchOptions options = command.options();
        // JavaFX's own texts (dialog buttons, table placeholders) follow the default locale.
        // The language: --lang, else (the window, not the pictures) File → Preferences…'s saved one, else the desktop's.
        boolean screenshotRun = options.screenshots().isPresent() || options.screenshot().isPresent();
        Optional<Locale> language = screenshotRun ? options.language() : ConsoleApplication.language(options);
        language.ifPresent(Locale::setDefault);
        Messages messages = language.map(Messages::forLocale).orElse(systemMessages);
        ErrorReporter.forWindow(messages).installAsDefault();
        JavaFxLogging.quietClassPathWarning();

        if (options.screenshots().isPresent()) {
            if (selectHeadlessPlatformIfNoDisplay(System.getenv(), System.getProperties())) {
                LOG.log(Level.DEBUG, "No display: rendering the screenshot set with JavaFX's headless platform");
            }
            // The pictures are in one supported language throughout, JavaFX's own button texts included.
            Locale pictures = ScreenshotSet.language(messages.locale());
            Locale.setDefault(pictures);
            System.exit(ScreenshotSet.run(options.screenshots().get(), Messages.forLocale(pictures), System.err));
        }
        if (options.screenshot().isPresent()) {
            if (selectHeadlessPlatformIfNoDisplay(System.getenv(), System.getProperties())) {
                LOG.log(Level.DEBUG, "No display: rendering the screenshot with JavaFX's headless platform");
            }
            System.exit(ScreenshotMode.run(options, messages));
        }
        if (!hasDisplay(System.getenv()) && !System.getProperties().containsKey("glass.platform")) {
            // Without a display GTK's glass would fail with a stack trace; the command line needs none.
            System.err.println(messages.get("launch.error.noDisplay"));
            System.exit(1);
        }
        // The host session opens while the toolkit starts (docs/performance.md, "Under a window manager").
        ConsoleApplication.openAhead(options);
        Application.launch(ConsoleApplication.class, args);
    }

    /** Whether an X11 or Wayland display is named in {@code env}. */
    static boolean hasDisplay(Map<String, String> env) {
        return !env.getOrDefault("DISPLAY", "").isBlank() || !env.getOrDefault("WAYLAND_DISPLAY", "").isBlank();
    }

    /** {@code message} on one line (a value the user gave may hold line breaks). */
    static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /**
     * Without an X11 or Wayland display, selects JavaFX's own headless glass platform and software
     * rendering, unless the caller chose a platform. Must run before the toolkit starts.
     *
     * @return whether the headless platform was selected
     */
    static boolean selectHeadlessPlatformIfNoDisplay(Map<String, String> env, Properties properties) {
        if (hasDisplay(env) || properties.containsKey("glass.platform")) {
            return false;
        }
        properties.setProperty("glass.platform", "Headless");
        properties.putIfAbsent("prism.order", "sw");
        return true;
    }
}
