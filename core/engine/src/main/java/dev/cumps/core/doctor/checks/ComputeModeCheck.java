package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuText;
import dev.cumps.core.message.Message;

/**
 * The GPU's compute mode suits MPS: Exclusive_Process passes; Default works but NVIDIA recommends
 * Exclusive_Process (warn); Prohibited admits no CUDA context at all (fail); an unknown mode warns.
 */
public final class ComputeModeCheck extends BaseCheck {
    public ComputeModeCheck() {
        super(DoctorCheckId.COMPUTE_MODE, Need.RESOLVED_GPU, Need.SINGLE_GPU);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        Gpu gpu = Checks.gpu(context);
        Message observed = Message.of(DoctorText.COMPUTE_MODE_OBSERVED, gpu.index(),
                Checks.display(gpu.computeModeText(), gpu.computeMode()));
        Message expected = Message.of(GpuText.COMPUTE_MODE_EXCLUSIVE_PROCESS);
        Message fix = Message.of(DoctorText.COMPUTE_MODE_FIX, gpu.index());
        return switch (gpu.mode()) {
            case EXCLUSIVE_PROCESS -> Finding.pass(observed, expected);
            case DEFAULT -> Finding.warn(observed, expected, Message.of(DoctorText.COMPUTE_MODE_DEFAULT_REMEDY, fix));
            case PROHIBITED -> Finding.fail(observed, expected, Message.of(DoctorText.COMPUTE_MODE_PROHIBITED_REMEDY, fix));
            case UNKNOWN -> Finding.warn(observed, expected, fix);
        };
    }
}
