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
import javafx.geometry.Pos;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;

/**
 * The wrapper that makes a disabled button say why. JavaFX shows no tooltip on a disabled node (it
 * gets no mouse events), so the button sits in this pane, which is never disabled: while the button
 * is disabled, hovering it shows, as this pane's tooltip, the text of the first {@link Why} that
 * holds; while it is enabled the button's own tooltip shows, and this pane has none. The button's
 * {@code disable} stays bound to its view model; the reasons name, in the window's language, the
 * states that disable it.
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
