package dev.cumps.core.selftest;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorCheck;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.message.Message;
import java.util.List;
import java.util.Optional;

/** {@code cumps doctor --gpus SEL} with the throwaway daemon running: valid, every check's verdict as evidence. */
final class DoctorStep implements Step {
    @Override
    public StepId id() {
        return StepId.DOCTOR;
    }

    @Override
    public StepResult run(Seams seams, RunState state, List<String> evidence) {
        DoctorReport report = seams.doctor().run(Optional.of(state.request.gpus()));
        for (DoctorCheck check : report.checks()) {
            evidence.add(check.id() + " " + check.status().name() + ": " + check.observed());
        }
        if (!report.valid()) {
            String failed = String.join(", ", report.checks().stream().filter(c -> c.status() == CheckStatus.FAIL)
                    .map(DoctorCheck::id).toList());
            return StepResult.fail(id(), Message.of(SelftestText.DOCTOR_FAIL, failed), evidence);
        }
        return StepResult.pass(id(), Message.of(SelftestText.DOCTOR_PASS, report.count(CheckStatus.PASS),
                report.count(CheckStatus.WARN), report.count(CheckStatus.SKIP)), evidence);
    }
}
