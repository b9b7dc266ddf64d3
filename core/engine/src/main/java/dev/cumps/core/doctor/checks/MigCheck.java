package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.Message;

/** MPS does not run on a GPU with MIG enabled. */
public final class MigCheck extends BaseCheck {
    public MigCheck() {
        super(DoctorCheckId.MIG, Need.RESOLVED_GPU, Need.SINGLE_GPU);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        Gpu gpu = Checks.gpu(context);
        return Finding.passOrFail(!gpu.migEnabled(), Message.of(DoctorText.MIG_OBSERVED,
                        gpu.migMode().map(raw -> Checks.display(gpu.migModeText(), raw)).orElse("[N/A]")),
                Message.of(DoctorText.MIG_EXPECTED), Message.of(DoctorText.MIG_REMEDY, gpu.index()));
    }
}
