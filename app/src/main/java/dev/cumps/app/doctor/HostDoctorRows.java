package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.fleet.DoctorDocument;
import dev.cumps.core.message.Message;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The rows of a doctor run on another host ({@code cumps doctor --json --gpus SEL} there), for the same
 * {@link EvidenceTable} as the local doctor: the status and the title in the window's language (the title
 * by the check's id when this console knows it, else as the host wrote it), the observed value, the
 * expectation and the remedy as the host's cumps wrote them (its evidence, in English), a Guide link for
 * a known check that did not pass. Runs of several GPUs show as the local "each visible GPU" run does:
 * the checks about one GPU once per GPU ("GPU 1 · …"), the checks about the host once, from the first run.
 */
public final class HostDoctorRows {
    private HostDoctorRows() {
    }

    /** The rows of {@code runs}, run for {@code gpus} (the same order; one GPU: no "GPU n ·" lead). */
    public static List<DoctorRow> of(List<DoctorDocument> runs, List<Long> gpus, Messages messages) {
        List<DoctorRow> rows = new ArrayList<>();
        boolean each = runs.size() > 1;
        for (int i = 0; i < runs.size(); i++) {
            for (DoctorDocument.Check check : runs.get(i).checks()) {
                Optional<DoctorCheckId> known = known(check.id());
                boolean perGpu = known.map(DoctorCheckId::perGpu).orElse(true);
                if (each && !perGpu && i > 0) {
                    continue;
                }
                DoctorRow row = row(check, known, messages);
                rows.add(each && perGpu ? row.titled(messages.get("doctor.eachGpu.title", gpus.get(i), row.title())) : row);
            }
        }
        return rows;
    }

    private static DoctorRow row(DoctorDocument.Check check, Optional<DoctorCheckId> known, Messages messages) {
        Severity severity = switch (check.status()) {
            case "pass" -> Severity.PASS;
            case "warn" -> Severity.WARN;
            case "fail" -> Severity.FAIL;
            default -> Severity.SKIP;
        };
        String status = switch (check.status()) {
            case "pass" -> messages.get("doctor.status.pass");
            case "warn" -> messages.get("doctor.status.warn");
            case "fail" -> messages.get("doctor.status.fail");
            case "skip" -> messages.get("doctor.status.skip");
            default -> check.status();
        };
        String title = known.map(id -> messages.render(Message.of(id))).orElse(check.title());
        Optional<String> guide = severity == Severity.PASS ? Optional.empty() : known.map(DoctorCheckId::anchor);
        return new DoctorRow(check.id(), severity, status, title, check.observed(), check.expected(), check.remedy(), guide);
    }

    private static Optional<DoctorCheckId> known(String id) {
        return Arrays.stream(DoctorCheckId.values()).filter(c -> c.id().equals(id)).findFirst();
    }
}
