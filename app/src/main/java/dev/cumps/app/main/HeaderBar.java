package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The top of the main window: the title, the "simulated" badge and the last refresh, then the host
 * facts (platform, driver, nvidia-smi, CUDA_VISIBLE_DEVICES) and the core's diagnostic. Binds to a
 * {@link HostSummary}.
 */
public final class HeaderBar extends VBox {

    private final HostSummary summary;
    private final Messages messages;
    private final ObservableBooleanValue paused;

    /** @param paused whether the automatic refresh is paused: the header then says so beside the last refresh */
    public HeaderBar(HostSummary summary, Messages messages, ObservableBooleanValue paused) {
        this.summary = Objects.requireNonNull(summary, "summary");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.paused = Objects.requireNonNull(paused, "paused");
        getChildren().addAll(titleLine(), hostFacts());
    }

    private Node titleLine() {
        Label header = new Label(messages.get("main.header"));
        header.getStyleClass().add(ConsoleStyles.HEADER);
        Label badge = new Label(messages.get("app.simulated"));
        badge.setId("simulatedBadge");
        badge.getStyleClass().add(ConsoleStyles.SIMULATED_BADGE);
        badge.setTooltip(new Tooltip(messages.get("header.simulated.tooltip")));
        badge.visibleProperty().bind(summary.simulatedProperty());
        badge.managedProperty().bind(badge.visibleProperty());
        Label lastRefresh = new Label();
        lastRefresh.setId("lastRefresh");
        lastRefresh.getStyleClass().add(ConsoleStyles.MUTED);
        lastRefresh.textProperty().bind(summary.lastRefreshProperty());
        Label pausedNote = new Label(messages.get("header.paused"));
        pausedNote.setId("refreshPaused");
        Severity.apply(pausedNote, Severity.WARN);
        pausedNote.visibleProperty().bind(paused);
        pausedNote.managedProperty().bind(pausedNote.visibleProperty());
        pausedNote.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(12, header, badge, spacer, pausedNote, lastRefresh);
        top.getStyleClass().add(ConsoleStyles.HEADER_BAR);
        return top;
    }

    private Node hostFacts() {
        Label smi = fact("smiStatus", messages.get("header.smi"), summary.smiProperty());
        summary.smiSeverityProperty().addListener((obs, old, severity) -> Severity.apply(smi, severity));
        Severity.apply(smi, summary.smiSeverityProperty().get());
        Label diagnostic = new Label();
        diagnostic.setId("diagnostic");
        diagnostic.getStyleClass().add(ConsoleStyles.DIAGNOSTIC);
        diagnostic.setWrapText(true);
        diagnostic.textProperty().bind(summary.diagnosticProperty());
        diagnostic.visibleProperty().bind(summary.diagnosticProperty().isNotEmpty());
        diagnostic.managedProperty().bind(diagnostic.visibleProperty());
        Severity.apply(diagnostic, Severity.FAIL);
        FlowPane facts = new FlowPane(18, 4,
                fact("platform", messages.get("header.platform"), summary.platformProperty()),
                fact("driver", messages.get("header.driver"), summary.driverProperty()),
                smi,
                fact("visibleDevices", messages.get("header.mask"), summary.visibleDevicesProperty()));
        VBox bar = new VBox(4, facts, diagnostic);
        bar.getStyleClass().add(ConsoleStyles.HOST_BAR);
        return bar;
    }

    /** "name: value" with the language's colon (full-width in Chinese, review L-15). */
    private Label fact(String id, String name, ObservableValue<String> value) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add(ConsoleStyles.FACT);
        label.textProperty().bind(Bindings.createStringBinding(() -> messages.get("header.fact", name, value.getValue()), value));
        return label;
    }
}
