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
 * {@code get_active_thread_percentage <PID>} and {@code get_device_pinned_mem_limit <PID> 0}: the
 * defaults and the server list in one run of the control program, every server's limits in a second
 * ({@link ControlReplies#batch}), each bounded by {@link MpsControl}'s timeout; the first run
 * not answered ends the reading, so a daemon that hangs costs one timeout. Read-only.
 */
final class LimitQuestions {
    private final MpsControl control;

    LimitQuestions(MpsControl control) {
        this.control = control;
    }

    /** The limits of {@code record}'s daemon; a daemon that does not answer as documented gives a problem, never an exception. */
    DaemonLimits ask(DaemonRecord record) {
        try {
            // Two runs of the control client: the defaults with the server list, then every server's limits.
            String percentageCommand = "get_default_active_thread_percentage";
            String pinnedCommand = "get_default_device_pinned_mem_limit " + LimitCommands.DEVICE;
            List<String> first = replies(record, List.of(percentageCommand, pinnedCommand, "get_server_list"));
            CurrentLimits defaults = new CurrentLimits(OptionalDouble.of(ControlReplies.percentage(percentageCommand, first.get(0))),
                    ControlReplies.pinnedMemLimitMiB(pinnedCommand, first.get(1)));
            List<Long> pids = ControlReplies.pids("get_server_list", first.get(2));
            List<String> questions = new ArrayList<>();
            for (long server : pids) {
                questions.add(percentageQuestion(server));
                questions.add(pinnedQuestion(server));
            }
            List<String> answers = questions.isEmpty() ? List.of() : replies(record, questions);
            List<ServerLimits> servers = new ArrayList<>();
            for (int i = 0; i < pids.size(); i++) {
                serverLimits(pids.get(i), answers.get(2 * i), answers.get(2 * i + 1)).ifPresent(servers::add);
            }
            return new DaemonLimits(record.name(), record.limits(), Optional.of(defaults), servers, Optional.empty());
        } catch (CumpsException e) {
            return new DaemonLimits(record.name(), record.limits(), Optional.empty(), List.of(), Optional.of(e.errorMessage()));
        }
    }

    /** The pids of the daemon's running servers; a {@link CumpsException} when it does not answer as documented. */
    List<Long> servers(DaemonRecord record) {
        return ControlReplies.pids("get_server_list", reply(record, "get_server_list"));
    }

    private static String percentageQuestion(long server) {
        return "get_active_thread_percentage " + server;
    }

    private static String pinnedQuestion(long server) {
        return "get_device_pinned_mem_limit " + server + " " + LimitCommands.DEVICE;
    }

    /** The server's limits from its two replies; empty when the daemon says it is not found (it exited since {@code get_server_list}). */
    private static Optional<ServerLimits> serverLimits(long server, String percentage, String pinned) {
        if (ControlReplies.serverNotFound(percentage, server) || ControlReplies.serverNotFound(pinned, server)) {
            return Optional.empty();
        }
        return Optional.of(new ServerLimits(server, new CurrentLimits(
                OptionalDouble.of(ControlReplies.percentage(percentageQuestion(server), percentage)),
                ControlReplies.pinnedMemLimitMiB(pinnedQuestion(server), pinned))));
    }

    /**
     * The replies to {@code commands}, asked in one run of the control client ({@link ControlReplies#batch}); a daemon
     * whose output cannot be split is asked again one question per run.
     */
    private List<String> replies(DaemonRecord record, List<String> commands) {
        String out = LimitCommands.askAll(control, record.pipeDirectory(), record.logDirectory(), commands, ControlReplies.batch(commands));
        Optional<List<String>> split = ControlReplies.split(out, commands.size());
        if (split.isPresent()) {
            return split.get();
        }
        List<String> replies = new ArrayList<>();
        for (String command : commands) {
            replies.add(reply(record, command));
        }
        return replies;
    }

    private String reply(DaemonRecord record, String command) {
        Path pipe = record.pipeDirectory();
        return LimitCommands.ask(control, pipe, record.logDirectory(), command);
    }
}
