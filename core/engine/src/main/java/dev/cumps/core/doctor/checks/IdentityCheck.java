package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import java.util.Optional;

/** The recorded pid still runs with the recorded start time (read again now, not trusted from earlier). */
public final class IdentityCheck extends BaseCheck {
    public IdentityCheck() {
        super(DoctorCheckId.IDENTITY, Need.LIVE_MANAGED_DAEMON);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = Checks.daemon(context);
        Optional<ProcessInfo> info = context.processes().find(r.pid());
        Object ticks = info.<Object>map(i -> i.startTicks()).orElse(Message.of(DoctorText.IDENTITY_GONE));
        return Finding.passOrFail(context.processes().isAlive(r.identity()),
                Message.of(DoctorText.IDENTITY_OBSERVED, r.pid(), ticks, info.map(ProcessInfo::comm).orElse("")),
                Message.of(DoctorText.IDENTITY_EXPECTED, r.pid(), r.processStartTicks()), Message.of(DoctorText.IDENTITY_REMEDY, r.name()));
    }
}
