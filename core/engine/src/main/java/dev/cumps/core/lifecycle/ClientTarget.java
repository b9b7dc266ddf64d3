package dev.cumps.core.lifecycle;

import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessOwner;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One MPS client of a managed daemon, as found right before {@code terminate_client}: the daemon's
 * name, the server that lists it, and what {@code /proc} says about the client (empty where unreadable).
 * What a confirmation shows and what {@code terminate-client} without {@code --yes} prints.
 */
public record ClientTarget(String daemon, long serverPid, long clientPid, Optional<ProcessOwner> owner,
                           Optional<List<String>> commandLine, OptionalLong startTicks) {
    public ClientTarget {
        commandLine = commandLine.map(List::copyOf);
    }

    /** The client's user name, or {@code unreadable}. */
    public String userText() {
        return owner.map(ProcessOwner::user).orElse(LifecycleText.CLIENT_UNREADABLE.english());
    }

    /** The client's command line joined by spaces, or {@code unreadable}. */
    public String commandText() {
        return commandLine.filter(c -> !c.isEmpty()).map(c -> String.join(" ", c)).orElse(LifecycleText.CLIENT_UNREADABLE.english());
    }

    /** What terminating it would do, as one message (pid, user, command, server, daemon). */
    public Message planText() {
        return Message.of(LifecycleText.TERMINATE_PLAN, clientPid, userText(), commandText(), serverPid, daemon);
    }
}
