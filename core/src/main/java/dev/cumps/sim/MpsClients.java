package dev.cumps.sim;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The control daemon stand-in's clients: which server each simulated client ({@link MpsClientMain})
 * was sent to. A client is listed while its process runs (a zombie does not); one that exited (killed, or ended on
 * its own) drops out of the next {@code get_client_list}, as a real client that disconnects does.
 */
final class MpsClients implements ControlCommands.Clients {

    private final ControlLog log;
    private final Map<Long, Long> serverOf = new ConcurrentHashMap<>();

    MpsClients(ControlLog log) {
        this.log = log;
    }

    @Override
    public void attach(long client, long server) {
        serverOf.put(client, server);
        log.append("New client " + client + " connected to server " + server);
    }

    @Override
    public List<Long> of(long server) {
        serverOf.keySet().removeIf(client -> !SimProcs.running(client));
        return serverOf.entrySet().stream().filter(e -> e.getValue() == server).map(Map.Entry::getKey).sorted().toList();
    }
}
