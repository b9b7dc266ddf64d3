package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.Check;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorFixture;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.testing.Sandbox;
import java.time.Duration;
import java.util.Optional;

/**
 * Runs one check on its own over a {@link Sandbox} (fake nvidia-smi, fake daemons, fake process
 * table): a fresh {@link DoctorContext} per evaluation, on a host read made for it, as the doctor reads one per run.
 */
final class CheckFixture {
    private CheckFixture() {
    }

    static DoctorContext context(Sandbox sb, String selector) {
        return context(sb, sb.host(), selector);
    }

    static DoctorContext context(Sandbox sb, HostEnvironment host, String selector) {
        return new DoctorFixture(sb, host, sb.mps.runner(), Duration.ofSeconds(1)).context(Optional.ofNullable(selector));
    }

    static Finding evaluate(Check check, Sandbox sb) {
        return check.evaluate(context(sb, null));
    }

    static Finding evaluate(Check check, Sandbox sb, String selector) {
        return check.evaluate(context(sb, selector));
    }
}
