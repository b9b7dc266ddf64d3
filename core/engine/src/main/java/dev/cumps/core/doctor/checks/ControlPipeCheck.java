package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Path;
import java.util.Optional;

/** The daemon's pipe directory holds its control pipe, a Unix socket or a FIFO. */
public final class ControlPipeCheck extends BaseCheck {
    public ControlPipeCheck() {
        super(DoctorCheckId.CONTROL_PIPE, Need.LIVE_MANAGED_DAEMON);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = Checks.daemon(context);
        Path where = r.pipeDirectory().resolve(ControlPipe.CONTROL);
        Optional<ControlPipe> pipe = context.controlPipe();
        Message observed = pipe.map(p -> Message.of(DoctorText.CONTROL_PIPE_FOUND, p.path().toString(), p.kind().id()))
                .orElse(Message.of(DoctorText.CONTROL_PIPE_MISSING, where.toString()));
        return Finding.passOrFail(pipe.isPresent(), observed, Message.of(DoctorText.CONTROL_PIPE_EXPECTED, where.toString()),
                Message.of(DoctorText.RESTART_DAEMON, r.name()));
    }
}
