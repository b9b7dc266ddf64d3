package dev.cumps.sim;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The control daemon stand-in's clients: which server each simulated client ({@link MpsClientMain})
 * was sent to. A client is listed while its process runs (a zombie does not); one that exited (killed, or ended on
 * its own) drops out of the next {@code get_client_list}, as a real client that disconnects does.
 */
final class MpsClients implements ControlCommands.Clients {

    private final ControlLog log;
    private final Map<Long, Long> serverOf = new ConcurrentHashMap<>();
    /** Each client's start time when it attached, so that a reused pid is never signalled. */
    private final Map<Long, Optional<Instant>> startOf = new ConcurrentHashMap<>();

    MpsClients(ControlLog log) {
        this.log = log;
    }

    @Override
    public void attach(long client, long server) {
        serverOf.put(client, server);
        startOf.put(client, ProcessHandle.of(client).flatMap(h -> h.info().startInstant()));
        log.append("New client " + client + " connected to server " + server);
    }

    @Override
    public List<Long> of(long server) {
        serverOf.keySet().removeIf(client -> !SimProcs.running(client));
        return serverOf.entrySet().stream().filter(e -> e.getValue() == server).map(Map.Entry::getKey).sorted().toList();
    }

    /**
     * {@code terminate_client}: ends the simulated program {@code client} of {@code server} with
     * SIGTERM (it then removes its GPU memory file and exits), only while it runs with the start
     * time it attached with.
     */
    @Override
    public boolean terminate(long client, long server) {
        if (!of(server).contains(client)) {
            return false;
        }
        Optional<ProcessHandle> handle = ProcessHandle.of(client)
                .filter(h -> h.info().startInstant().equals(startOf.getOrDefault(client, Optional.empty())));
        if (handle.isEmpty() || !handle.get().destroy()) {
            return false;
        }
        log.append("Client " + client + " of server " + server + " terminated");
        return true;
    }
}
