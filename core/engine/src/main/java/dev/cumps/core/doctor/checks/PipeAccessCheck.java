package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The control pipe is readable and writable by the caller, and its directory is a plain directory
 * of the caller's with mode 0700 (so no other user can reach or replace the pipe). Every problem
 * found is listed, not only the first.
 */
public final class PipeAccessCheck extends BaseCheck {
    public PipeAccessCheck() {
        super(DoctorCheckId.PIPE_ACCESS, Need.LIVE_MANAGED_DAEMON, Need.CONTROL_PIPE);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = NeededFacts.daemon(context);
        ControlPipe pipe = context.controlPipe().orElseThrow(() -> new IllegalStateException("pipe access judged without a pipe"));
        Path dir = r.pipeDirectory();
        int uid = context.host().uid();
        List<Message> problems = new ArrayList<>();
        if (!Files.isReadable(pipe.path()) || !Files.isWritable(pipe.path())) {
            problems.add(Message.of(DoctorMessages.PIPE_NOT_READ_WRITE, pipe.path().toString()));
        }
        try {
            RuntimeDirs.checkPrivate(dir, uid);
        } catch (CumpsException e) {
            problems.add(e.errorMessage());
        }
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            problems.add(Message.of(DoctorMessages.PIPE_DIRECTORY_NOT_PLAIN, dir.toString()));
        }
        Message observed = problems.isEmpty() ? Message.of(DoctorMessages.PIPE_ACCESS_OK, dir.toString()) : DoctorMessages.joined(problems);
        return Finding.passOrFail(problems.isEmpty(), observed, Message.of(DoctorMessages.PIPE_ACCESS_EXPECTED, uid),
                Message.of(DoctorMessages.PIPE_ACCESS_REMEDY, dir.toString()));
    }
}
