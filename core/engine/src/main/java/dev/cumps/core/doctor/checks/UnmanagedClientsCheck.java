package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.message.Message;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * No client of the caller's is connected to a control pipe cumps does not manage (NVIDIA's default
 * {@code /tmp/nvidia-mps} or this shell's {@code CUDA_MPS_PIPE_DIRECTORY} without a record): such
 * programs bypass the daemon the caller set up, its GPU pinning and its limits. Evidence: the pipe
 * and the client pids, from the live snapshot's read-only view of the unmanaged pipe.
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
            List<ClientProcess> ours = daemon.clients().stream()
                    .filter(c -> c.owner().isPresent() && c.owner().get().uid() == self).toList();
            if (!ours.isEmpty()) {
                String pids = ours.stream().map(c -> Long.toString(c.pid())).collect(Collectors.joining(", "));
                found.add(Message.of(DoctorText.UNMANAGED_CLIENTS_FOUND, daemon.pipeDirectory(), pids));
                if (firstPipe == null) {
                    firstPipe = daemon.pipeDirectory();
                }
            }
        }
        Message expected = Message.of(DoctorText.UNMANAGED_CLIENTS_EXPECTED);
        if (found.isEmpty()) {
            return Finding.pass(Message.of(DoctorText.UNMANAGED_CLIENTS_NONE), expected);
        }
        return Finding.warn(DoctorText.listed(found), expected, Message.of(DoctorText.UNMANAGED_CLIENTS_REMEDY, firstPipe));
    }
}
