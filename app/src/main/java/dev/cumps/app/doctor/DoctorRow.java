package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.json.Json;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * One row of the doctor table: the {@link CheckResult} it shows (empty for a row read from another
 * host's JSON), its texts in the window's language (status word, title, observed value, expectation
 * and remedy; for a check that did not pass, {@code guide} is the anchor of its entry in the user
 * guide, the Guide button) and where its fix stands ({@link Fix}). The table, the detail pane, the
 * selection and Fix… all hold this object, so nothing looks a row's result up by its place in a list.
 * Rows are compared by identity: two GPUs may give equal results.
 */
public final class DoctorRow {
    /** Where a row's fix stands: the product can fix nothing about it, or it can, is doing it, did it, or tried and could not. */
    public enum Fix { NONE, AVAILABLE, APPLYING, APPLIED, FAILED }

    private final String id;
    private final Severity severity;
    private final String status;
    private final String title;
    private final String observed;
    private final String expected;
    private final String remedy;
    private final Optional<String> guide;
    private final Optional<CheckResult> result;
    private final ReadOnlyObjectWrapper<Fix> fix;

    /** A row read from another host's report: texts only, nothing this window can fix. */
    public DoctorRow(String id, Severity severity, String status, String title, String observed, String expected, String remedy,
                     Optional<String> guide) {
        this(id, severity, status, title, observed, expected, remedy, guide, Optional.empty());
    }

    private DoctorRow(String id, Severity severity, String status, String title, String observed, String expected, String remedy,
                      Optional<String> guide, Optional<CheckResult> result) {
        this.id = id;
        this.severity = Objects.requireNonNull(severity, "severity");
        this.status = status;
        this.title = title;
        this.observed = observed;
        this.expected = expected;
        this.remedy = remedy;
        this.guide = Objects.requireNonNull(guide, "guide");
        this.result = result;
        this.fix = new ReadOnlyObjectWrapper<>(this, "fix", result.filter(CheckResult::fixable).isPresent() ? Fix.AVAILABLE : Fix.NONE);
    }

    /**
     * The row of {@code check}: the one place that reads a check's texts for the window, its title
     * ("GPU n · …" for a check about one of several diagnosed GPUs), observed value, expectation and
     * remedy rendered in the window's language (raw evidence in them as it is); a skipped check expects
     * nothing and a passing one needs no remedy (empty cells). The remedy names the window's button
     * where the window has one ({@link Messages#windowText}).
     */
    public static DoctorRow of(CheckResult check, Messages messages) {
        return new DoctorRow(check.id(), severity(check.status()), statusText(check.status(), messages),
                messages.render(check.headingMessage()), messages.render(check.observedMessage()),
                check.expectedMessage().map(messages::render).orElse(""), check.remedyMessage().map(messages::windowText).orElse(""),
                check.status() == CheckStatus.PASS ? Optional.empty() : Optional.of(check.checkId().anchor()), Optional.of(check));
    }

    /** How a check's status looks on screen. */
    public static Severity severity(CheckStatus status) {
        return switch (status) {
            case PASS -> Severity.PASS;
            case WARN -> Severity.WARN;
            case FAIL -> Severity.FAIL;
            case SKIP -> Severity.SKIP;
        };
    }

    /** The status as a word of the window's language. */
    public static String statusText(CheckStatus status, Messages messages) {
        return switch (status) {
            case PASS -> messages.get("doctor.status.pass");
            case WARN -> messages.get("doctor.status.warn");
            case FAIL -> messages.get("doctor.status.fail");
            case SKIP -> messages.get("doctor.status.skip");
        };
    }

    /** This row with another title (a host's row of one of several GPUs). */
    DoctorRow titled(String newTitle) {
        return new DoctorRow(id, severity, status, newTitle, observed, expected, remedy, guide, result);
    }

    /**
     * What Export writes for {@code file}: JSON exactly as {@code cumps doctor --json} by {@code .json}
     * (machine-readable, so never translated), else {@link #markdown the Markdown report} in the
     * window's language.
     */
    public static String exportText(DoctorReport report, Path file, Messages messages) {
        Path name = file.getFileName();
        boolean json = name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".json");
        return json ? Json.write(report.toJsonMap()) + "\n" : markdown(report, messages);
    }

    /** The Markdown report (Copy, Export) in the window's language, each check titled as its row; evidence in it as it is. */
    public static String markdown(DoctorReport report, Messages messages) {
        return report.toMarkdown(messages.core()::pattern);
    }

    /** The check's stable id, as in JSON ({@code pipe_access}). */
    public String id() {
        return id;
    }

    public Severity severity() {
        return severity;
    }

    /** The status word in the window's language. */
    public String status() {
        return status;
    }

    public String title() {
        return title;
    }

    public String observed() {
        return observed;
    }

    public String expected() {
        return expected;
    }

    public String remedy() {
        return remedy;
    }

    /** The anchor of the check's entry in the user guide; empty for a passing check. */
    public Optional<String> guide() {
        return guide;
    }

    /** The result this row shows; empty for a row of another host's report. */
    public Optional<CheckResult> result() {
        return result;
    }

    /** The GPU the row is about when the doctor diagnosed each visible GPU; else empty. */
    public Optional<Gpu> gpu() {
        return result.flatMap(CheckResult::gpu);
    }

    /** Where the row's fix stands. */
    public ReadOnlyObjectProperty<Fix> fixProperty() {
        return fix.getReadOnlyProperty();
    }

    public Fix fix() {
        return fix.get();
    }

    /** Sets where the row's fix stands (Fix…, on the UI thread). */
    void fix(Fix now) {
        fix.set(Objects.requireNonNull(now, "now"));
    }

    @Override
    public String toString() {
        return status + " " + title + ": " + observed;
    }
}
