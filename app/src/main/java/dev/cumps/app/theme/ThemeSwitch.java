package dev.cumps.app.theme;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.application.Application;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.scene.Parent;

/**
 * The window's theme: the user's {@link ThemeChoice} (View → Theme, {@code --theme}, or the saved
 * one) and the desktop's preference, read once at start-up, decide the {@link Appearance}. Every
 * change installs the AtlantaFX stylesheet with {@link Application#setUserAgentStylesheet} (the look
 * switches live), marks the window's root {@code :dark} or not (console.css picks its state
 * colours by it) and is handed to {@code remember}. Use on the FX thread.
 */
public final class ThemeSwitch {

    /** On the root of a window in the dark appearance. */
    public static final PseudoClass DARK = PseudoClass.getPseudoClass(Appearance.DARK.name().toLowerCase(Locale.ROOT));

    private final ObjectProperty<ThemeChoice> choice;
    private final Appearance desktop;
    private final ObjectBinding<Appearance> appearance;

    /**
     * @param initial  the choice to start with
     * @param desktop  what the desktop prefers ({@link DesktopScheme#detect()})
     * @param remember called with each choice the user makes afterwards (saves it)
     */
    public ThemeSwitch(ThemeChoice initial, Appearance desktop, Consumer<ThemeChoice> remember) {
        this.choice = new SimpleObjectProperty<>(Objects.requireNonNull(initial, "initial"));
        this.desktop = Objects.requireNonNull(desktop, "desktop");
        Objects.requireNonNull(remember, "remember");
        this.appearance = Bindings.createObjectBinding(() -> choiceOrSystem().resolve(desktop), choice);
        choice.addListener((obs, old, now) -> {
            if (now != null) {
                remember.accept(now);
            }
        });
        appearance.addListener((obs, old, now) -> install(now));
    }

    /** A switch that starts light-or-dark as {@code initial} says, with a light desktop, and saves nothing (tests, screenshots). */
    public static ThemeSwitch unsaved(ThemeChoice initial) {
        return new ThemeSwitch(initial, Appearance.LIGHT, choice -> { });
    }

    /** The user's choice; set it to switch (View → Theme binds to it). */
    public ObjectProperty<ThemeChoice> choiceProperty() {
        return choice;
    }

    /** The look in effect. */
    public ObservableValue<Appearance> appearance() {
        return appearance;
    }

    /** What the desktop preferred at start-up (what {@link ThemeChoice#SYSTEM} gives). */
    public Appearance desktop() {
        return desktop;
    }

    /** Installs the current look now and follows it on {@code root} ({@code :dark}). */
    public void applyTo(Parent root) {
        install(appearance.get());
        root.pseudoClassStateChanged(DARK, appearance.get() == Appearance.DARK);
        appearance.addListener((obs, old, now) -> root.pseudoClassStateChanged(DARK, now == Appearance.DARK));
    }

    private ThemeChoice choiceOrSystem() {
        return choice.get() == null ? ThemeChoice.SYSTEM : choice.get();
    }

    private static void install(Appearance appearance) {
        Application.setUserAgentStylesheet(appearance.userAgentStylesheet());
    }
}
