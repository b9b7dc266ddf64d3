package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.PipeOwner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * No client of the caller's is connected to a control pipe cumps does not manage (NVIDIA's default
 * {@code /tmp/nvidia-mps} or this shell's {@code CUDA_MPS_PIPE_DIRECTORY} without a record): such
 * programs bypass the daemon the caller set up, its GPU pinning and its limits. Evidence: the pipe
 * and the client pids, from the live snapshot's read-only view of the unmanaged pipe. A pipe whose socket is
 * neither the caller's nor root's (anyone can create {@code /tmp/nvidia-mps} first) is named with its owner,
 * and its answers are not taken as evidence: it could list the caller's own processes as its clients.
 */
public final class UnmanagedClientsCheck extends BaseCheck {
    public UnmanagedClientsCheck() {
        super(DoctorCheckId.UNMANAGED_CLIENTS);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        long self = Integer.toUnsignedLong(context.host().uid());
        List<Message> found = new ArrayList<>();
        Path firstPipe = null;
        for (DaemonSnapshot daemon : context.live().daemons()) {
            if (daemon.managed()) {
                continue;
            }
            OptionalInt foreign = PipeOwner.foreign(daemon.pipeDirectory(), context.host().uid());
            if (foreign.isPresent()) {
                // Whoever owns that socket decides what it answers: its client list is no evidence about the caller.
                found.add(Message.of(DoctorMessages.UNMANAGED_PIPE_FOREIGN, daemon.pipeDirectory(), Integer.toUnsignedString(foreign.getAsInt())));
                if (firstPipe == null) {
                    firstPipe = daemon.pipeDirectory();
                }
                continue;
            }
            List<ClientProcess> ours = daemon.clients().stream()
                    .filter(c -> c.owner().isPresent() && c.owner().get().uid() == self).toList();
            if (!ours.isEmpty()) {
                String pids = ours.stream().map(c -> Long.toString(c.pid())).collect(Collectors.joining(", "));
                found.add(Message.of(DoctorMessages.UNMANAGED_CLIENTS_FOUND, daemon.pipeDirectory(), pids));
                if (firstPipe == null) {
                    firstPipe = daemon.pipeDirectory();
                }
            }
        }
        Message expected = Message.of(DoctorMessages.UNMANAGED_CLIENTS_EXPECTED);
        if (found.isEmpty()) {
            return Finding.pass(Message.of(DoctorMessages.UNMANAGED_CLIENTS_NONE), expected);
        }
        return Finding.warn(DoctorMessages.listed(found), expected, Message.of(DoctorMessages.UNMANAGED_CLIENTS_REMEDY, firstPipe));
    }
}
