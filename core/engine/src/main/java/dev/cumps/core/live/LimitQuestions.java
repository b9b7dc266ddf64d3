package dev.cumps.core.live;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.LimitCommands;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Asks one control daemon for its limits: the defaults ({@code get_default_active_thread_percentage},
 * {@code get_default_device_pinned_mem_limit 0}) and, for each server of {@code get_server_list},
 * {@code get_active_thread_percentage <PID>} and {@code get_device_pinned_mem_limit <PID> 0}: the
 * defaults, the server list and the limits of the daemon's children (NVIDIA's daemon starts each server as its
 * child) in one run of the control program, the limits of a listed server that was no child in a second
 * ({@link ControlReplies#batch}), each bounded by {@link MpsControl}'s timeout; the first run
 * not answered ends the reading, so a daemon that hangs costs one timeout. The server list decides which
 * servers are shown. Read-only.
 */
final class LimitQuestions {
    private final MpsControl control;
    private final ProcessTable processes;

    LimitQuestions(MpsControl control, ProcessTable processes) {
        this.control = control;
        this.processes = processes;
    }

    /** The limits of {@code record}'s daemon; a daemon that does not answer as documented gives a problem, never an exception. */
    DaemonLimits ask(DaemonRecord record) {
        try {
            // One run of the control client: the defaults, the server list and the children's limits; a second only for
            // a listed server that was no child.
            String percentageCommand = "get_default_active_thread_percentage";
            String pinnedCommand = "get_default_device_pinned_mem_limit " + LimitCommands.DEVICE;
            List<Long> guessed = ChildServers.of(processes, record.pid());
            List<String> firstQuestions = new ArrayList<>(List.of(percentageCommand, pinnedCommand, "get_server_list"));
            firstQuestions.addAll(questions(guessed));
            List<String> first = replies(record, firstQuestions);
            CurrentLimits defaults = limits(percentageCommand, first.get(0), pinnedCommand, first.get(1));
            List<Long> pids = ControlReplies.pids("get_server_list", first.get(2), ControlReplies.MAX_SERVERS);
            Map<Long, List<String>> answers = new HashMap<>(ChildServers.pairs(guessed, first.subList(3, first.size())));
            List<Long> rest = ChildServers.notAsked(pids, answers);
            if (!rest.isEmpty()) {
                answers.putAll(ChildServers.pairs(rest, replies(record, questions(rest))));
            }
            List<ServerLimits> servers = new ArrayList<>();
            for (long server : pids) {
                List<String> two = answers.get(server);
                serverLimits(server, two.get(0), two.get(1)).ifPresent(servers::add);
            }
            return new DaemonLimits(record.name(), record.limits(), Optional.of(defaults), servers, Optional.empty());
        } catch (CumpsException e) {
            return new DaemonLimits(record.name(), record.limits(), Optional.empty(), List.of(), Optional.of(e.errorMessage()));
        }
    }

    /** The pids of the daemon's running servers; a {@link CumpsException} when it does not answer as documented. */
    List<Long> servers(DaemonRecord record) {
        return ControlReplies.pids("get_server_list", reply(record, "get_server_list"), ControlReplies.MAX_SERVERS);
    }

    /** {@code get_active_thread_percentage} and {@code get_device_pinned_mem_limit} of each of {@code servers}, in that order. */
    private static List<String> questions(List<Long> servers) {
        List<String> questions = new ArrayList<>();
        for (long server : servers) {
            questions.add(percentageQuestion(server));
            questions.add(pinnedQuestion(server));
        }
        return questions;
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
        return Optional.of(new ServerLimits(server, limits(percentageQuestion(server), percentage, pinnedQuestion(server), pinned)));
    }

    /**
     * The limits of a percentage reply and a pinned-limit reply; a pinned reply {@code Unknown command "…"} (R470
     * has no pinned-memory commands) is a limit this driver does not support, not a bad reply.
     */
    private static CurrentLimits limits(String percentageCommand, String percentage, String pinnedCommand, String pinned) {
        OptionalDouble threads = OptionalDouble.of(ControlReplies.percentage(percentageCommand, percentage));
        return ControlReplies.unknownCommand(pinned) ? CurrentLimits.withoutPinnedMemLimit(threads)
                : new CurrentLimits(threads, ControlReplies.pinnedMemLimitMiB(pinnedCommand, pinned));
    }

    /**
     * The daemon's defaults now, asked in one run; for {@link LimitsService} and the start to confirm what they set.
     * A {@link CumpsException} when the daemon does not answer as documented.
     */
    static CurrentLimits defaults(MpsControl control, Path pipeDirectory, Path logDirectory) {
        String percentageCommand = "get_default_active_thread_percentage";
        String pinnedCommand = "get_default_device_pinned_mem_limit " + LimitCommands.DEVICE;
        List<String> commands = List.of(percentageCommand, pinnedCommand);
        String out = LimitCommands.askAll(control, pipeDirectory, logDirectory, commands, ControlReplies.batch(commands));
        List<String> replies = ControlReplies.split(out, commands.size()).orElseGet(() -> List.of(
                LimitCommands.ask(control, pipeDirectory, logDirectory, percentageCommand),
                LimitCommands.ask(control, pipeDirectory, logDirectory, pinnedCommand)));
        return limits(percentageCommand, replies.get(0), pinnedCommand, replies.get(1));
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
