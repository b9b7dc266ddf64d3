package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.json.Json;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * One row of the doctor table, as the window shows it: how the status looks, the status word,
 * and the check's title, observed value, expectation and remedy in the window's language; for a
 * check that did not pass, {@code guide} is the anchor of its entry in the user guide (the Guide
 * button), empty for a passing one.
 */
public record DoctorRow(String id, Severity severity, String status, String title, String observed, String expected,
                        String remedy, Optional<String> guide) {

    public DoctorRow {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(guide, "guide");
    }

    /**
     * The row of {@code check}: the one place that reads a check's texts for the window, its title,
     * observed value, expectation and remedy rendered in the window's language (raw evidence in them
     * as it is); a skipped check expects nothing and a passing one needs no remedy (empty cells). The
     * remedy names the window's button where the window has one ({@link Messages#windowText}).
     */
    public static DoctorRow of(CheckResult check, Messages messages) {
        return new DoctorRow(check.id(), severity(check.status()), statusText(check.status(), messages),
                messages.render(check.titleMessage()), messages.render(check.observedMessage()),
                check.expectedMessage().map(messages::render).orElse(""), check.remedyMessage().map(messages::windowText).orElse(""),
                check.status() == CheckStatus.PASS ? Optional.empty() : Optional.of(check.checkId().anchor()));
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

    /**
     * Keeps {@code rows} the rows of {@code checks}: appended as checks arrive, replaced when the list is;
     * a check {@code gpuOf} says is about one of several GPUs is titled "GPU n · title".
     */
    static void follow(ObservableList<CheckResult> checks, ObservableList<DoctorRow> rows, Messages messages,
            Function<CheckResult, Optional<Integer>> gpuOf) {
        Function<CheckResult, DoctorRow> row = c -> of(c, messages).titled(title(c, messages, gpuOf));
        checks.addListener((ListChangeListener<CheckResult>) change -> {
            while (change.next()) {
                if (change.wasReplaced() || change.wasRemoved() || change.wasPermutated() || change.wasUpdated()) {
                    rows.setAll(checks.stream().map(row).toList());
                    return;
                }
                if (change.wasAdded()) {
                    rows.addAll(change.getAddedSubList().stream().map(row).toList());
                }
            }
        });
    }

    /** The title of {@code check} as its row shows it: "GPU n · title" when {@code gpuOf} says it is about one of several GPUs. */
    static String title(CheckResult check, Messages messages, Function<CheckResult, Optional<Integer>> gpuOf) {
        String plain = messages.render(check.titleMessage());
        return gpuOf.apply(check).map(gpu -> messages.get("doctor.eachGpu.title", gpu, plain)).orElse(plain);
    }

    /** This row with another title. */
    DoctorRow titled(String newTitle) {
        return new DoctorRow(id, severity, status, newTitle, observed, expected, remedy, guide);
    }

    /**
     * What Export writes for {@code file}: JSON exactly as {@code cumps doctor --json} by {@code .json}
     * (machine-readable, so never translated), else {@link #markdown the Markdown report} in the
     * window's language.
     */
    public static String exportText(DoctorReport report, Path file, Messages messages) {
        return exportText(report, file, messages, c -> Optional.empty());
    }

    /** {@link #exportText(DoctorReport, Path, Messages)} with each check titled as its row ({@code gpuOf}: see {@link #follow}). */
    static String exportText(DoctorReport report, Path file, Messages messages, Function<CheckResult, Optional<Integer>> gpuOf) {
        Path name = file.getFileName();
        boolean json = name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".json");
        return json ? Json.write(report.toJsonMap()) + "\n" : markdown(report, messages, gpuOf);
    }

    /** The Markdown report (Copy, Export) in the window's language; evidence in it as it is. */
    public static String markdown(DoctorReport report, Messages messages) {
        return markdown(report, messages, c -> Optional.empty());
    }

    /** The Markdown report with each check titled as its row is, "GPU n · …" for a check about one of several GPUs. */
    static String markdown(DoctorReport report, Messages messages, Function<CheckResult, Optional<Integer>> gpuOf) {
        return report.toMarkdown(messages.core()::pattern, c -> title(c, messages, gpuOf));
    }
}
