package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.status.HostStatus;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The host facts above the tables as display text: platform, driver, whether nvidia-smi answers
 * (and how that looks), the core's diagnostic, the CUDA_VISIBLE_DEVICES mask, the last refresh.
 * UI thread only.
 */
public final class HostSummary {

    private final Messages messages;
    private final ReadOnlyBooleanWrapper simulated = new ReadOnlyBooleanWrapper(this, "simulated");
    private final ReadOnlyStringWrapper platform = new ReadOnlyStringWrapper(this, "platform", "");
    private final ReadOnlyStringWrapper driver = new ReadOnlyStringWrapper(this, "driver", "");
    private final ReadOnlyStringWrapper smi = new ReadOnlyStringWrapper(this, "smi", "");
    private final ReadOnlyObjectWrapper<Severity> smiSeverity = new ReadOnlyObjectWrapper<>(this, "smiSeverity");
    private final ReadOnlyStringWrapper diagnostic = new ReadOnlyStringWrapper(this, "diagnostic", "");
    private final ReadOnlyStringWrapper gpusEmpty = new ReadOnlyStringWrapper(this, "gpusEmpty", "");
    private final ReadOnlyStringWrapper visibleDevices = new ReadOnlyStringWrapper(this, "visibleDevices", "");
    private final ReadOnlyStringWrapper lastRefresh = new ReadOnlyStringWrapper(this, "lastRefresh", "");

    private final ReadOnlyObjectWrapper<HostStatus> status = new ReadOnlyObjectWrapper<>(this, "status");

    HostSummary(Messages messages, boolean simulated) {
        this.messages = Objects.requireNonNull(messages, "messages");
        this.simulated.set(simulated);
        gpusEmpty.set(messages.get("main.gpus.empty"));
    }

    /** Shows the facts of {@code s}, collected as {@code refreshed} says. */
    void show(HostStatus s, String refreshed) {
        status.set(s);
        simulated.set(s.simulated());
        platform.set(s.platform());
        driver.set(s.driverVersion().orElse(messages.get("header.unknown")));
        smi.set(messages.get(s.nvidiaSmiAvailable() ? "header.smi.available" : "header.smi.unavailable"));
        smiSeverity.set(s.nvidiaSmiAvailable() ? Severity.PASS : Severity.FAIL);
        diagnostic.set(diagnosticText(s));
        // A hung or failing nvidia-smi is not "no GPUs": the empty table says why.
        gpusEmpty.set(diagnostic.get().isEmpty() ? messages.get("main.gpus.empty") : messages.get("main.gpus.emptyBecause", diagnostic.get()));
        visibleDevices.set(s.cudaVisibleDevices().orElse(messages.get("header.mask.unset")));
        lastRefresh.set(refreshed);
    }

    /** The core's diagnostics as the header shows them, translated and joined as the CLI joins them; empty: none. */
    String diagnosticText(HostStatus s) {
        return String.join("; ", s.diagnostics().stream().map(messages::render).toList());
    }

    /** What the empty GPU table says: "No GPUs found", with the diagnostic when there is one. */
    public ReadOnlyStringProperty gpusEmptyProperty() {
        return gpusEmpty.getReadOnlyProperty();
    }

    /** A collection failed: {@code text} replaces the diagnostic. */
    void failed(String text) {
        diagnostic.set(text);
    }

    /** The host status of the last refresh ({@code null} before the first): the doctor pane compares it with its run. */
    public ReadOnlyObjectProperty<HostStatus> statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty simulatedProperty() {
        return simulated.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty platformProperty() {
        return platform.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty driverProperty() {
        return driver.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty smiProperty() {
        return smi.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Severity> smiSeverityProperty() {
        return smiSeverity.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty diagnosticProperty() {
        return diagnostic.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty visibleDevicesProperty() {
        return visibleDevices.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty lastRefreshProperty() {
        return lastRefresh.getReadOnlyProperty();
    }
}
