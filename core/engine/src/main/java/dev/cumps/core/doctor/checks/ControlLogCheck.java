package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import java.util.List;
import java.util.Optional;

/** The last {@value DoctorContext#LOG_WINDOW} lines of control.log hold no error; the latest error is shown as written. */
public final class ControlLogCheck extends BaseCheck {
    public ControlLogCheck() {
        super(DoctorCheckId.CONTROL_LOG, Need.LIVE_MANAGED_DAEMON);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = Checks.daemon(context);
        List<String> tail = RuntimeDirs.controlLogTail(r.logDirectory(), DoctorContext.LOG_WINDOW);
        List<String> errors = tail.stream().filter(RuntimeDirs::isErrorLine).toList();
        Message observed = !errors.isEmpty() ? Message.of(DoctorText.CONTROL_LOG_ERROR, errors.get(errors.size() - 1))
                : tail.isEmpty() ? Message.of(DoctorText.CONTROL_LOG_EMPTY) : Message.of(DoctorText.CONTROL_LOG_CLEAN, tail.size());
        return new Finding(errors.isEmpty() ? CheckStatus.PASS : CheckStatus.WARN, observed,
                Message.of(DoctorText.CONTROL_LOG_CLEAN, DoctorContext.LOG_WINDOW),
                Optional.of(Message.of(DoctorText.CONTROL_LOG_REMEDY, r.logDirectory().resolve(RuntimeDirs.CONTROL_LOG).toString())));
    }
}
