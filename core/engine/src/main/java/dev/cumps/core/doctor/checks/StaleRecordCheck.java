package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import java.util.List;

/**
 * Every record of this user and host names a running daemon (pid and start time). A stale one only
 * warns: start and stop clean it up anyway; {@code doctor --fix} moves it aside through the same
 * remove-record path as the window's "Remove stale record".
 */
public final class StaleRecordCheck extends BaseCheck {
    public StaleRecordCheck() {
        super(DoctorCheckId.STALE_RECORDS);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        List<DaemonRecord> stale = context.managed().stream().filter(d -> !d.live()).map(ManagedDaemon::record).toList();
        Message expected = Message.of(DoctorText.STALE_RECORDS_EXPECTED);
        if (stale.isEmpty()) {
            return Finding.pass(Message.of(DoctorText.STALE_RECORDS_NONE, context.managed().size()), expected);
        }
        Message items = DoctorText.listed(stale.stream()
                .map(r -> Message.of(DoctorText.STALE_RECORD_ITEM, r.name(), r.pid(), r.processStartTicks())).toList());
        return Finding.warn(Message.of(DoctorText.STALE_RECORDS_FOUND, stale.size(), items), expected,
                Message.of(DoctorText.STALE_RECORDS_REMEDY))
                .withFixes(stale.stream().<FixTarget>map(r -> new FixTarget.StaleRecord(r.name(), r.pid(), r.processStartTicks())).toList());
    }
}
