package dev.cumps.app.i18n;

import dev.cumps.core.message.Message;
import dev.cumps.core.message.MessageKey;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.Optional;
import java.util.ResourceBundle;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Renders the core's {@link Message}s in the window's language. Translations of a key
 * {@code <area>.<NAME>} live in {@code dev/cumps/app/i18n/core/<area>_<locale>.properties} (UTF-8),
 * one file per core area so each package's texts are translated side by side. English needs no
 * file: it is the core's own pattern. Every key has a Chinese entry ({@code CoreTextTranslationsTest}
 * enumerates all keys the core can produce and fails on a missing one), so the fallback to English
 * below is a safety net, not a feature.
 */
public final class CoreText {
    static final String BUNDLE_PREFIX = "dev.cumps.app.i18n.core.";

    private final Locale locale;
    private final Map<String, Optional<ResourceBundle>> bundles = new ConcurrentHashMap<>();

    private CoreText(Locale locale) {
        this.locale = Objects.requireNonNull(locale, "locale");
    }

    public static CoreText forLocale(Locale locale) {
        return new CoreText(locale);
    }

    public Locale locale() {
        return locale;
    }

    /** The message in this locale; raw evidence in its arguments is shown as it is. */
    public String render(Message message) {
        return message.render(this::pattern);
    }

    /** The pattern for {@code key} in this locale: its translation, else the core's English. */
    public String pattern(MessageKey key) {
        return translation(key).orElse(key.english());
    }

    /** The translated pattern of {@code key}, when this locale's bundle for its area has one. */
    public Optional<String> translation(MessageKey key) {
        if (locale.getLanguage().equals(Locale.ENGLISH.getLanguage())) {
            return Optional.of(key.english());
        }
        return bundles.computeIfAbsent(key.area(), this::load)
                .filter(b -> b.containsKey(key.key()))
                .map(b -> b.getString(key.key()));
    }

    private Optional<ResourceBundle> load(String area) {
        try {
            return Optional.of(ResourceBundle.getBundle(BUNDLE_PREFIX + area, locale,
                    ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES)));
        } catch (MissingResourceException e) {
            return Optional.empty();
        }
    }
}
