package dev.cumps.core.live;

import dev.cumps.core.proc.ProcessOwner;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One MPS server of a daemon: its pid, owner and start time from {@code /proc} (empty when
 * unreadable), its status word from {@code get_server_status} (empty where the driver lacks the
 * command), and its clients.
 */
public record MpsServer(long pid, Optional<ProcessOwner> owner, OptionalLong startTicks, Optional<String> status,
                        List<ClientProcess> clients) {
    public MpsServer {
        clients = List.copyOf(clients);
    }

    /** This server with each client's GPU memory from nvidia-smi's rows, by pid. */
    public MpsServer withComputeApps(Map<Long, List<ComputeApp>> appsByPid) {
        return new MpsServer(pid, owner, startTicks, status,
                clients.stream().map(c -> c.withComputeApps(appsByPid.getOrDefault(c.pid(), List.of()))).toList());
    }
}
