package dev.cumps.core.live;

import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import java.util.List;
import java.util.Optional;

/**
 * One live managed daemon's limits: what its record says cumps applied, and what the daemon reports
 * now, as defaults and per running server. When the daemon did not answer (or answered what NVIDIA
 * does not document), {@code current} is empty, {@code servers} is empty and {@code problem} says why.
 */
public record DaemonLimits(String name, MpsLimits recorded, Optional<CurrentLimits> current, List<ServerLimits> servers,
                           Optional<Message> problem) {
    public DaemonLimits {
        servers = List.copyOf(servers);
    }

    /** Whether the daemon's current defaults disagree with a limit its record sets. */
    public boolean differsFromRecord() {
        return current.map(c -> c.differsFrom(recorded)).orElse(false);
    }
}
