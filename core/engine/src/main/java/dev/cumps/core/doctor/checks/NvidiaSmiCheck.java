package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.NvidiaSmi;
import dev.cumps.core.message.Message;

/** nvidia-smi lists the GPUs in time; its diagnostic is shown as it is when it does not. */
public final class NvidiaSmiCheck extends BaseCheck {
    public NvidiaSmiCheck() {
        super(DoctorCheckId.NVIDIA_SMI);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        GpuInventory inventory = context.inventory();
        Message observed = inventory.ok()
                ? Message.of(DoctorText.NVIDIA_SMI_OK, inventory.gpus().size(),
                        inventory.driverVersion().<Object>map(v -> v).orElse(Message.of(DoctorText.NVIDIA_SMI_DRIVER_UNKNOWN)))
                : Message.of(DoctorText.NVIDIA_SMI_FAILED, inventory.diagnosticText().<Object>map(m -> m).orElse(""));
        return Finding.passOrFail(inventory.ok(), observed, Message.of(DoctorText.NVIDIA_SMI_EXPECTED, NvidiaSmi.TIMEOUT.toSeconds()),
                Message.of(DoctorText.NVIDIA_SMI_REMEDY));
    }
}
