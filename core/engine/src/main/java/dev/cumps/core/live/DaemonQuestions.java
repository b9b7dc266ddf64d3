package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Asks one control daemon for its servers, each server's status and clients, and fills in what
 * {@code /proc} knows about them (their GPU memory is added afterwards, see
 * {@link DaemonSnapshot#withComputeApps}). Two runs of the control program at most: {@code get_server_list},
 * then every server's {@code get_server_status} and {@code get_client_list} on one stdin, the replies split by
 * {@link ControlReplies#split} (R535's refusal of {@code get_server_status} is that server's reply).
 * Each run is bounded by {@link MpsControl}'s timeout <em>and</em> by the live view's overall
 * {@link LiveBudget}: anyone can put a control socket at NVIDIA's default pipe directory that
 * answers slowly or lists thousands of servers, and a status or doctor must still answer in seconds.
 * A daemon whose output cannot be split is asked one question per run: the first server on its own (it
 * tells whether the daemon knows {@code get_server_status}), the rest in parallel, at most {@link #MAX_SERVERS}
 * servers and {@link #MAX_CLIENTS} clients each; what was not asked or not answered in time is
 * named in the snapshot's problem (state {@link DaemonSnapshot.State#PARTIAL}). An unanswered
 * {@code get_server_list} makes the daemon not answering.
 */
final class DaemonQuestions {
    /** Servers asked about per daemon ({@link ControlReplies#MAX_SERVERS}). */
    static final int MAX_SERVERS = ControlReplies.MAX_SERVERS;
    /** Clients shown per server ({@link ControlReplies#MAX_CLIENTS}). */
    static final int MAX_CLIENTS = ControlReplies.MAX_CLIENTS;
    /** Servers asked about at once, after the first. */
    private static final int PARALLEL_SERVERS = 8;
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
        Daemon daemon = new Daemon(pipeDirectory, logDirectory, name.isEmpty() ? UNMANAGED_REPLY_LIMIT : CommandSpec.DEFAULT_OUTPUT_LIMIT);
        List<Long> listed;
        Optional<CommandResult> listRun = Optional.empty();
        List<Long> guessed = serversOnly || daemonPid.isEmpty() ? List.of() : ChildServers.of(processes, daemonPid.getAsLong());
        Map<Long, List<String>> early = Map.of();
        try {
            Optional<Listed> together = guessed.isEmpty() ? Optional.empty() : daemon.listWith(guessed);
            if (together.isPresent()) {
                listRun = Optional.of(together.get().run());
                listed = together.get().servers();
                early = together.get().replies();
            } else {
                Run run = daemon.run("get_server_list");
                listRun = Optional.of(run.result());
                listed = ControlReplies.pids("get_server_list", daemon.checked("get_server_list", run), MAX_SERVERS);
            }
        } catch (Unanswered e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.NOT_ANSWERING, Optional.of(e.why), List.of(),
                    DaemonSnapshot.Capability.UNKNOWN, listRun);
        } catch (CumpsException e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.BAD_REPLY, Optional.of(e.errorMessage()), List.of(),
                    DaemonSnapshot.Capability.UNKNOWN, listRun);
        }
        List<Message> problems = new ArrayList<>();
        if (listed.size() > MAX_SERVERS) {
            problems.add(Message.of(LiveMessages.SERVERS_CAPPED, MAX_SERVERS));
        }
        List<Long> asked = listed.subList(0, Math.min(listed.size(), MAX_SERVERS));
        if (serversOnly) {
            List<MpsServer> servers = new ArrayList<>();
            for (long pid : asked) {
                servers.add(mpsServer(pid, Optional.empty(), List.of()));
            }
            return finished(name, pipeDirectory, problems, servers, DaemonSnapshot.Capability.UNKNOWN, listRun);
        }
        List<MpsServer> servers = new ArrayList<>();
        DaemonSnapshot.Capability serverStatus = DaemonSnapshot.Capability.UNKNOWN;
        int unanswered = 0;
        try {
            // All servers in one run of the control client: a status and a client list each, split by
            // ControlReplies.REPLY_END. Only a daemon whose output cannot be split is asked one question per run.
            Optional<List<Answer>> batched;
            try {
                batched = daemon.batch(asked, early);
            } catch (Unanswered e) {
                if (!e.budgetSpent) {
                    throw e;
                }
                batched = Optional.of(List.of());
                unanswered = asked.size(); // the live view's time ran out before the servers' answers came
            }
            if (batched.isPresent()) {
                for (Answer a : batched.get()) {
                    a.server().ifPresent(servers::add);
                    a.problem().ifPresent(problems::add);
                    if (serverStatus == DaemonSnapshot.Capability.UNKNOWN) {
                        serverStatus = a.serverStatus();
                    }
                }
            } else {
                Optional<Answer> first = Optional.empty();
                if (!asked.isEmpty()) {
                    // The first on its own: whether the daemon knows get_server_status decides what the rest are asked.
                    first = daemon.firstServer(asked.get(0));
                }
                if (!asked.isEmpty() && first.isEmpty()) {
                    unanswered = asked.size(); // the live view's time ran out on the first server already
                }
                if (first.isPresent()) {
                    serverStatus = first.get().serverStatus();
                    first.get().server().ifPresent(servers::add);
                    first.get().problem().ifPresent(problems::add);
                }
                List<ServerResult> rest = first.isEmpty() ? List.of() : daemon.servers(asked.subList(1, asked.size()), serverStatus);
                for (ServerResult r : rest) {
                    if (r.answer().isEmpty()) {
                        unanswered++;
                        continue;
                    }
                    r.answer().get().server().ifPresent(servers::add);
                    r.answer().get().problem().ifPresent(problems::add);
                    if (serverStatus == DaemonSnapshot.Capability.UNKNOWN) {
                        serverStatus = r.answer().get().serverStatus(); // the first server had exited before it was asked
                    }
                }
            }
        } catch (Unanswered e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.NOT_ANSWERING, Optional.of(e.why), servers, serverStatus, listRun);
        } catch (CumpsException e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.BAD_REPLY, Optional.of(e.errorMessage()), servers, serverStatus,
                    listRun);
        }
        if (unanswered > 0) {
            problems.add(Message.of(LiveMessages.SERVERS_UNANSWERED, unanswered, budget.seconds()));
        }
        return finished(name, pipeDirectory, problems, servers, serverStatus, listRun);
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

    /** {@code get_server_status} and {@code get_client_list} of each of {@code pids}, in that order. */
    private static List<String> serverQuestions(List<Long> pids) {
        List<String> commands = new ArrayList<>();
        for (long pid : pids) {
            commands.add("get_server_status " + pid);
            commands.add("get_client_list " + pid);
        }
        return commands;
    }

    /**
     * The server list's run (its reply alone as stdout), the servers it lists, and the replies asked with it: each
     * child's status and client list ({@link ChildServers#pairs}).
     */
    private record Listed(CommandResult run, List<Long> servers, Map<Long, List<String>> replies) {
    }

    /** What one server's questions gave: the server (empty when it has exited), and a note (clients cut). */
    private record Answer(Optional<MpsServer> server, DaemonSnapshot.Capability serverStatus, Optional<Message> problem) {
    }

    /** One run of the control program, and the time it was given (the live view's time left, or less). */
    private record Run(CommandResult result, Duration within) {
    }

    /** A server's answer, or empty when the live view's time ran out before it came. */
    private record ServerResult(long pid, Optional<Answer> answer) {
    }

    /** The questions to one daemon. */
    private final class Daemon {
        private final Path pipeDirectory;
        private final Path logDirectory;
        private final int replyLimit;

        Daemon(Path pipeDirectory, Path logDirectory, int replyLimit) {
            this.pipeDirectory = pipeDirectory;
            this.logDirectory = logDirectory;
            this.replyLimit = replyLimit;
        }

        /** The servers' answers, asked at most {@link #PARALLEL_SERVERS} at a time, until the budget is spent. */
        List<ServerResult> servers(List<Long> pids, DaemonSnapshot.Capability serverStatus) {
            if (pids.isEmpty()) {
                return List.of();
            }
            ExecutorService pool = LiveThreads.pool(Math.min(pids.size(), PARALLEL_SERVERS), "cumps-live-server");
            try {
                List<Future<Answer>> futures = new ArrayList<>();
                for (long pid : pids) {
                    futures.add(pool.submit(() -> server(pid, serverStatus)));
                }
                List<ServerResult> results = new ArrayList<>();
                for (int i = 0; i < pids.size(); i++) {
                    results.add(new ServerResult(pids.get(i), await(futures.get(i))));
                }
                return results;
            } finally {
                pool.shutdownNow();
            }
        }

        private Optional<Answer> await(Future<Answer> future) {
            try {
                return Optional.of(future.get(Math.max(0, budget.remaining().toNanos()), TimeUnit.NANOSECONDS));
            } catch (TimeoutException e) {
                future.cancel(true);
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Unanswered(Message.of(LiveMessages.INTERRUPTED));
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Unanswered unanswered) {
                    if (unanswered.budgetSpent) {
                        return Optional.empty(); // the live view's time ran out under this server: it is not answered
                    }
                    throw unanswered; // a question timed out on its own: the daemon is not answering
                }
                if (e.getCause() instanceof CumpsException cumps) {
                    throw cumps;
                }
                throw new IllegalStateException("asking a server of " + pipeDirectory + " failed", e.getCause());
            }
        }

        /** The first server's answer, or empty when the live view's time ran out under it. */
        Optional<Answer> firstServer(long server) {
            try {
                return Optional.of(server(server, DaemonSnapshot.Capability.UNKNOWN));
            } catch (Unanswered e) {
                if (e.budgetSpent) {
                    return Optional.empty();
                }
                throw e;
            }
        }

        /**
         * {@code get_server_list} and, for each of {@code guessed}, {@code get_server_status} and
         * {@code get_client_list}, in one run. Empty when the output could not be split into those replies (the
         * caller then asks {@code get_server_list} on its own); unanswered as {@code get_server_list} would be.
         */
        Optional<Listed> listWith(List<Long> guessed) {
            List<String> commands = new ArrayList<>();
            commands.add("get_server_list");
            commands.addAll(serverQuestions(guessed));
            Run run = run(ControlReplies.batch(commands));
            Optional<List<String>> replies = ControlReplies.split(checked("get_server_list", run), commands.size());
            if (replies.isEmpty()) {
                return Optional.empty();
            }
            String list = replies.get().get(0);
            List<Long> servers = ControlReplies.pids("get_server_list", list, MAX_SERVERS);
            CommandResult r = run.result();
            // The doctor's answers check judges this run as the server list's: its reply alone, as if asked alone.
            CommandResult listRun = new CommandResult(r.outcome(), r.exitCode(), list, r.stderr(), r.program());
            return Optional.of(new Listed(listRun, servers, ChildServers.pairs(guessed, replies.get().subList(1, replies.get().size()))));
        }

        /**
         * Every server of {@code pids}: the replies {@code early} holds (asked with the server list), the rest asked in
         * one run, {@code get_server_status} and {@code get_client_list} of each; empty when that run's output could not
         * be split into those replies.
         */
        Optional<List<Answer>> batch(List<Long> pids, Map<Long, List<String>> early) {
            List<Long> rest = ChildServers.notAsked(pids, early);
            Map<Long, List<String>> all = new HashMap<>(early);
            if (!rest.isEmpty()) {
                List<String> commands = serverQuestions(rest);
                Optional<List<String>> replies = ControlReplies.split(reply(ControlReplies.batch(commands)), commands.size());
                if (replies.isEmpty()) {
                    return Optional.empty();
                }
                all.putAll(ChildServers.pairs(rest, replies.get()));
            }
            List<Answer> answers = new ArrayList<>();
            for (long pid : pids) {
                List<String> statusAndClients = all.get(pid);
                answers.add(answer(pid, DaemonSnapshot.Capability.UNKNOWN, Optional.of(statusAndClients.get(0)), () -> statusAndClients.get(1)));
            }
            return Optional.of(answers);
        }

        /** Status (while the daemon may know the command) and clients of {@code server}, one question per run. */
        Answer server(long server, DaemonSnapshot.Capability known) {
            Optional<String> statusReply = known == DaemonSnapshot.Capability.UNSUPPORTED ? Optional.empty()
                    : Optional.of(reply("get_server_status " + server));
            return answer(server, known, statusReply, () -> reply("get_client_list " + server));
        }

        /** One server's answer from its status reply (none when not asked) and its client list (asked only while it exists). */
        private Answer answer(long server, DaemonSnapshot.Capability known, Optional<String> statusReply, Supplier<String> clientsReply) {
            Optional<String> status = Optional.empty();
            DaemonSnapshot.Capability serverStatus = known;
            if (statusReply.isPresent()) {
                if (ControlReplies.serverNotFound(statusReply.get(), server)) {
                    return new Answer(Optional.empty(), known, Optional.empty()); // it exited since get_server_list
                }
                serverStatus = DaemonSnapshot.Capability.ofServerStatusReply(statusReply.get());
                status = ControlReplies.serverStatus("get_server_status " + server, statusReply.get());
            }
            String clientsCommand = "get_client_list " + server;
            String clients = clientsReply.get();
            if (ControlReplies.serverNotFound(clients, server)) {
                return new Answer(Optional.empty(), serverStatus, Optional.empty());
            }
            List<Long> clientPids = ControlReplies.pids(clientsCommand, clients, MAX_CLIENTS);
            if (!clientPids.isEmpty()) {
                clientsListed.run();
            }
            List<ClientProcess> clientProcesses = new ArrayList<>();
            for (long client : clientPids.subList(0, Math.min(clientPids.size(), MAX_CLIENTS))) {
                clientProcesses.add(client(client));
            }
            Optional<Message> cut = clientPids.size() > MAX_CLIENTS
                    ? Optional.of(Message.of(LiveMessages.CLIENTS_CAPPED, server, MAX_CLIENTS)) : Optional.empty();
            return new Answer(Optional.of(mpsServer(server, status, clientProcesses)), serverStatus, cut);
        }

        String reply(String command) {
            return checked(command, run(command));
        }

        /** The control program's run for {@code command}, however it ended; unanswered when the live view's time is spent. */
        Run run(String command) {
            Duration left = budget.remaining();
            if (left.isZero() || left.isNegative()) {
                throw new Unanswered(Message.of(LiveMessages.BUDGET_SPENT, budget.seconds()), true);
            }
            return new Run(control.ask(pipeDirectory, logDirectory, command, left, replyLimit), left);
        }

        /** The reply {@code run} carries; unanswered when it timed out, found no daemon or failed. */
        String checked(String command, Run run) {
            CommandResult result = run.result();
            if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
                // Cut short by the live view's budget (it had less than a question's own timeout left): not this daemon's fault alone.
                boolean spent = run.within().compareTo(control.timeout()) < 0;
                throw new Unanswered(spent ? Message.of(LiveMessages.BUDGET_SPENT, budget.seconds())
                        : Message.of(LiveMessages.DAEMON_TIMED_OUT, command), spent);
            }
            if (MpsControl.foundNoDaemon(result)) {
                throw new Unanswered(Message.of(LiveMessages.DAEMON_NOT_FOUND, pipeDirectory), false);
            }
            if (!result.succeeded()) {
                throw new Unanswered(result.failureMessage(), false);
            }
            return result.stdout();
        }
    }

    /** Server {@code pid} with its owner and start time from {@code /proc} (empty when it is not running or unreadable). */
    private MpsServer mpsServer(long pid, Optional<String> status, List<ClientProcess> clients) {
        Optional<ProcessInfo> info = processes.find(pid).filter(ProcessInfo::running);
        return new MpsServer(pid, info.flatMap(i -> processes.owner(pid)), info.map(i -> OptionalLong.of(i.startTicks())).orElse(OptionalLong.empty()),
                status, clients);
    }

    private ClientProcess client(long pid) {
        Optional<ProcessInfo> info = processes.find(pid).filter(ProcessInfo::running);
        OptionalLong start = info.map(i -> OptionalLong.of(i.startTicks())).orElse(OptionalLong.empty());
        OptionalLong running = start.isPresent() && now.isPresent() && now.getAsLong() >= start.getAsLong()
                ? OptionalLong.of((now.getAsLong() - start.getAsLong()) / ProcFsProcessTable.TICKS_PER_SECOND) : OptionalLong.empty();
        return new ClientProcess(pid, info.flatMap(i -> processes.owner(pid)), info.flatMap(i -> processes.commandLine(pid)),
                start, running, List.of(), OptionalLong.empty());
    }

    /** A question that got no answer: the daemon is not answering (or the live view's time is spent). */
    private static final class Unanswered extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Message why;
        private final boolean budgetSpent;

        Unanswered(Message why) {
            this(why, false);
        }

        Unanswered(Message why, boolean budgetSpent) {
            super(why.english(), null, false, false);
            this.why = why;
            this.budgetSpent = budgetSpent;
        }
    }
}
