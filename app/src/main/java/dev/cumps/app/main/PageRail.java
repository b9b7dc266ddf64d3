package dev.cumps.app.main;

import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Icons;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;

/**
 * The window's pages and the navigation rail on its left that chooses one (docs/decisions/0011):
 * each page gets the whole height below the menu bar. A page's content is built, and joins the scene,
 * when the page is first chosen, so the window's launch builds, styles and lays out only the overview. Id: the rail's
 * button {@code <id>Nav} (a page's content sets its own); Ctrl+1 … Ctrl+9 choose the pages in order.
 */
public final class PageRail {

    /** One page: its id, its name on the rail, its icon and what builds its content (once, when first chosen; FX thread). */
    public record Page(String id, String title, Ikon icon, Supplier<? extends Node> content) {
        public Page {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(icon, "icon");
            Objects.requireNonNull(content, "content");
        }

        /** A page whose content is already built. */
        public Page(String id, String title, Ikon icon, Node content) {
            this(id, title, icon, built(content));
        }

        private static Supplier<Node> built(Node content) {
            Objects.requireNonNull(content, "content");
            return () -> content;
        }
    }

    private final VBox rail = new VBox();
    private final StackPane pages = new StackPane();
    private final ToggleGroup group = new ToggleGroup();
    private final Map<String, ToggleButton> buttons = new LinkedHashMap<>();
    private final Map<String, Page> byId = new LinkedHashMap<>();
    /** The content of each page chosen so far. */
    private final Map<String, Node> built = new LinkedHashMap<>();
    private final ReadOnlyStringWrapper selected = new ReadOnlyStringWrapper(this, "selected");

    public PageRail(List<Page> list) {
        rail.getStyleClass().add(ConsoleStyles.PAGE_RAIL);
        rail.setId("pageRail");
        pages.getStyleClass().add(ConsoleStyles.PAGES);
        pages.setId("pages");
        pages.setMinSize(0, 0);
        for (Page page : list) {
            ToggleButton button = new ToggleButton(page.title());
            button.setId(page.id() + "Nav");
            button.getStyleClass().add(ConsoleStyles.RAIL_BUTTON);
            button.setToggleGroup(group);
            button.setUserData(page.id());
            button.setMaxWidth(Double.MAX_VALUE);
            button.setMnemonicParsing(false);
            button.setTooltip(new Tooltip(page.title()));
            Icons.on(button, page.icon());
            buttons.put(page.id(), button);
            byId.put(page.id(), page);
            rail.getChildren().add(button);
        }
        VBox.setVgrow(rail, Priority.ALWAYS);
        group.selectedToggleProperty().addListener((obs, before, now) -> {
            if (now == null) {
                // A click on the chosen page's button keeps it chosen: one page is always shown.
                group.selectToggle(before);
                return;
            }
            show((String) now.getUserData());
        });
        if (!list.isEmpty()) {
            group.selectToggle(buttons.get(list.get(0).id()));
        }
    }

    private void show(String id) {
        Node content = built.computeIfAbsent(id, key -> Objects.requireNonNull(byId.get(key).content().get(), "content"));
        if (!pages.getChildren().contains(content)) {
            pages.getChildren().add(content);
        }
        for (Node child : pages.getChildren()) {
            boolean shown = child == content;
            child.setVisible(shown);
            child.setManaged(shown);
        }
        selected.set(id);
    }

    /** Chooses the page {@code id}; false when there is none. */
    public boolean select(String id) {
        ToggleButton button = buttons.get(id);
        if (button == null) {
            return false;
        }
        group.selectToggle(button);
        return true;
    }

    /** The chosen page's id. */
    public ReadOnlyStringProperty selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /** The rail of buttons, for the window's left side. */
    public VBox rail() {
        return rail;
    }

    /** Where the chosen page is shown. */
    public StackPane pages() {
        return pages;
    }

    /** The content of the page {@code id} once it has been chosen (built); empty before, or when there is no such page. */
    public Optional<Node> content(String id) {
        return Optional.ofNullable(built.get(id));
    }

    /** Every page in the rail's order, shown yet or not. */
    public List<Page> all() {
        return List.copyOf(byId.values());
    }

    /** The rail's button of the page {@code id}. */
    public Optional<ToggleButton> button(String id) {
        return Optional.ofNullable(buttons.get(id));
    }

    /** The page the user has chosen. */
    public Optional<Toggle> selectedToggle() {
        return Optional.ofNullable(group.getSelectedToggle());
    }

    /** Ctrl+1 … Ctrl+9 choose the first nine pages. */
    public void installShortcuts(Scene scene) {
        List<String> ids = new ArrayList<>(buttons.keySet());
        KeyCode[] digits = {KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4, KeyCode.DIGIT5,
            KeyCode.DIGIT6, KeyCode.DIGIT7, KeyCode.DIGIT8, KeyCode.DIGIT9};
        for (int i = 0; i < Math.min(ids.size(), digits.length); i++) {
            String id = ids.get(i);
            scene.getAccelerators().put(new KeyCodeCombination(digits[i], KeyCombination.SHORTCUT_DOWN), () -> {
                select(id);
                buttons.get(id).requestFocus();
            });
        }
    }
}
