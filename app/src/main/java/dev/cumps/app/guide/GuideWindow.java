package dev.cumps.app.guide;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The user guide inside the window (Help → User guide, F1, and each doctor row's Guide link): the
 * guide of the window's language drawn by {@link GuideRenderer} in a window of its own, owned by the
 * console and beside it (reading the guide does not block the console), opened at the entry asked
 * for. One guide window per console: asking again brings it to the front at the new entry. Nothing
 * outside the application is started unless the user presses Open in browser ({@link GuideBrowser}:
 * {@code xdg-open} on the guide file, never waited for or ended).
 */
public final class GuideWindow {
    /** Where the open guide window of a console is kept, in the console window's properties. */
    private static final String KEY = GuideWindow.class.getName();
    /** Where a console's {@link GuideBrowser} is kept, in its scene root's properties ({@link #offerBrowser}). */
    private static final String BROWSER_KEY = GuideBrowser.class.getName();
    private static final PseudoClass DARK = PseudoClass.getPseudoClass("dark");
    private static final PseudoClass TARGET = PseudoClass.getPseudoClass("target");

    private final Stage stage;
    private final ScrollPane scroll;
    private final VBox content;
    private final Map<String, Region> anchors;
    private final String language;
    private Region target;
    /**
     * The entry kept at the top while the window settles: a new window is laid out again when the window
     * manager frames and sizes it, and its wrapped paragraphs then change height, which moved the first
     * link's entry out of view (review 2026-12-06 M-5: the first Guide link opened the guide at its top).
     * Kept until the reader scrolls, clicks or types in the guide, or another entry (or the top) is asked for.
     */
    private Region pending;
    private boolean settleQueued;

    private GuideWindow(Window owner, Messages messages, Optional<GuideBrowser> browser) {
        GuideDocument document = GuideDocument.forLocale(messages.locale());
        language = document.language().getLanguage();
        GuideRenderer.Rendered rendered = GuideRenderer.render(document, this::reveal);
        content = rendered.content();
        content.setPadding(new Insets(16, 20, 24, 20));
        anchors = rendered.anchors();
        scroll = new ScrollPane(content);
        scroll.setId("guideScroll");
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add(ConsoleStyles.GUIDE_SCROLL);
        content.heightProperty().addListener((o, was, now) -> settle());
        scroll.viewportBoundsProperty().addListener((o, was, now) -> settle());
        scroll.addEventFilter(ScrollEvent.SCROLL, e -> pending = null);
        scroll.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> pending = null);
        scroll.addEventFilter(KeyEvent.KEY_PRESSED, e -> pending = null);

        Button close = new Button(messages.get("guide.close"));
        close.setId("guideClose");
        close.setCancelButton(true);
        close.setDefaultButton(true);
        Button top = new Button(messages.get("guide.contents"));
        top.setId("guideTop");
        top.setOnAction(e -> {
            pending = null;
            scroll.setVvalue(scroll.getVmin());
        });
        Label said = new Label();
        said.setId("guideBrowserSaid");
        said.setWrapText(true);
        said.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(said, Priority.ALWAYS);
        HBox buttons = new HBox(8, said, top, close);
        browser.ifPresent(b -> {
            Button open = new Button(messages.get("guide.browser"));
            open.setId("guideBrowser");
            open.setTooltip(new Tooltip(messages.get("guide.browser.tooltip")));
            open.setOnAction(e -> b.open(said::setText));
            buttons.getChildren().add(1, open);
        });
        // A long message beside them wraps; the buttons keep their names (review 2026-12-06 M-6).
        buttons.getChildren().forEach(n -> {
            if (n instanceof Button b) {
                b.setMinWidth(Region.USE_PREF_SIZE);
            }
        });
        said.setMinWidth(0);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        buttons.setPadding(new Insets(8, 12, 8, 12));
        BorderPane root = new BorderPane(scroll);
        root.setBottom(buttons);
        root.setId("guideWindow");
        root.getStyleClass().add(ConsoleStyles.GUIDE_WINDOW);

        stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
            boolean dark = owner.getScene() != null && owner.getScene().getRoot().getPseudoClassStates().contains(DARK);
            root.pseudoClassStateChanged(DARK, dark);
        }
        stage.setTitle(messages.get("guide.window.title"));
        double height = owner == null ? 720 : Math.max(480, Math.min(760, owner.getHeight()));
        Scene scene = new Scene(root, 860, height);
        ConsoleStylesheet.applyTo(scene);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                e.consume();
                stage.hide();
            }
        });
        close.setOnAction(e -> stage.hide());
        stage.setScene(scene);
        stage.setMinWidth(420);
        stage.setMinHeight(300);
    }

    /**
     * Shows the guide of {@code messages}' language owned by {@code owner} (null: unowned), at
     * {@code anchor} (null or unknown: the top). Call on the FX thread.
     */
    public static GuideWindow show(Window owner, Messages messages, String anchor) {
        Optional<GuideBrowser> browser = Optional.ofNullable(owner).map(Window::getScene).map(Scene::getRoot).flatMap(GuideWindow::offeredBrowser);
        return show(owner, messages, anchor, browser);
    }

    /**
     * Makes the guide windows of the console whose scene root is {@code root} offer Open in browser
     * through {@code browser} (and its Help → Open guide in browser use it).
     */
    public static void offerBrowser(Parent root, GuideBrowser browser) {
        root.getProperties().put(BROWSER_KEY, Objects.requireNonNull(browser, "browser"));
    }

    /** The {@link GuideBrowser} offered for the console whose scene root is {@code root}, if one was. */
    public static Optional<GuideBrowser> offeredBrowser(Parent root) {
        return Optional.ofNullable(root.getProperties().get(BROWSER_KEY)).filter(GuideBrowser.class::isInstance).map(GuideBrowser.class::cast);
    }

    /** Like {@link #show(Window, Messages, String)}, with Open in browser when {@code browser} is given. */
    public static GuideWindow show(Window owner, Messages messages, String anchor, Optional<GuideBrowser> browser) {
        Objects.requireNonNull(messages, "messages");
        GuideWindow window = owner == null ? null : (GuideWindow) owner.getProperties().get(KEY);
        if (window == null || !window.language.equals(GuideDocument.languageOf(messages.locale()).getLanguage())) {
            window = new GuideWindow(owner, messages, browser);
            if (owner != null) {
                owner.getProperties().put(KEY, window);
            }
        }
        window.stage.show();
        window.stage.toFront();
        window.reveal(anchor);
        GuideWindow shown = window;
        Platform.runLater(() -> shown.reveal(anchor));
        return window;
    }

    /** The window (tests, the screenshot tour). */
    public Stage stage() {
        return stage;
    }

    /** Scrolls so that the heading or paragraph {@code anchor} names is at the top, and marks it; the top for none. */
    void reveal(String anchor) {
        Region next = anchor == null ? null : anchors.get(anchor);
        if (target != null) {
            target.pseudoClassStateChanged(TARGET, false);
        }
        target = next;
        scroll.applyCss();
        scroll.layout();
        if (next == null) {
            pending = null;
            scroll.setVvalue(scroll.getVmin());
            return;
        }
        next.pseudoClassStateChanged(TARGET, true);
        pending = next;
        scrollTo(next);
    }

    /** Puts {@code entry} at the top of the view (as near as the end of the guide allows). */
    private void scrollTo(Region entry) {
        Bounds bounds = content.sceneToLocal(entry.localToScene(entry.getBoundsInLocal()));
        double room = content.getHeight() - scroll.getViewportBounds().getHeight();
        double fraction = room <= 0 ? 0 : Math.max(0, Math.min(1, (bounds.getMinY() - 8) / room));
        scroll.setVvalue(scroll.getVmin() + fraction * (scroll.getVmax() - scroll.getVmin()));
    }

    /** The guide's or the view's height changed: the pending entry is put back at the top once this layout has ended. */
    private void settle() {
        if (pending == null || settleQueued) {
            return;
        }
        settleQueued = true;
        Platform.runLater(() -> {
            settleQueued = false;
            if (pending != null) {
                scrollTo(pending);
            }
        });
    }
}
