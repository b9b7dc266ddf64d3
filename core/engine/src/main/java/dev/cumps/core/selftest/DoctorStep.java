package dev.cumps.core.selftest;

import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
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
    public StepResult run(SelftestServices services, RunState state, List<String> evidence) {
        DoctorReport report = services.doctor().run(Optional.of(state.request.gpus()));
        for (CheckResult check : report.checks()) {
            evidence.add(check.id() + " " + check.status().name() + ": " + check.observed());
        }
        if (!report.valid()) {
            String failed = String.join(", ", report.checks().stream().filter(c -> c.status() == CheckStatus.FAIL)
                    .map(CheckResult::id).toList());
            return StepResult.fail(id(), Message.of(SelftestMessages.DOCTOR_FAIL, failed), evidence);
        }
        return StepResult.pass(id(), Message.of(SelftestMessages.DOCTOR_PASS, report.count(CheckStatus.PASS),
                report.count(CheckStatus.WARN), report.count(CheckStatus.SKIP)), evidence);
    }
}
