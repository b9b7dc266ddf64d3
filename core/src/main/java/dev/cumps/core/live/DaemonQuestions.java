package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Asks one control daemon for its servers, each server's status and clients, and fills in what
 * {@code /proc} knows about them (their GPU memory is added afterwards, see
 * {@link DaemonSnapshot#withComputeApps}). Every question is one run of the control program
 * on stdin, bounded by {@link MpsControl}'s timeout; the first unanswered one ends the snapshot as
 * not answering, so a daemon that hangs costs at most one timeout.
 */
final class DaemonQuestions {
    private final MpsControl control;
    private final ProcessTable processes;
    private final OptionalLong now;

    DaemonQuestions(MpsControl control, ProcessTable processes, OptionalLong now) {
        this.control = control;
        this.processes = processes;
        this.now = now;
    }

    /** The snapshot of the daemon serving {@code pipeDirectory}; {@code name} is empty for an unmanaged pipe. */
    DaemonSnapshot ask(Optional<String> name, Path pipeDirectory, Path logDirectory) {
        try {
            List<MpsServer> servers = new ArrayList<>();
            DaemonSnapshot.Capability serverStatus = DaemonSnapshot.Capability.UNKNOWN;
            for (long server : ControlReplies.pids("get_server_list", reply(pipeDirectory, logDirectory, "get_server_list"))) {
                Optional<String> status = Optional.empty();
                if (serverStatus != DaemonSnapshot.Capability.UNSUPPORTED) {
                    // Asked once more per server only while the daemon knows the command (R535 does not).
                    String statusCommand = "get_server_status " + server;
                    String statusReply = reply(pipeDirectory, logDirectory, statusCommand);
                    if (ControlReplies.serverNotFound(statusReply, server)) {
                        continue; // the server exited since get_server_list
                    }
                    serverStatus = ControlReplies.unknownCommand(statusReply) ? DaemonSnapshot.Capability.UNSUPPORTED
                            : DaemonSnapshot.Capability.SUPPORTED;
                    status = ControlReplies.serverStatus(statusCommand, statusReply);
                }
                String clientsCommand = "get_client_list " + server;
                String clientsReply = reply(pipeDirectory, logDirectory, clientsCommand);
                if (ControlReplies.serverNotFound(clientsReply, server)) {
                    continue;
                }
                List<ClientProcess> clients = new ArrayList<>();
                for (long client : ControlReplies.pids(clientsCommand, clientsReply)) {
                    clients.add(client(client));
                }
                Optional<ProcessInfo> info = processes.find(server).filter(ProcessInfo::running);
                servers.add(new MpsServer(server, info.flatMap(i -> processes.owner(server)),
                        info.map(i -> OptionalLong.of(i.startTicks())).orElse(OptionalLong.empty()), status, clients));
            }
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.ANSWERING, Optional.empty(), servers, serverStatus);
        } catch (Unanswered e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.NOT_ANSWERING, Optional.of(e.why), List.of());
        } catch (CumpsException e) {
            return new DaemonSnapshot(name, pipeDirectory, DaemonSnapshot.State.BAD_REPLY,
                    Optional.of(e.text()), List.of());
        }
    }

    private ClientProcess client(long pid) {
        Optional<ProcessInfo> info = processes.find(pid).filter(ProcessInfo::running);
        OptionalLong start = info.map(i -> OptionalLong.of(i.startTicks())).orElse(OptionalLong.empty());
        OptionalLong running = start.isPresent() && now.isPresent() && now.getAsLong() >= start.getAsLong()
                ? OptionalLong.of((now.getAsLong() - start.getAsLong()) / ProcFsProcessTable.TICKS_PER_SECOND) : OptionalLong.empty();
        return new ClientProcess(pid, info.flatMap(i -> processes.owner(pid)), info.flatMap(i -> processes.commandLine(pid)),
                start, running, List.of(), OptionalLong.empty());
    }

    private String reply(Path pipeDirectory, Path logDirectory, String command) {
        CommandResult result = control.ask(pipeDirectory, logDirectory, command);
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            throw new Unanswered(Message.of(LiveText.DAEMON_TIMED_OUT, command));
        }
        if (MpsControl.foundNoDaemon(result)) {
            throw new Unanswered(Message.of(LiveText.DAEMON_NOT_FOUND, pipeDirectory));
        }
        if (!result.succeeded()) {
            throw new Unanswered(result.failureText());
        }
        return result.stdout();
    }

    /** A question that got no answer: the daemon is not answering. */
    private static final class Unanswered extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Message why;

        Unanswered(Message why) {
            super(why.english(), null, false, false);
            this.why = why;
        }
    }
}
