package dev.cumps.app.ui;

import dev.cumps.app.ui.style.ConsoleStyles;
import java.util.List;
import java.util.Objects;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.stage.PopupWindow;
import javafx.stage.Window;

/**
 * The wrapper that makes a disabled button say why. JavaFX shows no tooltip on a disabled node (it
 * gets no mouse events), so the button sits in this pane, which is never disabled: while the button
 * is disabled, hovering it shows, as this pane's tooltip, the text of the first {@link Why} that
 * holds; while it is enabled the button's own tooltip shows, and this pane has none. The button's
 * {@code disable} stays bound to its view model; the reasons name, in the window's language, the
 * states that disable it.
 *
 * <p>A keyboard user reaches the reason too (review 2026-12-06 L-25): while the button is disabled this
 * pane, never the disabled button itself, takes the focus in the Tab order, shows the focus ring, shows
 * the reason as its tooltip right under itself for as long as it has the keyboard's focus ({@code focusVisible}:
 * a focus that came without the keyboard, such as a page's first control, opens no popup over the page), and
 * gives the reason to a screen reader as its help text. When the button is enabled again the pane leaves the Tab order and
 * hands its focus to the button.
 */
public final class DisabledReason extends StackPane {

    /** One reason: while {@code when} holds (and no earlier one does), the disabled button says {@code text}. */
    public record Why(ObservableBooleanValue when, String text) {
        public Why {
            Objects.requireNonNull(when, "when");
            Objects.requireNonNull(text, "text");
        }
    }

    private final Control control;
    private final Tooltip tooltip = new Tooltip();
    private final StringBinding reason;

    /** Wraps {@code control}; put the returned pane where the control would go. */
    public static DisabledReason wrap(Control control, Why... reasons) {
        return new DisabledReason(control, List.of(reasons));
    }

    private DisabledReason(Control control, List<Why> reasons) {
        super(control);
        this.control = Objects.requireNonNull(control, "control");
        getStyleClass().add(ConsoleStyles.DISABLED_REASON);
        setAlignment(Pos.CENTER_LEFT);
        setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        Observable[] dependencies = reasons.stream().map(Why::when).toArray(Observable[]::new);
        StringBinding first = Bindings.createStringBinding(() -> reasons.stream().filter(w -> w.when().get())
                .map(Why::text).findFirst().orElse(""), dependencies);
        reason = Bindings.createStringBinding(() -> control.isDisabled() ? first.get() : "", first, control.disabledProperty());
        tooltip.textProperty().bind(reason);
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(480);
        InvalidationListener install = o -> {
            if (reason.get().isEmpty()) {
                Tooltip.uninstall(this, tooltip);
            } else {
                Tooltip.install(this, tooltip);
            }
        };
        reason.addListener(install);
        install.invalidated(reason);

        focusTraversableProperty().bind(reason.isNotEmpty());
        accessibleHelpProperty().bind(reason);
        if (control instanceof Labeled labeled) {
            accessibleTextProperty().bind(labeled.textProperty());
        }
        focusVisibleProperty().addListener((o, was, now) -> showOnFocus());
        reason.addListener((o, was, now) -> {
            if (now.isEmpty() && isFocused()) {
                control.requestFocus(); // enabled under the keyboard: the button itself has the focus now
            }
            showOnFocus();
        });
    }

    /** The reason under the pane while it has the keyboard's focus (a keyboard user cannot hover); hidden otherwise. */
    private void showOnFocus() {
        if (isFocusVisible() && !reason.get().isEmpty() && getScene() != null && getScene().getWindow() != null
                && getScene().getWindow().isShowing()) {
            Bounds b = localToScreen(getLayoutBounds());
            if (b != null && !tooltip.isShowing()) {
                tooltip.show(this, b.getMinX(), b.getMaxY() + 4);
            }
        } else if (tooltip.isShowing() && ownerHasScene()) {
            tooltip.hide();
        }
    }

    /**
     * Whether the reason's window can be hidden: JavaFX hides a popup through its owner window's scene, and throws
     * when that window has lost its scene (it is then going away, and the popup with it).
     */
    private boolean ownerHasScene() {
        Window owner = tooltip.getOwnerWindow();
        while (owner instanceof PopupWindow popup) {
            owner = popup.getOwnerWindow();
        }
        return owner != null && owner.getScene() != null;
    }

    /** The control inside. */
    public Control control() {
        return control;
    }

    /** What hovering the disabled control shows; empty while it is enabled (or no reason holds). */
    public ObservableStringValue reasonProperty() {
        return reason;
    }

    /** The tooltip this pane shows while the control is disabled. */
    public Tooltip tooltip() {
        return tooltip;
    }
}
