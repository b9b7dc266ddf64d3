package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Path;
import java.util.Optional;

/**
 * This shell's {@code CUDA_MPS_PIPE_DIRECTORY} is unset or names the daemon's pipe directory; when it
 * names another, CUDA programs started from here would miss the daemon (a warning: the daemon is fine).
 */
public final class EnvPipeDirectoryCheck extends BaseCheck {
    public EnvPipeDirectoryCheck() {
        super(DoctorCheckId.ENV_PIPE_DIRECTORY, Need.LIVE_DAEMON);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = Checks.daemon(context);
        Path pipe = r.pipeDirectory();
        Optional<String> set = context.host().get("CUDA_MPS_PIPE_DIRECTORY").filter(s -> !s.isBlank());
        if (set.isEmpty()) {
            return Finding.pass(Message.of(DoctorText.ENV_PIPE_UNSET), Message.of(DoctorText.ENV_PIPE_EXPECTED_UNSET_OR, pipe.toString()));
        }
        Message observed = Message.of(DoctorText.ENV_PIPE_VALUE, set.get());
        Message expected = Message.of(DoctorText.ENV_PIPE_EXPECTED, pipe.toString());
        if (Path.of(set.get()).toAbsolutePath().normalize().equals(pipe)) {
            return Finding.pass(observed, expected);
        }
        return Finding.warn(observed, expected, Message.of(DoctorText.ENV_PIPE_REMEDY, r.name()));
    }
}
