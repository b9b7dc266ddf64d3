package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.doctor.PipeLeftovers;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.RuntimeDirs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * No pid file in the caller's private pipe directories (other than live records') names a process
 * that is gone or is no MPS control daemon: such a file would be taken for the next daemon's while
 * it starts. A warning; {@code doctor --fix} removes it.
 */
public final class StalePidFileCheck extends BaseCheck {
    public StalePidFileCheck() {
        super(DoctorCheckId.STALE_PID_FILES);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        List<Path> dirs = PipeLeftovers.directories(context.host(), context.managed());
        Set<Path> live = PipeLeftovers.liveDirectories(context.managed());
        List<FixTarget.StalePidFile> stale = new ArrayList<>();
        for (Path dir : dirs) {
            PipeLeftovers.stalePid(dir, context.host().uid(), live, context.processes())
                    .ifPresent(pid -> stale.add(new FixTarget.StalePidFile(dir.resolve(RuntimeDirs.PID_FILE), pid)));
        }
        Message expected = Message.of(DoctorText.STALE_PID_FILES_EXPECTED);
        if (stale.isEmpty()) {
            return Finding.pass(Message.of(DoctorText.LEFTOVERS_NONE), expected);
        }
        Message found = DoctorText.listed(stale.stream()
                .map(s -> Message.of(DoctorText.STALE_PID_FILE_ITEM, s.pidFile().toString(), s.pid())).toList());
        return Finding.warn(found, expected, Message.of(DoctorText.LEFTOVERS_REMEDY)).withFixes(List.copyOf(stale));
    }
}
