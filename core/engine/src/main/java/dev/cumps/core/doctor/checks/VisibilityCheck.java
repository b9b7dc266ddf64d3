package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;

/** Every entry of {@code CUDA_VISIBLE_DEVICES} names a GPU nvidia-smi lists. */
public final class VisibilityCheck extends BaseCheck {
    public VisibilityCheck() {
        super(DoctorCheckId.VISIBILITY, Need.NVIDIA_SMI);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        Message expected = Message.of(DoctorMessages.VISIBILITY_EXPECTED);
        if (context.visible().isPresent()) {
            Object mask = context.visibleDevicesMask().<Object>map(m -> m).orElse(Message.of(DoctorMessages.VISIBILITY_UNSET));
            return Finding.pass(Message.of(DoctorMessages.VISIBILITY_OK, mask, context.visible().get().size()), expected);
        }
        Message why = context.visibilityError().map(CumpsException::errorMessage)
                .orElseThrow(() -> new IllegalStateException("visibility judged without nvidia-smi"));
        return Finding.fail(why, expected, Message.of(DoctorMessages.VISIBILITY_REMEDY));
    }
}
