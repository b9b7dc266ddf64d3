package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.ui.window.SettingsFile;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Remembers File → Preferences…'s language (read at the next start; none saved: the desktop's) and the automatic
 * refresh interval in {@code preferences.properties}, next to the window state, the theme and the control client
 * ({@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/}). Losing it is harmless: a problem is logged and the
 * defaults apply (the desktop's language, every 2 s).
 */
public final class PreferencesStore {

    private static final System.Logger LOG = System.getLogger(PreferencesStore.class.getName());
    private static final String LANGUAGE = "language";
    private static final String INTERVAL = "refresh_interval";

    private final Path file;

    public PreferencesStore(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** {@code preferences.properties} in the folder that holds {@code windowStateFile}. */
    public static PreferencesStore besideWindowState(Path windowStateFile) {
        return new PreferencesStore(windowStateFile.toAbsolutePath().resolveSibling("preferences.properties"));
    }

    public Path file() {
        return file;
    }

    /** The saved language, one of {@link Messages#SUPPORTED}; empty: follow the desktop (nothing saved, or not understood). */
    public Optional<Locale> language() {
        return load().flatMap(p -> Optional.ofNullable(p.getProperty(LANGUAGE))).flatMap(tag -> {
            Optional<Locale> locale = Messages.SUPPORTED.stream().filter(l -> l.toLanguageTag().equalsIgnoreCase(tag.strip())).findFirst();
            if (locale.isEmpty() && !tag.isBlank()) {
                LOG.log(Level.WARNING, "Ignoring language setting " + file + ": " + LANGUAGE + "=" + tag);
            }
            return locale;
        });
    }

    /** The saved refresh interval in seconds, one of {@link MainViewModel#INTERVALS}; empty when none was saved or it is not one. */
    public Optional<Integer> refreshInterval() {
        return load().flatMap(p -> Optional.ofNullable(p.getProperty(INTERVAL))).flatMap(text -> {
            Optional<Integer> seconds = MainViewModel.INTERVALS.stream().filter(s -> s.toString().equals(text.strip())).findFirst();
            if (seconds.isEmpty()) {
                LOG.log(Level.WARNING, "Ignoring refresh interval setting " + file + ": " + INTERVAL + "=" + text);
            }
            return seconds;
        });
    }

    /** Saves the language ({@code empty}: follow the desktop), keeping the interval. */
    public void saveLanguage(Optional<Locale> language) {
        Properties p = load().orElseGet(Properties::new);
        p.setProperty(LANGUAGE, language.map(Locale::toLanguageTag).orElse(""));
        save(p);
    }

    /** Saves the refresh interval, keeping the language. */
    public void saveRefreshInterval(int seconds) {
        Properties p = load().orElseGet(Properties::new);
        p.setProperty(INTERVAL, Integer.toString(seconds));
        save(p);
    }

    private Optional<Properties> load() {
        return settings().load();
    }

    private void save(Properties p) {
        settings().save(p, "MPS Console preferences: language (en, zh-CN; empty: the desktop's), refresh_interval (seconds)");
    }

    private SettingsFile settings() {
        return new SettingsFile(file, "preferences");
    }
}
