package dev.cumps.core.live;

import dev.cumps.core.mps.MpsLimits;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Limits as a control daemon reports them now ({@code get_default_active_thread_percentage},
 * {@code get_default_device_pinned_mem_limit 0}, or the same per running server). The daemon
 * reports a percentage with a fraction ({@code 100.0}); an empty pinned limit means none is set.
 * {@code pinnedMemLimitSupported} is false when the daemon does not know the pinned-memory commands
 * (R470 answers {@code Unknown command "…"}): then no pinned limit can be set, and none is.
 */
public record CurrentLimits(OptionalDouble activeThreadPercentage, OptionalLong pinnedMemLimitMiB, boolean pinnedMemLimitSupported) {
    /** Limits of a daemon that knows both commands. */
    public CurrentLimits(OptionalDouble activeThreadPercentage, OptionalLong pinnedMemLimitMiB) {
        this(activeThreadPercentage, pinnedMemLimitMiB, true);
    }

    /** The same percentage, from a daemon that does not know the pinned-memory commands. */
    public static CurrentLimits withoutPinnedMemLimit(OptionalDouble activeThreadPercentage) {
        return new CurrentLimits(activeThreadPercentage, OptionalLong.empty(), false);
    }

    /** The percentage as people write it: {@code 25}, {@code 12.5}; empty when unknown. */
    public Optional<String> activeThreadPercentageText() {
        return activeThreadPercentage.isPresent() ? Optional.of(percentText(activeThreadPercentage.getAsDouble())) : Optional.empty();
    }

    /** The pinned memory limit as the control program writes it ({@code 8G}); empty when none is set. */
    public Optional<String> pinnedMemLimitText() {
        return pinnedMemLimitMiB.isPresent() ? Optional.of(MpsLimits.sizeText(pinnedMemLimitMiB.getAsLong())) : Optional.empty();
    }

    /**
     * Whether these values disagree with {@code recorded} for a limit the record sets (a limit the
     * record does not set is not compared: the daemon keeps NVIDIA's default for it).
     */
    public boolean differsFrom(MpsLimits recorded) {
        boolean percentage = recorded.activeThreadPercentage().isPresent() && (activeThreadPercentage.isEmpty()
                || activeThreadPercentage.getAsDouble() != recorded.activeThreadPercentage().getAsInt());
        boolean pinned = recorded.pinnedMemLimitMiB().isPresent() && (pinnedMemLimitMiB.isEmpty()
                || pinnedMemLimitMiB.getAsLong() != recorded.pinnedMemLimitMiB().getAsLong());
        return percentage || pinned;
    }

    /** {@code 100.0} as {@code 100}, {@code 12.50} as {@code 12.5}. */
    public static String percentText(double percent) {
        return BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString();
    }
}
