package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Asks one control daemon for its servers, each server's status and clients, and fills in what
 * {@code /proc} knows about them (their GPU memory is added afterwards, see
 * {@link DaemonSnapshot#withComputeApps}). First {@code get_server_list} (with the daemon's children's questions in
 * the same run where a live record vouches for its pid), then the servers one of three ways ({@link ServerQuestions}):
 * the list alone ({@code serversOnly}); every server's {@code get_server_status} and {@code get_client_list} on one
 * stdin, the replies split by {@link ControlReplies#split} (R535's refusal of {@code get_server_status} is that
 * server's reply); or, for a daemon whose output cannot be split, one question per run: the first server on its own
 * (it tells whether the daemon knows {@code get_server_status}), the rest in parallel. Two runs of the control
 * program at most, but for that last way.
 * Each run is bounded by {@link MpsControl}'s timeout <em>and</em> by the live view's overall
 * {@link LiveBudget} ({@link DaemonConversation}): anyone can put a control socket at NVIDIA's default pipe directory
 * that answers slowly or lists thousands of servers, and a status or doctor must still answer in seconds.
 * At most {@link #MAX_SERVERS} servers and {@link #MAX_CLIENTS} clients each are asked; what was not asked or not
 * answered in time is named in the snapshot's problem (state {@link DaemonSnapshot.State#PARTIAL}). An unanswered
 * {@code get_server_list} makes the daemon not answering.
 */
final class DaemonQuestions {
    /** Servers asked about per daemon ({@link ControlReplies#MAX_SERVERS}). */
    static final int MAX_SERVERS = ControlReplies.MAX_SERVERS;
    /** Clients shown per server ({@link ControlReplies#MAX_CLIENTS}). */
    static final int MAX_CLIENTS = ControlReplies.MAX_CLIENTS;
    /**
     * The most kept of one reply of a daemon no record of ours vouches for (NVIDIA's shared
     * {@code /tmp/nvidia-mps} may be anyone's): enough for {@link #MAX_SERVERS} servers' questions with their
     * {@link #MAX_CLIENTS} clients each in one run, and far less than the runner's own megabyte.
     */
    static final int UNMANAGED_REPLY_LIMIT = 64 * 1024;

    private final MpsControl control;
    private final ProcessTable processes;
    private final OptionalLong now;
    private final LiveBudget budget;
    private final Runnable clientsListed;

    /**
     * {@code clientsListed} runs (on the asking thread, possibly more than once) whenever a server's
     * {@code get_client_list} lists at least one client.
     */
    DaemonQuestions(MpsControl control, ProcessTable processes, OptionalLong now, LiveBudget budget, Runnable clientsListed) {
        this.control = control;
        this.processes = processes;
        this.now = now;
        this.budget = budget;
        this.clientsListed = clientsListed;
    }

    /** The snapshot of the daemon serving {@code pipeDirectory}; {@code name} is empty for an unmanaged pipe. */
    DaemonSnapshot ask(Optional<String> name, Path pipeDirectory, Path logDirectory) {
        return ask(name, pipeDirectory, logDirectory, false, OptionalLong.empty());
    }

    /**
     * {@link #ask(Optional, Path, Path)}, or with {@code serversOnly} the server list alone: each server with
     * what {@code /proc} says of it (owner, start time), no status and no client asked (one control run).
     *
     * <p>{@code daemonPid} is the control daemon's pid when a live record vouches for it (pid and start time).
     * Its children are then taken for its servers (NVIDIA's daemon starts each server as its child) and asked
     * about in the same run as {@code get_server_list}: one control run for the whole daemon. The server list
     * stays the truth: a child it does not list is dropped, a server it lists that was not a child is asked in
     * a second run.
     */
    DaemonSnapshot ask(Optional<String> name, Path pipeDirectory, Path logDirectory, boolean serversOnly, OptionalLong daemonPid) {
        DaemonConversation daemon = new DaemonConversation(control, processes, now, budget, clientsListed, pipeDirectory, logDirectory,
                name.isEmpty() ? UNMANAGED_REPLY_LIMIT : CommandSpec.DEFAULT_OUTPUT_LIMIT);
        List<Long> guessed = serversOnly || daemonPid.isEmpty() ? List.of() : ChildServers.of(processes, daemonPid.getAsLong());
        List<Long> listed;
        Optional<CommandResult> listRun = Optional.empty();
        Map<Long, List<String>> early = Map.of();
        try {
            Optional<Listed> together = guessed.isEmpty() ? Optional.empty() : listWith(daemon, guessed);
            if (together.isPresent()) {
                listRun = Optional.of(together.get().run());
                listed = together.get().servers();
                early = together.get().replies();
            } else {
                Duration left = daemon.left();
                CommandResult run = daemon.run("get_server_list", left);
                listRun = Optional.of(run);
                listed = ControlReplies.pids("get_server_list", daemon.checked("get_server_list", run, left), MAX_SERVERS);
            }
        } catch (Unanswered e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.NOT_ANSWERING, Optional.of(e.why()), List.of(),
                    DaemonSnapshot.Capability.UNKNOWN, listRun);
        } catch (CumpsException e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.BAD_REPLY, Optional.of(e.errorMessage()), List.of(),
                    DaemonSnapshot.Capability.UNKNOWN, listRun);
        }
        if (listed.size() > MAX_SERVERS) {
            daemon.problem(Message.of(LiveMessages.SERVERS_CAPPED, MAX_SERVERS));
        }
        List<Long> asked = listed.subList(0, Math.min(listed.size(), MAX_SERVERS));
        try {
            if (serversOnly) {
                daemon.listedOnly(asked);
            } else if (!new ServerQuestions.Batched(early).ask(daemon, asked)) {
                new ServerQuestions.OneByOne().ask(daemon, asked); // the daemon's output could not be split into replies
            }
        } catch (Unanswered e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.NOT_ANSWERING, Optional.of(e.why()), daemon.servers(),
                    daemon.serverStatus(), listRun);
        } catch (CumpsException e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.BAD_REPLY, Optional.of(e.errorMessage()), daemon.servers(),
                    daemon.serverStatus(), listRun);
        }
        if (daemon.unanswered() > 0) {
            daemon.problem(Message.of(LiveMessages.SERVERS_UNANSWERED, daemon.unanswered(), budget.seconds()));
        }
        return finished(name, pipeDirectory, daemon.problems(), daemon.servers(), daemon.serverStatus(), listRun);
    }

    /** Every question asked was answered: answering, or partial with {@code problems} (what was capped or not answered). */
    private static DaemonSnapshot finished(Optional<String> name, Path pipeDirectory, List<Message> problems, List<MpsServer> servers,
                                           DaemonSnapshot.Capability serverStatus, Optional<CommandResult> listRun) {
        if (problems.isEmpty()) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.ANSWERING, Optional.empty(), servers, serverStatus, listRun);
        }
        return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.PARTIAL, Optional.of(joined(problems)), servers, serverStatus,
                listRun);
    }

    private static Message joined(List<Message> problems) {
        Message all = problems.get(0);
        for (Message next : problems.subList(1, problems.size())) {
            all = Message.of(LiveMessages.PROBLEMS_JOINED, all, next);
        }
        return all;
    }

    /**
     * The server list's run (its reply alone as stdout), the servers it lists, and the replies asked with it: each
     * child's status and client list ({@link ChildServers#pairs}).
     */
    private record Listed(CommandResult run, List<Long> servers, Map<Long, List<String>> replies) {
    }

    /**
     * {@code get_server_list} and, for each of {@code guessed}, {@code get_server_status} and {@code get_client_list}, in
     * one run. Empty when the output could not be split into those replies (the caller then asks {@code get_server_list}
     * on its own); unanswered as {@code get_server_list} would be.
     */
    private static Optional<Listed> listWith(DaemonConversation daemon, List<Long> guessed) {
        List<String> commands = new ArrayList<>();
        commands.add("get_server_list");
        commands.addAll(DaemonConversation.serverQuestions(guessed));
        Duration left = daemon.left();
        CommandResult r = daemon.run(ControlReplies.batch(commands), left);
        Optional<List<String>> replies = ControlReplies.split(daemon.checked("get_server_list", r, left), commands.size());
        if (replies.isEmpty()) {
            return Optional.empty();
        }
        String list = replies.get().get(0);
        List<Long> servers = ControlReplies.pids("get_server_list", list, MAX_SERVERS);
        // The doctor's answers check judges this run as the server list's: its reply alone, as if asked alone.
        CommandResult listRun = new CommandResult(r.outcome(), r.exitCode(), list, r.stderr(), r.program());
        return Optional.of(new Listed(listRun, servers, ChildServers.pairs(guessed, replies.get().subList(1, replies.get().size()))));
    }
}
