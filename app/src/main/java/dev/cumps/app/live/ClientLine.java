package dev.cumps.app.live;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One line of the Clients tree, as display text: the daemon, one of its MPS servers, or one of a
 * server's clients, with the lines below it. A client of the user's own live daemon carries what
 * the terminate confirmation shows and the core re-checks ({@link Target}).
 *
 * @param process  the first column: the daemon's name, or "MPS server"/"client" with the pid
 * @param pid      the process id as text (the daemon's from its record)
 * @param user     the owner from {@code /proc}, or "unreadable"
 * @param detail   the daemon's or server's state, or the client's command line
 * @param memory   the client's GPU memory, or a placeholder
 * @param running  how long the client has run, or a placeholder
 */
public record ClientLine(Kind kind, String process, String pid, String user, String detail, String memory,
                         String running, Optional<Target> target, List<ClientLine> children) {

    /** What a line stands for. */
    public enum Kind { DAEMON, SERVER, CLIENT }

    /** A client the user may end: which daemon and server it belongs to, and its pid. */
    public record Target(String daemon, long serverPid, long clientPid) {
    }

    public ClientLine {
        children = List.copyOf(children);
    }

    /** Every client line below this one, in order. */
    public List<ClientLine> clients() {
        return children.stream().flatMap(c -> c.kind() == Kind.CLIENT ? Stream.of(c) : c.clients().stream())
                .toList();
    }
}
