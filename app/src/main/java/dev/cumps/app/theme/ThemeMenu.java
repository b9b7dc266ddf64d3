package dev.cumps.app.theme;

import dev.cumps.app.i18n.Messages;
import java.util.Map;
import java.util.Objects;
import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;

/**
 * View → Theme: System (the desktop's preference, named in the item), Light, Dark. The checked item
 * follows {@link ThemeSwitch#choiceProperty()} and choosing one sets it.
 */
public final class ThemeMenu {

    private ThemeMenu() {
    }

    /** The View menu ({@code #viewMenu}) with its Theme submenu ({@code #themeMenu}). */
    public static Menu viewMenu(ThemeSwitch theme, Messages messages) {
        Menu view = new Menu(messages.get("menu.view"));
        view.setId("viewMenu");
        // Alt+V: the underscore in its text marks the letter (as WindowMenus.menu).
        view.setMnemonicParsing(true);
        view.getItems().add(themeMenu(theme, messages));
        return view;
    }

    static Menu themeMenu(ThemeSwitch theme, Messages messages) {
        Objects.requireNonNull(theme, "theme");
        ToggleGroup group = new ToggleGroup();
        String desktop = theme.desktop() == Appearance.DARK
                ? messages.get("theme.appearance.dark") : messages.get("theme.appearance.light");
        Map<ThemeChoice, RadioMenuItem> items = Map.of(
                ThemeChoice.SYSTEM, item(group, ThemeChoice.SYSTEM, messages.get("theme.system", desktop)),
                ThemeChoice.LIGHT, item(group, ThemeChoice.LIGHT, messages.get("theme.light")),
                ThemeChoice.DARK, item(group, ThemeChoice.DARK, messages.get("theme.dark")));
        Menu menu = new Menu(messages.get("menu.view.theme"));
        menu.setId("themeMenu");
        menu.getItems().setAll(items.get(ThemeChoice.SYSTEM), items.get(ThemeChoice.LIGHT), items.get(ThemeChoice.DARK));
        items.get(theme.choiceProperty().get()).setSelected(true);
        theme.choiceProperty().addListener((obs, old, now) -> {
            if (now != null) {
                items.get(now).setSelected(true);
            }
        });
        group.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now != null) {
                theme.choiceProperty().set((ThemeChoice) now.getUserData());
            }
        });
        return menu;
    }

    private static RadioMenuItem item(ToggleGroup group, ThemeChoice choice, String text) {
        RadioMenuItem item = new RadioMenuItem(text);
        item.setId("theme" + choice.name().charAt(0) + choice.id().substring(1));
        item.setUserData(choice);
        item.setToggleGroup(group);
        return item;
    }
}
