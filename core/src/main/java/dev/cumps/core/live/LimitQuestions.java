package dev.cumps.core.live;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.LimitCommands;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Asks one control daemon for its limits: the defaults ({@code get_default_active_thread_percentage},
 * {@code get_default_device_pinned_mem_limit 0}) and, for each server of {@code get_server_list},
 * {@code get_active_thread_percentage <PID>} and {@code get_device_pinned_mem_limit <PID> 0}. Each
 * question is one run of the control program bounded by {@link MpsControl}'s timeout, and the first
 * one not answered ends the reading, so a daemon that hangs costs one timeout. Read-only.
 */
final class LimitQuestions {
    private final MpsControl control;

    LimitQuestions(MpsControl control) {
        this.control = control;
    }

    /** The limits of {@code record}'s daemon; a daemon that does not answer as documented gives a problem, never an exception. */
    DaemonLimits ask(DaemonRecord record) {
        try {
            CurrentLimits defaults = current(record, "get_default_active_thread_percentage",
                    "get_default_device_pinned_mem_limit " + LimitCommands.DEVICE);
            List<ServerLimits> servers = new ArrayList<>();
            for (long server : servers(record)) {
                serverLimits(record, server).ifPresent(servers::add);
            }
            return new DaemonLimits(record.name(), record.limits(), Optional.of(defaults), servers, Optional.empty());
        } catch (CumpsException e) {
            return new DaemonLimits(record.name(), record.limits(), Optional.empty(), List.of(), Optional.of(e.text()));
        }
    }

    /** The pids of the daemon's running servers; a {@link CumpsException} when it does not answer as documented. */
    List<Long> servers(DaemonRecord record) {
        return ControlReplies.pids("get_server_list", reply(record, "get_server_list"));
    }

    /** The server's limits; empty when the daemon says it is not found (it exited since {@code get_server_list}). */
    private Optional<ServerLimits> serverLimits(DaemonRecord record, long server) {
        String percentageCommand = "get_active_thread_percentage " + server;
        String percentage = reply(record, percentageCommand);
        if (ControlReplies.serverNotFound(percentage, server)) {
            return Optional.empty();
        }
        String pinnedCommand = "get_device_pinned_mem_limit " + server + " " + LimitCommands.DEVICE;
        String pinned = reply(record, pinnedCommand);
        if (ControlReplies.serverNotFound(pinned, server)) {
            return Optional.empty();
        }
        return Optional.of(new ServerLimits(server, new CurrentLimits(OptionalDouble.of(ControlReplies.percentage(percentageCommand, percentage)),
                ControlReplies.pinnedMemLimitMiB(pinnedCommand, pinned))));
    }

    private CurrentLimits current(DaemonRecord record, String percentageCommand, String pinnedCommand) {
        double percentage = ControlReplies.percentage(percentageCommand, reply(record, percentageCommand));
        return new CurrentLimits(OptionalDouble.of(percentage),
                ControlReplies.pinnedMemLimitMiB(pinnedCommand, reply(record, pinnedCommand)));
    }

    private String reply(DaemonRecord record, String command) {
        Path pipe = record.pipeDirectory();
        return LimitCommands.ask(control, pipe, record.logDirectory(), command);
    }
}
