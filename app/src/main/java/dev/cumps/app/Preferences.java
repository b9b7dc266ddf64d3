package dev.cumps.app;

import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.app.theme.ThemeSwitch;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * What File → Preferences… edits, the same properties the rest of the window edits, so that both always show
 * the same: the theme ({@link ThemeSwitch}, as View → Theme; saved by the switch), the language of the next
 * start, the automatic refresh interval (the toolbar's choice box) and the control client of the next start (as
 * View → Control client). Each change is saved where the console reads it at start ({@link PreferencesStore},
 * {@code ControlClientSetting}); the saved interval is applied when this is made. Use on the FX thread.
 */
public final class Preferences {

    private final ThemeSwitch theme;
    private final ObjectProperty<ControlClientChoice> controlClient;
    private final Optional<String> controlClientVariable;
    private final IntegerProperty refreshInterval;
    private final ObjectProperty<Optional<Locale>> language;

    /**
     * @param theme           the window's theme
     * @param controlClient   the control client saved at start and where a new one is saved
     * @param refreshInterval the main view model's interval, set now to the saved one
     * @param store           where the language and the interval are saved (none: nothing saved)
     */
    public Preferences(ThemeSwitch theme, ControlClientSetting controlClient, IntegerProperty refreshInterval,
                       Optional<PreferencesStore> store) {
        this.theme = Objects.requireNonNull(theme, "theme");
        this.controlClient = new SimpleObjectProperty<>(this, "controlClient", controlClient.saved());
        this.controlClientVariable = controlClient.variable();
        this.refreshInterval = Objects.requireNonNull(refreshInterval, "refreshInterval");
        this.language = new SimpleObjectProperty<>(this, "language", store.flatMap(PreferencesStore::language));
        this.controlClient.addListener((obs, old, now) -> {
            if (now != null) {
                controlClient.save().accept(now);
            }
        });
        store.flatMap(PreferencesStore::refreshInterval).ifPresent(refreshInterval::set);
        refreshInterval.addListener((obs, old, now) -> store.ifPresent(s -> s.saveRefreshInterval(now.intValue())));
        language.addListener((obs, old, now) -> store.ifPresent(s -> s.saveLanguage(now == null ? Optional.empty() : now)));
    }

    public ThemeSwitch theme() {
        return theme;
    }

    /** The control client of the next start (View → Control client shows and sets it). */
    public ObjectProperty<ControlClientChoice> controlClientProperty() {
        return controlClient;
    }

    /** The console's own {@code CUMPS_CONTROL_CLIENT}, if set (it decides with Automatic). */
    public Optional<String> controlClientVariable() {
        return controlClientVariable;
    }

    /** Seconds between automatic refreshes (the toolbar's choice box shows and sets it). */
    public IntegerProperty refreshIntervalProperty() {
        return refreshInterval;
    }

    /** The language of the next start; empty: the desktop's. */
    public ObjectProperty<Optional<Locale>> languageProperty() {
        return language;
    }
}
