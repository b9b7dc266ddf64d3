package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.app.theme.Appearance;
import dev.cumps.app.theme.ThemeChoice;
import dev.cumps.app.ui.dialog.Confirmation;
import dev.cumps.app.ui.dialog.DialogKeys;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.core.mps.ControlClient;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * File → Preferences…: the theme, the language (from the next start, which the dialog says), the automatic
 * refresh interval and the control client (from the next start), each showing what is in effect. OK applies and
 * saves them all ({@link Preferences}); Cancel, Escape and the close box leave everything as it was. A form
 * ({@link DialogKeys#form}) placed by {@link Dialogs#confirm}: owned by the window, centred on it.
 */
public final class PreferencesDialog extends Dialog<ButtonType> implements Confirmation {

    private final Preferences preferences;
    private final ButtonType ok;
    private final ChoiceBox<ThemeChoice> theme;
    private final ChoiceBox<Optional<Locale>> language;
    private final ChoiceBox<Integer> interval;
    private final ChoiceBox<ControlClientChoice> controlClient;

    public PreferencesDialog(Preferences preferences, Messages messages) {
        this.preferences = preferences;
        setTitle(messages.get("preferences.title"));
        String desktop = messages.get(preferences.theme().desktop() == Appearance.DARK ? "theme.appearance.dark" : "theme.appearance.light");
        theme = choices("preferencesTheme", List.of(ThemeChoice.values()), preferences.theme().choiceProperty().get(), choice -> switch (choice) {
            case SYSTEM -> messages.get("theme.system", desktop);
            case LIGHT -> messages.get("theme.light");
            case DARK -> messages.get("theme.dark");
        });
        Map<Locale, String> names = Map.of(Locale.ENGLISH, messages.get("preferences.language.english"),
                Locale.SIMPLIFIED_CHINESE, messages.get("preferences.language.chinese"));
        language = choices("preferencesLanguage", List.of(Optional.empty(), Optional.of(Locale.ENGLISH), Optional.of(Locale.SIMPLIFIED_CHINESE)),
                preferences.languageProperty().get(), choice -> choice.map(names::get).orElse(messages.get("preferences.language.desktop")));
        interval = choices("preferencesInterval", MainViewModel.INTERVALS, preferences.refreshIntervalProperty().get(),
                seconds -> messages.get("refresh.every", seconds));
        controlClient = choices("preferencesControlClient", List.of(ControlClientChoice.AUTOMATIC, ControlClientChoice.NVIDIA),
                preferences.controlClientProperty().get(), choice -> messages.get(choice == ControlClientChoice.NVIDIA
                        ? "controlClient.nvidia" : "controlClient.automatic"));
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(8);
        grid.addRow(0, label(messages.get("preferences.theme"), theme), theme);
        grid.addRow(1, label(messages.get("preferences.language"), language), language);
        grid.add(note("preferencesLanguageNote", messages.get("preferences.language.note")), 1, 2);
        grid.addRow(3, label(messages.get("preferences.refresh"), interval), interval);
        grid.addRow(4, label(messages.get("preferences.controlClient"), controlClient), controlClient);
        grid.add(note("preferencesControlClientNote", preferences.controlClientVariable().filter(v -> !v.isEmpty())
                .map(v -> messages.get("controlClient.variable", ControlClient.VARIABLE, v))
                .orElse(messages.get("controlClient.nextStart"))), 1, 5);
        getDialogPane().setContent(grid);
        getDialogPane().setId("preferencesDialog");
        ok = new ButtonType(messages.get("preferences.ok"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().setAll(ok, cancel);
        getDialogPane().lookupButton(ok).setId("preferencesOk");
        getDialogPane().lookupButton(cancel).setId("preferencesCancel");
        DialogKeys.form(this, ok, cancel, theme);
    }

    /** Shows the dialog for {@code owner} without waiting; OK applies what it shows. On the FX thread. */
    public static void show(Preferences preferences, Messages messages, Window owner) {
        PreferencesDialog dialog = new PreferencesDialog(preferences, messages);
        Dialogs.confirm(dialog, owner, dialog::apply);
    }

    /** Whether the dialog was closed with OK. */
    @Override
    public boolean confirmed() {
        return getResult() == ok;
    }

    /** Applies and saves what the dialog shows (OK). */
    void apply() {
        preferences.theme().choiceProperty().set(theme.getValue());
        preferences.languageProperty().set(language.getValue());
        preferences.refreshIntervalProperty().set(interval.getValue());
        preferences.controlClientProperty().set(controlClient.getValue());
    }

    private static <T> ChoiceBox<T> choices(String id, List<T> values, T current, Function<T, String> text) {
        ChoiceBox<T> box = new ChoiceBox<>();
        box.setId(id);
        box.getItems().setAll(values);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : text.apply(value);
            }

            @Override
            public T fromString(String shown) {
                throw new UnsupportedOperationException();
            }
        });
        box.setValue(values.contains(current) ? current : values.get(0));
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    private static Label label(String text, ChoiceBox<?> box) {
        Label label = new Label(text);
        label.setMnemonicParsing(true);
        label.setLabelFor(box);
        return label;
    }

    private static Label note(String id, String text) {
        Label note = new Label(text);
        note.setId(id);
        note.setWrapText(true);
        note.setMaxWidth(420);
        note.getStyleClass().add(ConsoleStyles.MUTED);
        return note;
    }
}
