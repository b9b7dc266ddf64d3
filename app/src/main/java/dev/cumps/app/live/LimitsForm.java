package dev.cumps.app.live;

import dev.cumps.app.i18n.Messages;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.MpsLimits;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The two limit fields of the Limits pane, the Hosts page and the Start dialog, checked as they are typed with the core's own parsing
 * ({@link MpsLimits#parsePercentage}, {@link MpsLimits#parseSizeMiB}): each field's reason is shown
 * under it, in the window's language, and {@link #invalidBinding()} is true while either is wrong
 * or both are empty (the Start dialog, where both may be empty, reads the two problems instead). An
 * empty field leaves that limit as it is. UI thread.
 */
public final class LimitsForm {

    private final Messages messages;
    private final StringProperty percentage = new SimpleStringProperty(this, "percentage", "");
    private final StringProperty pinned = new SimpleStringProperty(this, "pinned", "");
    private final ReadOnlyStringWrapper percentageProblem = new ReadOnlyStringWrapper(this, "percentageProblem", "");
    private final ReadOnlyStringWrapper pinnedProblem = new ReadOnlyStringWrapper(this, "pinnedProblem", "");
    private final BooleanBinding invalid;

    public LimitsForm(Messages messages) {
        this.messages = Objects.requireNonNull(messages, "messages");
        percentage.addListener((o, a, text) -> percentageProblem.set(problem(text, true)));
        pinned.addListener((o, a, text) -> pinnedProblem.set(problem(text, false)));
        invalid = Bindings.createBooleanBinding(() -> !percentageProblem.get().isEmpty() || !pinnedProblem.get().isEmpty()
                || (percentage.get().isBlank() && pinned.get().isBlank()), percentage, pinned, percentageProblem, pinnedProblem);
    }

    private String problem(String text, boolean isPercentage) {
        if (text == null || text.isBlank()) {
            return "";
        }
        try {
            if (isPercentage) {
                MpsLimits.parsePercentage(text);
            } else {
                MpsLimits.parseSizeMiB(text);
            }
            return "";
        } catch (CumpsException e) {
            return messages.windowText(e.errorMessage());
        }
    }

    /** The limits the fields describe (only the filled ones); call while {@link #invalidBinding()} is false. */
    public MpsLimits limits() {
        return MpsLimits.parse(filled(percentage.get()), filled(pinned.get()));
    }

    /** The new values as the confirmation shows them (a field left empty: unchanged). */
    public String percentageText() {
        return filled(percentage.get()).map(p -> Integer.toString(MpsLimits.parsePercentage(p)))
                .orElse(messages.get("limits.unchanged"));
    }

    public String pinnedText() {
        return filled(pinned.get()).map(s -> MpsLimits.sizeText(MpsLimits.parseSizeMiB(s))).orElse(messages.get("limits.unchanged"));
    }

    private static Optional<String> filled(String text) {
        return text == null || text.isBlank() ? Optional.empty() : Optional.of(text.strip());
    }

    public void clear() {
        percentage.set("");
        pinned.set("");
    }

    public StringProperty percentageProperty() {
        return percentage;
    }

    public StringProperty pinnedProperty() {
        return pinned;
    }

    /** Why the percentage field is wrong; empty when it is fine or empty. */
    public ReadOnlyStringProperty percentageProblemProperty() {
        return percentageProblem.getReadOnlyProperty();
    }

    /** Why the size field is wrong; empty when it is fine or empty. */
    public ReadOnlyStringProperty pinnedProblemProperty() {
        return pinnedProblem.getReadOnlyProperty();
    }

    /** True while a field is wrong or both are empty. */
    public BooleanBinding invalidBinding() {
        return invalid;
    }
}
