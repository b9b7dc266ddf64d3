package dev.cumps.app.ui.dialog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.event.EventHandler;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogPane;
import javafx.scene.input.InputEvent;
import javafx.scene.input.MouseEvent;
import javafx.stage.Modality;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The one place where a dialog is placed: owned by the window it belongs to, centred on it, at least
 * {@link #MIN_WIDTH}×{@link #MIN_HEIGHT} and as large as its content asks (within the screen),
 * resizable, with the window manager's title bar.
 *
 * <p>Why not a modal dialog: for a modal stage the GTK glass makes its owner non-resizable (its
 * minimum and maximum size hints set to its size), and a window manager such as openbox then
 * un-maximizes the owner. So dialogs are modeless to the window system, and {@link #own} blocks the
 * owner's input itself while one of its dialogs is showing: clicks and keys on the owner are
 * swallowed and bring the dialog to the front.
 *
 * <p>Why the placement runs after the show: the GTK glass ignores a size and position set before a
 * window is first mapped (a dialog opened at 200×200 in the top-left corner).
 */
public final class Dialogs {

    public static final double MIN_WIDTH = 420;
    public static final double MIN_HEIGHT = 200;

    /** The dark theme's pseudo-class on a window's root ({@code ThemeSwitch.DARK}). */
    private static final PseudoClass DARK = PseudoClass.getPseudoClass("dark");

    private static final String OPEN_DIALOGS = Dialogs.class.getName() + ".open";

    private Dialogs() {
    }

    /**
     * The window's way to ask for a confirmation: shows {@code dialog} owned by {@code owner} ({@link #own}:
     * centred, modeless to the window manager) without waiting, and once it has closed runs
     * {@code onConfirmed} if the user confirmed; on the FX thread.
     */
    public static <D extends Dialog<?> & Confirmation> void confirm(D dialog, Window owner, Runnable onConfirmed) {
        own(dialog, owner);
        dialog.setOnHidden(event -> {
            if (dialog.confirmed()) {
                onConfirmed.run();
            }
        });
        dialog.show();
    }

    /**
     * The window's way to report an outcome (a stop's result, a failed start, About): shows {@code dialog}
     * owned by {@code owner} ({@link #own}) without waiting; nothing depends on how it is closed.
     */
    public static void inform(Dialog<?> dialog, Window owner) {
        own(dialog, owner);
        dialog.show();
    }

    /** Owns {@code dialog} by {@code owner} (when not null) and places it on every show. Call before showing it. */
    public static void own(Dialog<?> dialog, Window owner) {
        if (owner != null) {
            dialog.initOwner(owner);
        }
        dialog.initModality(Modality.NONE);
        dialog.setResizable(true);
        Window window = dialog.getDialogPane().getScene().getWindow();
        if (window instanceof Stage stage) {
            stage.setMinWidth(MIN_WIDTH);
            stage.setMinHeight(MIN_HEIGHT);
        }
        if (owner != null) {
            Node[] focused = new Node[1];
            window.addEventHandler(WindowEvent.WINDOW_SHOWING, event -> {
                openDialogs(owner).add(window);
                // The dialog takes the window's look: console.css picks the dark theme's state colours
                // by the root's :dark, and a dialog is a root of its own (without it the Stop all
                // report's failures were the light theme's dark red on the dark dialog, 2.9:1).
                boolean dark = owner.getScene() != null && owner.getScene().getRoot().getPseudoClassStates().contains(DARK);
                dialog.getDialogPane().pseudoClassStateChanged(DARK, dark);
                focused[0] = owner.getScene() == null ? null : owner.getScene().getFocusOwner();
            });
            window.addEventHandler(WindowEvent.WINDOW_HIDDEN, event -> {
                openDialogs(owner).remove(window);
                Platform.runLater(() -> returnFocus(owner, focused[0]));
            });
        }
        window.addEventHandler(WindowEvent.WINDOW_SHOWN,
                event -> Platform.runLater(() -> place(window, dialog.getDialogPane(), owner)));
    }

    /**
     * After a dialog closes, the keyboard is back where it was when the dialog opened (not on whatever
     * control the toolkit picks next, the Auto-refresh box); a control that is gone or disabled by now
     * (Stop after the stop) hands it to the first enabled control of its own container.
     */
    private static void returnFocus(Window owner, Node before) {
        if (before == null || owner.getScene() == null || before.getScene() != owner.getScene()) {
            return;
        }
        if (usable(before)) {
            before.requestFocus();
            return;
        }
        for (Parent parent = before.getParent(); parent != null; parent = parent.getParent()) {
            for (Node sibling : parent.getChildrenUnmodifiable()) {
                if (sibling.isFocusTraversable() && usable(sibling)) {
                    sibling.requestFocus();
                    return;
                }
            }
        }
    }

    private static boolean usable(Node node) {
        if (node.isDisabled()) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Shows a native dialog (the desktop's file chooser) for {@code owner} and returns its answer. The
     * toolkit blocks the owner while the native dialog runs, which un-maximises it under openbox;
     * a window that was maximised is maximised again once the native dialog has closed.
     */
    public static <T> T showNative(Window owner, Supplier<T> nativeDialog) {
        boolean wasMaximized = owner instanceof Stage stage && stage.isMaximized();
        try {
            return nativeDialog.get();
        } finally {
            if (wasMaximized) {
                // Later: the owner is enabled again only after the native dialog returned.
                Platform.runLater(() -> ((Stage) owner).setMaximized(true));
            }
        }
    }

    /** The focused showing window, else the first showing window without an owner (the main window); for dialogs raised from anywhere. */
    public static Optional<Window> activeWindow() {
        List<Window> showing = Window.getWindows().stream().filter(Window::isShowing).toList();
        return showing.stream().filter(Window::isFocused).findFirst()
                .or(() -> showing.stream().filter(w -> w instanceof Stage s && s.getOwner() == null).findFirst());
    }

    /** Sizes {@code window} to its content (at least the minimum, at most the screen) and centres it on {@code owner}. */
    private static void place(Window window, DialogPane pane, Window owner) {
        if (!window.isShowing()) {
            return;
        }
        Rectangle2D screen = screenOf(owner != null && owner.isShowing() ? owner : window);
        Scene scene = window.getScene();
        double frameWidth = Math.max(0, window.getWidth() - scene.getWidth());
        double frameHeight = Math.max(0, window.getHeight() - scene.getHeight());
        double contentWidth = pane.prefWidth(-1);
        double width = clamp(Math.max(contentWidth + frameWidth, MIN_WIDTH), screen.getWidth());
        double height = clamp(Math.max(pane.prefHeight(width - frameWidth) + frameHeight, MIN_HEIGHT), screen.getHeight());
        window.setWidth(width);
        window.setHeight(height);
        double x;
        double y;
        if (owner != null && owner.isShowing()) {
            x = owner.getX() + (owner.getWidth() - width) / 2;
            y = owner.getY() + (owner.getHeight() - height) / 2;
        } else {
            x = screen.getMinX() + (screen.getWidth() - width) / 2;
            y = screen.getMinY() + (screen.getHeight() - height) / 2;
        }
        window.setX(Math.max(screen.getMinX(), Math.min(x, screen.getMaxX() - width)));
        window.setY(Math.max(screen.getMinY(), Math.min(y, screen.getMaxY() - height)));
    }

    private static double clamp(double size, double screen) {
        return Math.min(size, screen);
    }

    private static Rectangle2D screenOf(Window window) {
        List<Screen> screens = Screen.getScreensForRectangle(window.getX(), window.getY(),
                Math.max(1, window.getWidth()), Math.max(1, window.getHeight()));
        return (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
    }

    /** The dialogs of {@code owner} now showing; the first call installs the filter that blocks the owner's input while there are any. */
    @SuppressWarnings("unchecked")
    private static List<Window> openDialogs(Window owner) {
        Object existing = owner.getProperties().get(OPEN_DIALOGS);
        if (existing instanceof List<?> list) {
            return (List<Window>) list;
        }
        List<Window> open = new ArrayList<>();
        owner.getProperties().put(OPEN_DIALOGS, open);
        EventHandler<InputEvent> block = event -> {
            if (!open.isEmpty()) {
                event.consume();
                if (event.getEventType() == MouseEvent.MOUSE_PRESSED) {
                    Window top = open.get(open.size() - 1);
                    if (top instanceof Stage stage) {
                        stage.toFront();
                    }
                    top.requestFocus();
                }
            }
        };
        owner.addEventFilter(InputEvent.ANY, block);
        return open;
    }
}
