package dev.cumps.core.selftest;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.DaemonRecord;
import java.util.Optional;

/** {@code get_server_list} to the self-test's daemon: the first server pid it names, if any. */
final class ServerList {
    private final MpsControl control;
    private final DaemonRecord daemon;

    ServerList(SelftestServices services, DaemonRecord daemon) {
        this.control = services.control();
        this.daemon = daemon;
    }

    Optional<Long> first() {
        CommandResult reply = control.ask(daemon.pipeDirectory(), daemon.logDirectory(), "get_server_list");
        if (!reply.succeeded()) {
            return Optional.empty();
        }
        return reply.stdout().lines().map(String::strip).filter(l -> l.matches("[0-9]{1,10}")).map(Long::parseLong).findFirst();
    }
}
