package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.Check;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.message.Message;

/** MPS exists only on Linux. */
public final class PlatformCheck implements Check {
    @Override
    public DoctorCheckId id() {
        return DoctorCheckId.PLATFORM;
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        return Finding.passOrFail(context.host().isLinux(), Message.of(DoctorText.PLATFORM_OBSERVED, context.host().platform()),
                Message.of(DoctorText.PLATFORM_EXPECTED), Message.of(DoctorText.PLATFORM_REMEDY));
    }
}
