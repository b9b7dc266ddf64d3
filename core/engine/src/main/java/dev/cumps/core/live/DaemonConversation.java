package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One {@link DaemonQuestions#ask}: the runs of the control program for one daemon, each bounded by the live view's
 * {@link LiveBudget}, the reading of a server's replies into its {@link Answer}, and what the servers have answered so
 * far (kept when a later question goes unanswered: the snapshot then shows the servers that did answer).
 */
final class DaemonConversation {
    private final MpsControl control;
    private final ProcessTable processes;
    private final OptionalLong now;
    private final LiveBudget budget;
    private final Runnable clientsListed;
    private final Path pipeDirectory;
    private final Path logDirectory;
    private final int replyLimit;
    private final List<MpsServer> servers = new ArrayList<>();
    private final List<Message> problems = new ArrayList<>();
    private DaemonSnapshot.Capability serverStatus = DaemonSnapshot.Capability.UNKNOWN;
    private int unanswered;

    /** {@code clientsListed} runs whenever a server's {@code get_client_list} lists at least one client. */
    DaemonConversation(MpsControl control, ProcessTable processes, OptionalLong now, LiveBudget budget, Runnable clientsListed,
                       Path pipeDirectory, Path logDirectory, int replyLimit) {
        this.control = control;
        this.processes = processes;
        this.now = now;
        this.budget = budget;
        this.clientsListed = clientsListed;
        this.pipeDirectory = pipeDirectory;
        this.logDirectory = logDirectory;
        this.replyLimit = replyLimit;
    }

    Path pipeDirectory() {
        return pipeDirectory;
    }

    LiveBudget budget() {
        return budget;
    }

    /** The servers answered so far, in the order they were added. */
    List<MpsServer> servers() {
        return servers;
    }

    /** Whether the daemon knows {@code get_server_status}, as the first server to tell said. */
    DaemonSnapshot.Capability serverStatus() {
        return serverStatus;
    }

    /** What was capped or cut so far, in order. */
    List<Message> problems() {
        return problems;
    }

    /** Servers the live view's time ran out under. */
    int unanswered() {
        return unanswered;
    }

    void problem(Message problem) {
        problems.add(problem);
    }

    void unanswered(int servers) {
        unanswered += servers;
    }

    /** The servers listed, without asking them anything: each with what {@code /proc} says of it. */
    void listedOnly(List<Long> pids) {
        for (long pid : pids) {
            servers.add(mpsServer(pid, Optional.empty(), List.of()));
        }
    }

    /** One server's answer: its server (none when it exited), its note, and the capability if none was known yet. */
    void add(Answer answer) {
        answer.server().ifPresent(servers::add);
        answer.problem().ifPresent(problems::add);
        if (serverStatus == DaemonSnapshot.Capability.UNKNOWN) {
            serverStatus = answer.serverStatus();
        }
    }

    /** {@code get_server_status} and {@code get_client_list} of each of {@code pids}, in that order. */
    static List<String> serverQuestions(List<Long> pids) {
        List<String> commands = new ArrayList<>();
        for (long pid : pids) {
            commands.add("get_server_status " + pid);
            commands.add("get_client_list " + pid);
        }
        return commands;
    }

    /** Status (while the daemon may know the command) and clients of {@code server}, one question per run. */
    Answer server(long server, DaemonSnapshot.Capability known) {
        Optional<String> statusReply = known == DaemonSnapshot.Capability.UNSUPPORTED ? Optional.empty()
                : Optional.of(reply("get_server_status " + server));
        return answer(server, known, statusReply, Optional.empty());
    }

    /**
     * One server's answer from its status reply (none when not asked) and its client list: {@code clientsReply}, or when
     * empty asked now, only while the server exists.
     */
    Answer answer(long server, DaemonSnapshot.Capability known, Optional<String> statusReply, Optional<String> clientsReply) {
        Optional<String> status = Optional.empty();
        DaemonSnapshot.Capability told = known;
        if (statusReply.isPresent()) {
            if (ControlReplies.serverNotFound(statusReply.get(), server)) {
                return new Answer(Optional.empty(), known, Optional.empty()); // it exited since get_server_list
            }
            told = DaemonSnapshot.Capability.ofServerStatusReply(statusReply.get());
            status = ControlReplies.serverStatus("get_server_status " + server, statusReply.get());
        }
        String clientsCommand = "get_client_list " + server;
        String clients = clientsReply.isPresent() ? clientsReply.get() : reply(clientsCommand);
        if (ControlReplies.serverNotFound(clients, server)) {
            return new Answer(Optional.empty(), told, Optional.empty());
        }
        List<Long> clientPids = ControlReplies.pids(clientsCommand, clients, DaemonQuestions.MAX_CLIENTS);
        if (!clientPids.isEmpty()) {
            clientsListed.run();
        }
        List<ClientProcess> clientProcesses = new ArrayList<>();
        for (long client : clientPids.subList(0, Math.min(clientPids.size(), DaemonQuestions.MAX_CLIENTS))) {
            clientProcesses.add(client(client));
        }
        Optional<Message> cut = clientPids.size() > DaemonQuestions.MAX_CLIENTS
                ? Optional.of(Message.of(LiveMessages.CLIENTS_CAPPED, server, DaemonQuestions.MAX_CLIENTS)) : Optional.empty();
        return new Answer(Optional.of(mpsServer(server, status, clientProcesses)), told, cut);
    }

    String reply(String command) {
        Duration left = left();
        return checked(command, run(command, left), left);
    }

    /** What is left of the live view's time for the next run; unanswered when it is spent. */
    Duration left() {
        Duration left = budget.remaining();
        if (left.isZero() || left.isNegative()) {
            throw new Unanswered(Message.of(LiveMessages.BUDGET_SPENT, budget.seconds()), true);
        }
        return left;
    }

    /** The control program's run for {@code command} within {@code left} ({@link #left}), however it ended. */
    CommandResult run(String command, Duration left) {
        return control.ask(pipeDirectory, logDirectory, command, left, replyLimit);
    }

    /** The reply of {@code result}, run within {@code left}; unanswered when it timed out, found no daemon or failed. */
    String checked(String command, CommandResult result, Duration left) {
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            // Cut short by the live view's budget (it had less than a question's own timeout left): not this daemon's fault alone.
            boolean spent = left.compareTo(control.timeout()) < 0;
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

    /** What one server's questions gave: the server (empty when it has exited), and a note (clients cut). */
    record Answer(Optional<MpsServer> server, DaemonSnapshot.Capability serverStatus, Optional<Message> problem) {
    }
}
