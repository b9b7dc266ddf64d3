package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.doctor.PipeLeftovers;
import dev.cumps.core.message.Message;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * No control socket of the caller's is left without a daemon: in the caller's private pipe
 * directories that no live record names, a socket whose pid file names no running daemon and that
 * refuses connections is an orphan (a daemon that died, or whose record was removed, leaves it).
 * A warning; {@code doctor --fix} removes it.
 */
public final class OrphanedSocketCheck extends BaseCheck {
    public OrphanedSocketCheck() {
        super(DoctorCheckId.ORPHANED_SOCKETS);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        int uid = context.host().uid();
        List<Path> dirs = PipeLeftovers.directories(context.host(), context.managed());
        Set<Path> live = PipeLeftovers.liveDirectories(context.managed());
        List<Path> orphans = dirs.stream().flatMap(d -> PipeLeftovers.orphanedSockets(d, uid, live, context.processes()).stream()).toList();
        Message expected = Message.of(DoctorText.ORPHANED_SOCKETS_EXPECTED);
        if (orphans.isEmpty()) {
            return Finding.pass(Message.of(DoctorText.LEFTOVERS_NONE), expected);
        }
        Message found = DoctorText.listed(orphans.stream().map(p -> Message.of(DoctorText.ORPHANED_SOCKET_ITEM, p.toString())).toList());
        return Finding.warn(found, expected, Message.of(DoctorText.LEFTOVERS_REMEDY))
                .withFixes(orphans.stream().<FixTarget>map(FixTarget.OrphanedSocket::new).toList());
    }
}
