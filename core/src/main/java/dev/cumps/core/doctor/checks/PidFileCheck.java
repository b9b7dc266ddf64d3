package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import java.util.Optional;

/** The daemon's own pid file names the recorded pid (else another daemon may have taken the directory over). */
public final class PidFileCheck extends BaseCheck {
    public PidFileCheck() {
        super(DoctorCheckId.PID_FILE, Need.LIVE_MANAGED_DAEMON);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = Checks.daemon(context);
        Optional<Long> pid = RuntimeDirs.readPidFile(r.pipeDirectory());
        Message observed = pid.map(p -> Message.of(DoctorText.PID_FILE_SAYS, RuntimeDirs.PID_FILE, p))
                .orElse(Message.of(DoctorText.PID_FILE_MISSING, RuntimeDirs.PID_FILE));
        return Finding.passOrFail(pid.map(p -> p == r.pid()).orElse(false), observed, Message.of(DoctorText.PID_FILE_EXPECTED, r.pid()),
                Message.of(DoctorText.PID_FILE_REMEDY));
    }
}
