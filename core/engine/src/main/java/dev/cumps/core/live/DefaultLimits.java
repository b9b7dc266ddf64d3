package dev.cumps.core.live;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.LimitCommands;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.MpsLimits;
import java.nio.file.Path;

/**
 * Sets a daemon's default limits and reads them back: a limit counts as applied only when the daemon
 * then reports it, so that a record (written by the caller afterwards) holds only values the daemon
 * confirmed. A command the driver branch does not know ({@code Unknown command "…"}: R470 has no
 * pinned-memory commands) fails before anything else is sent ({@link LimitCommands#defaults} puts it
 * first); a value the daemon took but does not report fails too. Both are {@link CumpsException}s.
 */
public final class DefaultLimits {
    private DefaultLimits() {
    }

    /** Applies {@code limits} (those set) as the defaults of the daemon serving {@code pipeDirectory}, confirmed. */
    public static void apply(MpsControl control, Path pipeDirectory, Path logDirectory, MpsLimits limits) {
        if (limits.isEmpty()) {
            return;
        }
        LimitCommands.send(control, pipeDirectory, logDirectory, LimitCommands.defaults(limits));
        CurrentLimits now = LimitQuestions.defaults(control, pipeDirectory, logDirectory);
        if (limits.pinnedMemLimitMiB().isPresent()) {
            String wanted = limits.pinnedMemLimitText().orElseThrow();
            if (!now.pinnedMemLimitSupported() || now.pinnedMemLimitMiB().isEmpty()
                    || now.pinnedMemLimitMiB().getAsLong() != limits.pinnedMemLimitMiB().getAsLong()) {
                throw new CumpsException(Message.of(LiveMessages.LIMIT_NOT_CONFIRMED, LimitCommands.defaults(limits).get(0),
                        now.pinnedMemLimitText().<Object>map(t -> t).orElseGet(() -> Message.of(LiveMessages.NOT_SET)), wanted));
            }
        }
        if (limits.activeThreadPercentage().isPresent()) {
            int wanted = limits.activeThreadPercentage().getAsInt();
            if (now.activeThreadPercentage().isEmpty() || now.activeThreadPercentage().getAsDouble() != wanted) {
                throw new CumpsException(Message.of(LiveMessages.LIMIT_NOT_CONFIRMED, "set_default_active_thread_percentage " + wanted,
                        now.activeThreadPercentageText().<Object>map(t -> t).orElseGet(() -> Message.of(LiveMessages.NOT_SET)),
                        String.valueOf(wanted)));
            }
        }
    }
}
