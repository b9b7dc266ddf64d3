package dev.cumps.app.main;

import dev.cumps.app.guide.GuideWindow;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.DialogKeys;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.style.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The window's menus, so that every action is reachable from the keyboard (F10 or Alt opens the menu
 * bar, Alt with a menu's underlined letter opens that menu: Alt+F, Alt+V, Alt+H) and every accelerator is listed
 * beside its action: File (Start daemon…, Refresh now, Preferences…, Quit), the pages in View (before the theme),
 * Help (User guide, Open guide in browser, About with the versions).
 */
public final class WindowMenus {

    private final MainView view;
    private final Messages messages;

    public WindowMenus(MainView view, Messages messages) {
        this.view = Objects.requireNonNull(view, "view");
        this.messages = Objects.requireNonNull(messages, "messages");
    }

    /** File: Start daemon… (Ctrl+N), Refresh now (F5), Preferences… (Ctrl+comma; runs {@code preferences}), Quit (Ctrl+Q). */
    public Menu file(Runnable preferences) {
        Menu file = menu("fileMenu", messages.get("menu.file"));
        MenuItem start = item("menuStart", messages.get("menu.file.start"), new KeyCodeCombination(KeyCode.N,
                KeyCombination.SHORTCUT_DOWN), view::startDaemon);
        MenuItem refresh = item("menuRefresh", messages.get("refresh.now"), new KeyCodeCombination(KeyCode.F5),
                view.viewModel()::refresh);
        MenuItem quit = item("menuQuit", messages.get("menu.file.quit"), new KeyCodeCombination(KeyCode.Q,
                KeyCombination.SHORTCUT_DOWN), this::quit);
        MenuItem settings = item("menuPreferences", messages.get("menu.file.preferences"), new KeyCodeCombination(KeyCode.COMMA,
                KeyCombination.SHORTCUT_DOWN), preferences);
        settings.setMnemonicParsing(true);
        file.getItems().setAll(start, refresh, new SeparatorMenuItem(), settings, new SeparatorMenuItem(), quit);
        return file;
    }

    /** One item per page, Ctrl+1 … Ctrl+9, for the top of the View menu. */
    public List<MenuItem> pages() {
        List<MenuItem> items = new ArrayList<>();
        KeyCode[] digits = {KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4, KeyCode.DIGIT5,
            KeyCode.DIGIT6, KeyCode.DIGIT7, KeyCode.DIGIT8, KeyCode.DIGIT9};
        List<PageRail.Page> pages = view.rail().all();
        for (int i = 0; i < pages.size(); i++) {
            PageRail.Page page = pages.get(i);
            MenuItem item = new MenuItem(page.title());
            item.setId(page.id() + "Menu");
            item.setMnemonicParsing(false);
            if (i < digits.length) {
                item.setAccelerator(new KeyCodeCombination(digits[i], KeyCombination.SHORTCUT_DOWN));
            }
            item.setOnAction(e -> view.rail().select(page.id()));
            items.add(item);
        }
        items.add(new SeparatorMenuItem());
        return items;
    }

    /**
     * Help: User guide (F1, inside the application, in the window's language), Open guide in browser
     * (Shift+F1), About MPS Console (the versions).
     */
    public Menu help() {
        Menu help = menu("helpMenu", messages.get("menu.help"));
        help.getItems().setAll(item("menuGuide", messages.get("menu.help.guide"), new KeyCodeCombination(KeyCode.F1), this::guide),
                item("menuGuideBrowser", messages.get("menu.help.guideBrowser"),
                        new KeyCodeCombination(KeyCode.F1, KeyCombination.SHIFT_DOWN), this::guideInBrowser),
                new SeparatorMenuItem(), item("menuAbout", messages.get("menu.help.about"), null, this::about));
        return help;
    }

    private void guide() {
        GuideWindow.show(view.getScene() == null ? null : view.getScene().getWindow(), messages, null);
    }

    /**
     * The guide file of the window's language handed to {@code xdg-open} by the browser offered for
     * this window (the guide window's Open in browser, {@link GuideWindow#offeredBrowser}); the
     * outcome is the window's notice. Nothing is started before the user asks, nothing waited for or ended.
     */
    private void guideInBrowser() {
        Consumer<String> notOpened = text -> view.viewModel().showNotice(new Notice(Severity.WARN, text));
        GuideWindow.offeredBrowser(view).ifPresentOrElse(
                browser -> browser.open(text -> view.viewModel().showNotice(new Notice(Severity.PASS, text)), notOpened),
                () -> notOpened.accept(messages.get("guide.browser.noFile")));
    }

    private void quit() {
        Window window = view.getScene() == null ? null : view.getScene().getWindow();
        if (window != null) {
            // As the window manager's close button: the close request, then the window hides unless a handler keeps it.
            window.fireEvent(new WindowEvent(window, WindowEvent.WINDOW_CLOSE_REQUEST));
        }
    }

    private void about() {
        // The runtime in full (a package bundles its own: whether it has its updates shows here).
        String java = Runtime.version() + " (" + System.getProperty("java.vendor", "?") + ")";
        Alert about = new Alert(Alert.AlertType.INFORMATION, messages.get("about.text", AppVersion.version(), java,
                System.getProperty("javafx.runtime.version", "?")), ButtonType.OK);
        about.setTitle(messages.get("about.title"));
        about.setHeaderText(messages.get("app.title"));
        about.getDialogPane().setId("aboutDialog");
        DialogKeys.message(about, ButtonType.OK);
        Dialogs.inform(about, view.getScene() == null ? null : view.getScene().getWindow());
    }

    /**
     * A menu of the menu bar whose text marks its mnemonic with an underscore ({@code _View}, {@code 视图(_V)}):
     * Alt with that letter opens it.
     */
    public static Menu menu(String id, String text) {
        Menu menu = new Menu(text);
        menu.setId(id);
        menu.setMnemonicParsing(true);
        return menu;
    }

    private static MenuItem item(String id, String text, KeyCombination accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setId(id);
        item.setMnemonicParsing(false);
        if (accelerator != null) {
            item.setAccelerator(accelerator);
        }
        item.setOnAction(e -> action.run());
        return item;
    }
}
