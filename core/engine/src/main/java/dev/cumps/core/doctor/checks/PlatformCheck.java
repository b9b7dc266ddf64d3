package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.message.Message;

/** MPS exists only on Linux. */
public final class PlatformCheck extends BaseCheck {
    public PlatformCheck() {
        super(DoctorCheckId.PLATFORM);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        return Finding.passOrFail(context.host().isLinux(), Message.of(DoctorText.PLATFORM_OBSERVED, context.host().platform()),
                Message.of(DoctorText.PLATFORM_EXPECTED), Message.of(DoctorText.PLATFORM_REMEDY));
    }
}
