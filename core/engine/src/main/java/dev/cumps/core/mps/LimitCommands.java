package dev.cumps.core.mps;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The control program's commands that put {@link MpsLimits} on a daemon, after NVIDIA MPS
 * documentation, "Appendix: Tools and Interface Reference": {@code set_default_active_thread_percentage
 * <percentage>} and {@code set_default_device_pinned_mem_limit <dev> <value>} for servers started
 * from now on, {@code set_active_thread_percentage <PID> <percentage>} and
 * {@code set_device_pinned_mem_limit <PID> <dev> <value>} for a running server. The device is always
 * {@value #DEVICE}: a managed daemon sees only its one GPU ({@code CUDA_VISIBLE_DEVICES} is that GPU's UUID).
 * Used by {@code start} (defaults, right after readiness) and {@code limits --set-*} (defaults and
 * every running server); each command is one run of the control program on stdin, bounded by
 * {@link MpsControl}'s timeout.
 */
public final class LimitCommands {
    /** The device index every managed daemon sees its one GPU as. */
    public static final String DEVICE = "0";
    /** What the control daemon answers to a command it does not know or cannot take. */
    public static final String INVALID_COMMAND = "Invalid command";

    private LimitCommands() {
    }

    /**
     * The commands that set the daemon's defaults to {@code limits} (none for a limit not set). The pinned
     * memory limit goes first: R470 does not know it ({@code Unknown command "…"}), and its refusal then
     * leaves the daemon as it was.
     */
    public static List<String> defaults(MpsLimits limits) {
        List<String> commands = new ArrayList<>();
        limits.pinnedMemLimitText().ifPresent(s -> commands.add("set_default_device_pinned_mem_limit " + DEVICE + " " + s));
        limits.activeThreadPercentage().ifPresent(p -> commands.add("set_default_active_thread_percentage " + p));
        return commands;
    }

    /** The commands that set the running server {@code server} to {@code limits} (pinned first, as {@link #defaults}). */
    public static List<String> forServer(long server, MpsLimits limits) {
        List<String> commands = new ArrayList<>();
        limits.pinnedMemLimitText().ifPresent(s -> commands.add("set_device_pinned_mem_limit " + server + " " + DEVICE + " " + s));
        limits.activeThreadPercentage().ifPresent(p -> commands.add("set_active_thread_percentage " + server + " " + p));
        return commands;
    }

    /**
     * Sends {@code commands} in order to the daemon serving {@code pipeDirectory}; the first one that
     * is not accepted (no answer in time, no daemon, a failed run, {@value #INVALID_COMMAND}, or
     * {@code Unknown command "…"}: this driver branch lacks it) ends it with a {@link CumpsException}
     * naming the command, and the rest are not sent.
     */
    public static void send(MpsControl control, Path pipeDirectory, Path logDirectory, List<String> commands) {
        for (String command : commands) {
            CommandResult result = control.ask(pipeDirectory, logDirectory, command);
            check(command, result);
            var unknown = MpsControl.unknownCommand(result.stdout());
            if (unknown.isPresent()) {
                throw new CumpsException(Message.of(MpsMessages.LIMIT_NOT_SUPPORTED, unknown.get(), result.stdout().strip()));
            }
        }
    }

    /**
     * The reply of a question ({@code get_...}) that was answered, or a {@link CumpsException} saying why not.
     * {@code Unknown command "…"} is an answer (the caller tells a missing capability from a value).
     */
    public static String ask(MpsControl control, Path pipeDirectory, Path logDirectory, String command) {
        CommandResult result = control.ask(pipeDirectory, logDirectory, command);
        check(command, result);
        return result.stdout();
    }

    /**
     * The output of one run asking {@code commands} together ({@code stdin}, see {@code ControlReplies.batch}), or a
     * {@link CumpsException} saying why not that names the first command (the one a daemon that does not answer left
     * unanswered first), as when each is asked alone.
     */
    public static String askAll(MpsControl control, Path pipeDirectory, Path logDirectory, List<String> commands, String stdin) {
        CommandResult result = control.ask(pipeDirectory, logDirectory, stdin);
        check(commands.get(0), result);
        return result.stdout();
    }

    private static void check(String command, CommandResult result) {
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            throw new CumpsException(Message.of(MpsMessages.LIMIT_NOT_ANSWERED, command));
        }
        if (MpsControl.foundNoDaemon(result)) {
            throw new CumpsException(Message.of(MpsMessages.LIMIT_NO_DAEMON, command));
        }
        if (!result.succeeded()) {
            throw new CumpsException(Message.of(MpsMessages.LIMIT_COMMAND_FAILED, command, result.failureMessage()));
        }
        if (result.stdout().contains(INVALID_COMMAND)) {
            throw new CumpsException(Message.of(MpsMessages.LIMIT_COMMAND_REFUSED, command, INVALID_COMMAND));
        }
    }
}
