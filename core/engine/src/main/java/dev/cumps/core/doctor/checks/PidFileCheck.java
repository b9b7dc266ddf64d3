package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.util.Optional;

/**
 * The daemon's own pid file names the recorded pid (else another daemon may have taken the directory
 * over). R535 daemons write no pid file: when the file is absent, the daemon answers like R535 (it does
 * not know {@code get_server_status}) and the recorded (live) process's own environment names this
 * pipe directory, the check passes and says the file is not written by that driver branch. A pid file
 * that names another pid fails on every branch, and so does a missing one on R550 and later.
 */
public final class PidFileCheck extends BaseCheck {
    public PidFileCheck() {
        super(DoctorCheckId.PID_FILE, Need.LIVE_MANAGED_DAEMON);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = Checks.daemon(context);
        Optional<Long> pid = RuntimeDirs.readPidFile(r.pipeDirectory());
        Message expected = Message.of(DoctorText.PID_FILE_EXPECTED, r.pid());
        Message remedy = Message.of(DoctorText.PID_FILE_REMEDY);
        if (pid.isEmpty() && !Files.exists(r.pipeDirectory().resolve(RuntimeDirs.PID_FILE), LinkOption.NOFOLLOW_LINKS)
                && DaemonPids.servesPipe(context.processes().environment(r.pid()), r.pipeDirectory())
                && context.serverStatusCommand() == DaemonSnapshot.Capability.UNSUPPORTED) {
            return Finding.pass(Message.of(DoctorText.PID_FILE_NOT_WRITTEN, RuntimeDirs.PID_FILE, r.pid()), expected);
        }
        Message observed = pid.map(p -> Message.of(DoctorText.PID_FILE_SAYS, RuntimeDirs.PID_FILE, p))
                .orElse(Message.of(DoctorText.PID_FILE_MISSING, RuntimeDirs.PID_FILE));
        return Finding.passOrFail(pid.map(p -> p == r.pid()).orElse(false), observed, expected, remedy);
    }
}
