package dev.cumps.core.lifecycle;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.live.ControlReplies;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.RecordNames;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Ends one MPS client of a managed daemon with NVIDIA's {@code terminate_client <server PID>
 * <client PID>} (NVIDIA MPS documentation, "nvidia-cuda-mps-control": it terminates all the
 * outstanding GPU work of that client). Only for the caller's own live daemon on this host, verified
 * right before under its name and pipe-directory locks ({@code Liveness.verifiedOwnLive}, the check
 * stop makes), and only for a client that {@code /proc} shows running as the caller (an owner it does
 * not show, as under {@code hidepid=2}, is refused): the server must be in
 * {@code get_server_list} and the client in that server's {@code get_client_list} at that moment.
 * It then waits, bounded by the exit timeout, until the client has left the list.
 */
public final class ClientTerminator {
    private final LifecycleContext c;

    public ClientTerminator(LifecycleContext c) {
        this.c = c;
    }

    /**
     * The client {@code clientPid} of the caller's live daemon {@code name}, as terminating it would
     * find it (for a confirmation); changes nothing. A pid its servers do not list, or another
     * user's client, is an error.
     */
    public ClientTarget find(String name, long clientPid) {
        try (NameLock lock = c.store().locks().lock(RecordNames.validate(name))) {
            DaemonRecord record = c.liveness().verifiedOwnLive(c.store(), name);
            return target(record, clientPid);
        }
    }

    /**
     * Terminates the client {@code clientPid} of the caller's live daemon {@code name} with
     * {@code terminate_client}, after verifying daemon, server and client right before, and waits
     * until it has left its server's client list. The message names pid and command.
     */
    public Message terminate(String name, long clientPid) {
        try (NameLock lock = c.store().locks().lock(RecordNames.validate(name))) {
            DaemonRecord verified = c.liveness().verifiedOwnLive(c.store(), name);
            try (NameLock pipeLock = c.locks().lockPipe(verified.pipeDirectory())) {
                // Again under the pipe lock: nothing may have replaced the daemon while we waited for it.
                DaemonRecord record = c.liveness().verifiedOwnLive(c.store(), name);
                ClientTarget target = target(record, clientPid);
                String command = "terminate_client " + target.serverPid() + " " + clientPid;
                CommandResult sent = ask(record, command);
                if (sent.stdout().strip().equals(ControlReplies.INVALID_COMMAND)) {
                    throw new CumpsException(Message.of(LifecycleMessages.TERMINATE_REFUSED, command, sent.stdout().strip()));
                }
                if (!c.waits().gone(() -> listed(record, target), c.timeouts().exit())) {
                    throw new CumpsException(Message.of(LifecycleMessages.TERMINATE_STILL_LISTED, command, clientPid, target.serverPid(),
                            c.timeouts().exit().toSeconds()));
                }
                return Message.of(LifecycleMessages.CLIENT_TERMINATED, clientPid, target.commandText(), target.serverPid(), name);
            }
        }
    }

    /** Finds the server listing {@code clientPid} and what /proc says of the client; refuses a client of another user. */
    private ClientTarget target(DaemonRecord record, long clientPid) {
        for (long server : pids(record, "get_server_list")) {
            if (pids(record, "get_client_list " + server).contains(clientPid)) {
                Optional<ProcessInfo> info = c.processes().find(clientPid).filter(ProcessInfo::running);
                Optional<ProcessOwner> owner = info.flatMap(i -> c.processes().owner(clientPid));
                // Fail closed: a client whose owner /proc does not show (hidepid=2 hides other users' processes,
                // or it is already gone) may be anyone's, and terminate_client would end it all the same.
                if (owner.isEmpty()) {
                    throw new CumpsException(Message.of(LifecycleMessages.TERMINATE_OWNER_UNKNOWN, clientPid, record.name()));
                }
                if (owner.get().uid() != Integer.toUnsignedLong(c.host().uid())) {
                    throw new CumpsException(Message.of(LifecycleMessages.TERMINATE_OTHER_USER, clientPid, owner.get().user(), record.name()));
                }
                return new ClientTarget(record.name(), server, clientPid, owner, info.flatMap(i -> c.processes().commandLine(clientPid)),
                        info.map(i -> OptionalLong.of(i.startTicks())).orElse(OptionalLong.empty()));
            }
        }
        throw new CumpsException(Message.of(LifecycleMessages.TERMINATE_NOT_A_CLIENT, clientPid, record.name()));
    }

    /** Whether the client is still listed by its server (a server that is gone lists nobody). */
    private boolean listed(DaemonRecord record, ClientTarget target) {
        if (!pids(record, "get_server_list").contains(target.serverPid())) {
            return false;
        }
        return pids(record, "get_client_list " + target.serverPid()).contains(target.clientPid());
    }

    private List<Long> pids(DaemonRecord record, String command) {
        return ControlReplies.pids(command, ask(record, command).stdout(), ControlReplies.MAX_CLIENTS);
    }

    private CommandResult ask(DaemonRecord record, String command) {
        CommandResult result = c.control().ask(record.pipeDirectory(), record.logDirectory(), command);
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            throw new CumpsException(Message.of(LifecycleMessages.TERMINATE_NOT_ANSWERING, record.name(), command,
                    c.timeouts().answer().toSeconds()));
        }
        if (MpsControl.foundNoDaemon(result) || !result.succeeded()) {
            throw new CumpsException(Message.of(LifecycleMessages.TERMINATE_CONTROL_FAILED, record.name(), command, result.failureMessage()));
        }
        return result;
    }
}
