package dev.cumps.app.live;

import dev.cumps.app.i18n.Messages;
import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.LiveMessages;
import dev.cumps.core.live.MpsServer;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Turns the core's {@link DaemonSnapshot} of one daemon into the Clients tree's display lines: the
 * daemon's state in the core's words ({@link DaemonSnapshot.State#text()}, and why when it is not
 * answering), each server's pid, owner and status word, each client's pid, owner, command, GPU
 * memory and running time, "unreadable" where {@code /proc} would not say. Touches no property, so
 * the refresh's worker builds the lines.
 */
final class ClientLines {

    private final Messages messages;

    ClientLines(Messages messages) {
        this.messages = Objects.requireNonNull(messages, "messages");
    }

    /**
     * The tree of {@code snapshot}, the daemon of {@code record}; {@code ownDaemon}: whether its
     * clients may be ended from the window (the user's own live managed daemon).
     */
    ClientLine daemon(DaemonRecord record, DaemonSnapshot snapshot, boolean ownDaemon) {
        String state = messages.render(snapshot.state().labelMessage());
        String detail = snapshot.problem().map(p -> messages.get("clients.state.problem", state, messages.render(p)))
                .orElse(state);
        String none = messages.get("clients.none");
        List<ClientLine> servers = snapshot.servers().stream()
                .map(s -> server(record.name(), s, ownDaemon && snapshot.managed())).toList();
        return new ClientLine(ClientLine.Kind.DAEMON, record.name(), Long.toString(record.pid()), none, detail, none, none,
                Optional.empty(), servers);
    }

    private ClientLine server(String daemon, MpsServer server, boolean terminable) {
        String none = messages.get("clients.none");
        String status = server.status().orElse(messages.get("clients.server.noStatus"));
        List<ClientLine> clients = server.clients().stream().map(c -> client(daemon, server.pid(), c, terminable)).toList();
        return new ClientLine(ClientLine.Kind.SERVER, messages.get("clients.server", server.pid()), Long.toString(server.pid()),
                owner(server.owner()), status, none, none, Optional.empty(), clients);
    }

    private ClientLine client(String daemon, long serverPid, ClientProcess client, boolean terminable) {
        String user = owner(client.owner());
        String command = client.commandLine().map(argv -> String.join(" ", argv)).orElse(unreadable());
        String memory = client.gpuMemoryMiB().isPresent() ? messages.get("gpu.memory", client.gpuMemoryMiB().getAsLong())
                : messages.get("clients.memory.unknown");
        String running = running(client.runningSeconds());
        Optional<ClientLine.Target> target = terminable
                ? Optional.of(new ClientLine.Target(daemon, serverPid, client.pid())) : Optional.empty();
        return new ClientLine(ClientLine.Kind.CLIENT, messages.get("clients.client", client.pid()), Long.toString(client.pid()),
                user, command, memory, running, target, List.of());
    }

    private String owner(Optional<ProcessOwner> owner) {
        return owner.map(ProcessOwner::user).orElse(unreadable());
    }

    /** The core's word for what {@code /proc} would not tell. */
    private String unreadable() {
        return messages.render(Message.of(LiveMessages.UNREADABLE));
    }

    private String running(OptionalLong seconds) {
        if (seconds.isEmpty()) {
            return unreadable();
        }
        return messages.age(seconds.getAsLong());
    }
}
