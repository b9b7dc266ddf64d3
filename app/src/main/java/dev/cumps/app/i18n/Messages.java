package dev.cumps.app.i18n;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.message.Templates;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.Optional;
import java.util.ResourceBundle;

/**
 * The window's user-visible text, from {@code dev/cumps/app/i18n/messages*.properties} (UTF-8).
 *
 * <p>Lookups never fall back to the JVM's default locale: asking for English on a Chinese desktop
 * gives English. A missing key shows as {@code !key!} instead of failing, so a forgotten entry is
 * visible on screen and caught by {@code MessagesTest}.
 */
public final class Messages {

    /** The prefix of a core message's window variant in the window's bundle ({@link #windowText}). */
    public static final String WINDOW_PREFIX = "window.";

    static final String BUNDLE = "dev.cumps.app.i18n.messages";

    /** Locales with a translation; the first is the base bundle's language. */
    public static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE);

    private final ResourceBundle bundle;
    private final Locale locale;
    private final CoreText core;

    private Messages(ResourceBundle bundle, Locale locale) {
        this.bundle = bundle;
        this.locale = locale;
        this.core = CoreText.forLocale(locale);
    }

    public static Messages forLocale(Locale locale) {
        Objects.requireNonNull(locale, "locale");
        ResourceBundle bundle = ResourceBundle.getBundle(BUNDLE, locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
        return new Messages(bundle, locale);
    }

    /** The messages for the desktop's locale ({@link #desktopLocale}). */
    public static Messages forSystemLocale() {
        return forLocale(desktopLocale(System.getenv(), Locale.getDefault()));
    }

    /**
     * The language the user's environment asks for, by the POSIX order for messages: the first entry
     * of {@code LANGUAGE}, then {@code LC_ALL}, {@code LC_MESSAGES}, {@code LANG}; {@code C} or
     * {@code POSIX} (or nothing set) means {@code jvmDefault}. Read from the variables themselves,
     * not from the JVM's default: with {@code LANG=zh_CN.UTF-8} on a machine where that locale is
     * not generated, the C library falls back to C and the JVM's default is English.
     */
    public static Locale desktopLocale(Map<String, String> env, Locale jvmDefault) {
        String chosen = null;
        for (String name : List.of("LC_ALL", "LC_MESSAGES", "LANG")) {
            String value = env.get(name);
            if (value != null && !value.isBlank()) {
                chosen = value.strip();
                break;
            }
        }
        if (chosen == null || isCLocale(chosen)) {
            return jvmDefault;
        }
        String language = env.get("LANGUAGE");
        if (language != null && !language.isBlank()) {
            // GNU gettext's LANGUAGE wins over the locale for messages (not when the locale is C).
            chosen = language.strip().split(":")[0];
        }
        Locale parsed = parse(chosen);
        return parsed == null ? jvmDefault : parsed;
    }

    private static boolean isCLocale(String value) {
        String base = value.split("[.@]")[0];
        return base.equals("C") || base.equals("POSIX");
    }

    /** {@code zh_CN.UTF-8@mod} → zh-CN; null when it is no language tag. */
    private static Locale parse(String value) {
        String base = value.split("[.@]")[0];
        String[] parts = base.split("[_-]");
        if (parts.length == 0 || !parts[0].matches("[A-Za-z]{2,3}")) {
            return null;
        }
        Locale.Builder builder = new Locale.Builder().setLanguage(parts[0].toLowerCase(Locale.ROOT));
        if (parts.length > 1 && parts[1].matches("[A-Za-z]{2}|[0-9]{3}")) {
            builder.setRegion(parts[1].toUpperCase(Locale.ROOT));
        }
        return builder.build();
    }

    public Locale locale() {
        return locale;
    }

    /** A short age such as "42 s", "3 min 5 s", "2 h 10 min", "4 d 3 h" ({@code seconds} below 0 as 0). */
    public String age(long seconds) {
        long s = Math.max(0, seconds);
        if (s < 60) {
            return get("daemon.age.seconds", s);
        }
        if (s < 3600) {
            return get("daemon.age.minutes", s / 60, s % 60);
        }
        if (s < 86_400) {
            return get("daemon.age.hours", s / 3600, (s % 3600) / 60);
        }
        return get("daemon.age.days", s / 86_400, (s % 86_400) / 3600);
    }

    /**
     * The text for {@code key}; with arguments, formatted by {@link MessageFormat} in this
     * locale ({@code {0}}, {@code {1,number}}; a literal quote is written {@code ''}).
     */
    public String get(String key, Object... args) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            return "!" + key + "!";
        }
        if (args.length == 0) {
            return pattern;
        }
        return new MessageFormat(pattern, locale).format(args);
    }

    /** Whether this language has a text for {@code key} (a window-specific variant that may be absent). */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** The core's texts in this language (the same locale). */
    public CoreText core() {
        return core;
    }

    /** A core {@link Message} in this language; raw evidence in its arguments is shown as it is. */
    public String render(Message message) {
        return core.render(message);
    }

    /**
     * {@code message} in the window's words: the core writes its advice for the command line
     * ({@code stop it with `cumps stop --name demo`}); where the window does the same with a button,
     * its bundle has a variant under {@code window.<core key>} taking the same arguments in the same
     * order, used here for the message and each message among its arguments. Without a variant this
     * is {@link #render(Message)}. The doctor pane's remedies go through here (a core remedy such as
     * {@code doctor.STALE_RECORDS_REMEDY} says "`cumps doctor --fix` moves them aside", its window
     * variant "click Fix… to move them aside").
     *
     * <p>Why a mapping here and not a second message from the core: which button does what is the
     * window's knowledge (its bundle already names the buttons), and the core keeps one remedy per
     * result for the CLI, JSON and Markdown report, whose output stays byte for byte as it was.
     */
    public String windowText(Message message) {
        if (!hasWindowVariant(message)) {
            return render(message);
        }
        Object[] args = message.args().stream()
                .map(arg -> arg instanceof Message nested ? windowText(nested) : String.valueOf(arg))
                .toArray();
        String key = WINDOW_PREFIX + message.key();
        return has(key) ? get(key, args) : Templates.format(core.pattern(message.id()), args);
    }

    private boolean hasWindowVariant(Message message) {
        return has(WINDOW_PREFIX + message.key())
                || message.args().stream().anyMatch(arg -> arg instanceof Message nested && hasWindowVariant(nested));
    }

    /**
     * The one line the window shows for {@code error}: a core failure's {@link Message}
     * in this language, else the exception's own message (stripped); empty when it has none.
     * Every error text of the window goes through here.
     */
    public Optional<String> errorText(Throwable error) {
        if (error instanceof CumpsException failure) {
            return Optional.of(windowText(failure.errorMessage()));
        }
        return Optional.ofNullable(error.getMessage()).map(String::strip).filter(text -> !text.isEmpty());
    }
}
