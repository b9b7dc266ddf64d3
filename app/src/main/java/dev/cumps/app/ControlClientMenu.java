package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.core.mps.ControlClient;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;

/**
 * View → Control client: Automatic or NVIDIA's program ({@link ControlClientChoice}), the saved choice checked;
 * choosing one saves it, and a line under them says it applies from the next start (and, while the console's
 * own {@code CUMPS_CONTROL_CLIENT} is set, that the variable decides).
 */
public final class ControlClientMenu {

    private ControlClientMenu() {
    }

    /** The submenu ({@code #controlClientMenu}) of {@code setting}: its saved choice checked, each new one saved. */
    public static Menu menu(ControlClientSetting setting, Messages messages) {
        ObjectProperty<ControlClientChoice> choice = new SimpleObjectProperty<>(setting.saved());
        Consumer<ControlClientChoice> save = setting.save();
        choice.addListener((obs, old, now) -> save.accept(now));
        return menu(choice, setting.variable(), messages);
    }

    /**
     * The submenu ({@code #controlClientMenu}) showing {@code choice} checked (also when something else, File →
     * Preferences…, sets it) and setting it when an item is chosen; {@code variable}: the console's own
     * {@code CUMPS_CONTROL_CLIENT}, named in the note.
     */
    public static Menu menu(ObjectProperty<ControlClientChoice> choice, Optional<String> variable, Messages messages) {
        ToggleGroup group = new ToggleGroup();
        Map<ControlClientChoice, RadioMenuItem> items = Map.of(
                ControlClientChoice.AUTOMATIC, item(group, ControlClientChoice.AUTOMATIC, "controlClientAutomatic",
                        messages.get("controlClient.automatic")),
                ControlClientChoice.NVIDIA, item(group, ControlClientChoice.NVIDIA, "controlClientNvidia", messages.get("controlClient.nvidia")));
        items.get(choice.get()).setSelected(true);
        choice.addListener((obs, old, now) -> {
            if (now != null) {
                items.get(now).setSelected(true);
            }
        });
        group.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now != null) {
                choice.set((ControlClientChoice) now.getUserData());
            }
        });
        MenuItem note = new MenuItem(variable.filter(v -> !v.isEmpty())
                .map(v -> messages.get("controlClient.variable", ControlClient.VARIABLE, v))
                .orElse(messages.get("controlClient.nextStart")));
        note.setId("controlClientNote");
        note.setDisable(true);
        Menu menu = new Menu(messages.get("menu.view.controlClient"));
        menu.setId("controlClientMenu");
        menu.getItems().setAll(items.get(ControlClientChoice.AUTOMATIC), items.get(ControlClientChoice.NVIDIA), new SeparatorMenuItem(), note);
        return menu;
    }

    private static RadioMenuItem item(ToggleGroup group, ControlClientChoice choice, String id, String text) {
        RadioMenuItem item = new RadioMenuItem(text);
        item.setId(id);
        item.setUserData(choice);
        item.setToggleGroup(group);
        return item;
    }
}
