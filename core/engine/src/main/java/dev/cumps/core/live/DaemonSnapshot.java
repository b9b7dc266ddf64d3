package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.message.Message;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one control daemon said when asked: its servers and their clients, or why there is nothing
 * to show. A managed daemon has its record's name; an unmanaged pipe has none and is only read.
 *
 * @param problem why the state is not {@link State#ANSWERING}; empty when it is
 * @param serverList the control program's run for {@code get_server_list} as it ended (answered, refused,
 *                   timed out), so that the doctor's answers check judges this run instead of asking again;
 *                   empty when it was not run (the live view's time was spent first)
 */
public record DaemonSnapshot(Optional<String> name, Path pipeDirectory, State state, Optional<Message> problem,
                             List<MpsServer> servers, Capability serverStatus, Optional<CommandResult> serverList) {
    public DaemonSnapshot {
        servers = List.copyOf(servers);
    }

    /** A snapshot without the server list's run (built from parts, not by asking). */
    public DaemonSnapshot(Optional<String> name, Path pipeDirectory, State state, Optional<Message> problem,
                          List<MpsServer> servers, Capability serverStatus) {
        this(name, pipeDirectory, state, problem, servers, serverStatus, Optional.empty());
    }

    /** A snapshot that learnt nothing about the daemon's {@code get_server_status}. */
    public DaemonSnapshot(Optional<String> name, Path pipeDirectory, State state, Optional<Message> problem, List<MpsServer> servers) {
        this(name, pipeDirectory, state, problem, servers, Capability.UNKNOWN);
    }

    /**
     * Whether the daemon knows a command, as far as this snapshot asked it: R535 answers
     * {@code Unknown command "get_server_status"}, R550 and later know it. Only asked with a server
     * to ask about, so a daemon without servers leaves it unknown.
     */
    public enum Capability {
        SUPPORTED(Boolean.TRUE), UNSUPPORTED(Boolean.FALSE), UNKNOWN(null);

        private final Boolean json;

        Capability(Boolean json) {
            this.json = json;
        }

        /** What a reply to {@code get_server_status} says of the command: unknown to the daemon (R535), or known. */
        public static Capability ofServerStatusReply(String reply) {
            return ControlReplies.unknownCommand(reply) ? UNSUPPORTED : SUPPORTED;
        }

        /** The value in JSON: true, false or null. */
        public Boolean json() {
            return json;
        }
    }

    /** How the daemon answered. */
    public enum State {
        /** Every question was answered; the servers and clients are complete. */
        ANSWERING("answering"),
        /** A question went unanswered within the timeout, or no daemon accepted the connection. */
        NOT_ANSWERING("not_answering"),
        /** The daemon answered something that is not what NVIDIA documents. */
        BAD_REPLY("bad_reply"),
        /**
         * Some questions went unasked or unanswered: more servers or clients than a live view takes,
         * or the live view's overall time ran out. What was answered is shown; the problem says what not.
         */
        PARTIAL("partial");

        private final String id;

        State(String id) {
            this.id = id;
        }

        /** The value in JSON. */
        public String id() {
            return id;
        }

        /** The state as a table shows it. */
        public Message labelMessage() {
            return Message.of(switch (this) {
                case ANSWERING -> LiveMessages.STATE_ANSWERING;
                case NOT_ANSWERING -> LiveMessages.STATE_NOT_ANSWERING;
                case BAD_REPLY -> LiveMessages.STATE_BAD_REPLY;
                case PARTIAL -> LiveMessages.STATE_PARTIAL;
            });
        }
    }

    /** This snapshot with each client's GPU memory from nvidia-smi's rows, by pid. */
    public DaemonSnapshot withComputeApps(Map<Long, List<ComputeApp>> appsByPid) {
        return new DaemonSnapshot(name, pipeDirectory, state, problem,
                servers.stream().map(s -> s.withComputeApps(appsByPid)).toList(), serverStatus, serverList);
    }

    public boolean managed() {
        return name.isPresent();
    }

    /** Every client of every server, in order. */
    public List<ClientProcess> clients() {
        return servers.stream().flatMap(s -> s.clients().stream()).toList();
    }
}
