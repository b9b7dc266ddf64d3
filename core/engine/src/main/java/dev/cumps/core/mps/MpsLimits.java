package dev.cumps.core.mps;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MPS resource limits an operator can put on a daemon, as NVIDIA documents them for the control
 * program: the default active thread percentage ({@code set_default_active_thread_percentage}, a
 * share of the GPU's SMs a client may use) and the default pinned device memory limit of its one
 * device ({@code set_default_device_pinned_mem_limit 0 SIZE}). Either may be absent (not set).
 *
 * <p>We accept a whole percentage from 1 to 100 and a size of a whole number of mebibytes or
 * gibibytes written {@code 512M} or {@code 8G} (the control program's own syntax, and that of
 * {@code CUDA_MPS_PINNED_DEVICE_MEM_LIMIT}); the text form is canonical: {@code 1024M} reads back as
 * {@code 1G}.
 */
public record MpsLimits(OptionalInt activeThreadPercentage, OptionalLong pinnedMemLimitMiB) {
    /** No limit set. */
    public static final MpsLimits NONE = new MpsLimits(OptionalInt.empty(), OptionalLong.empty());
    /** The largest size we accept: 1 PiB, far above any GPU's memory, and far from overflow. */
    public static final long MAX_MIB = 1L << 30;
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,10})([MG])");
    private static final Pattern PERCENT = Pattern.compile("[0-9]{1,3}");

    public MpsLimits {
        if (activeThreadPercentage.isPresent() && !validPercentage(activeThreadPercentage.getAsInt())) {
            throw new IllegalArgumentException("active thread percentage out of range: " + activeThreadPercentage.getAsInt());
        }
        if (pinnedMemLimitMiB.isPresent() && (pinnedMemLimitMiB.getAsLong() < 1 || pinnedMemLimitMiB.getAsLong() > MAX_MIB)) {
            throw new IllegalArgumentException("pinned memory limit out of range: " + pinnedMemLimitMiB.getAsLong());
        }
    }

    /** Whether neither limit is set. */
    public boolean isEmpty() {
        return activeThreadPercentage.isEmpty() && pinnedMemLimitMiB.isEmpty();
    }

    /** These limits with {@code other}'s set values taking precedence. */
    public MpsLimits overriddenBy(MpsLimits other) {
        return new MpsLimits(other.activeThreadPercentage.isPresent() ? other.activeThreadPercentage : activeThreadPercentage,
                other.pinnedMemLimitMiB.isPresent() ? other.pinnedMemLimitMiB : pinnedMemLimitMiB);
    }

    /** The pinned memory limit as the control program writes it ({@code 8G}, {@code 512M}). */
    public Optional<String> pinnedMemLimitText() {
        return pinnedMemLimitMiB.isPresent() ? Optional.of(sizeText(pinnedMemLimitMiB.getAsLong())) : Optional.empty();
    }

    /** {@code mib} as {@code 8G} when a whole number of GiB, else {@code 512M}. */
    public static String sizeText(long mib) {
        return mib % 1024 == 0 ? (mib / 1024) + "G" : mib + "M";
    }

    public static boolean validPercentage(int percent) {
        return percent >= 1 && percent <= 100;
    }

    /**
     * Parses an operator's percentage ({@code --active-thread-percentage 25}): a whole number from 1
     * to 100, or a {@link CumpsException} saying what to write.
     */
    public static int parsePercentage(String text) {
        String t = text.strip();
        if (!PERCENT.matcher(t).matches() || !validPercentage(Integer.parseInt(t))) {
            throw new CumpsException(Message.of(MpsText.LIMIT_PERCENTAGE_INVALID, text));
        }
        return Integer.parseInt(t);
    }

    /**
     * Parses an operator's size ({@code 8G}, {@code 512M}; a lower-case unit is accepted) into
     * mebibytes, or a {@link CumpsException} saying what to write.
     */
    public static long parseSizeMiB(String text) {
        Matcher m = SIZE.matcher(text.strip().toUpperCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CumpsException(Message.of(MpsText.LIMIT_SIZE_INVALID, text));
        }
        long mib = Long.parseLong(m.group(1)) * (m.group(2).equals("G") ? 1024 : 1);
        if (mib < 1 || mib > MAX_MIB) {
            throw new CumpsException(Message.of(MpsText.LIMIT_SIZE_INVALID, text));
        }
        return mib;
    }

    /** Limits from an operator's texts, either absent; bad text is a {@link CumpsException}. */
    public static MpsLimits parse(Optional<String> percentage, Optional<String> size) {
        return new MpsLimits(percentage.map(p -> OptionalInt.of(parsePercentage(p))).orElse(OptionalInt.empty()),
                size.map(s -> OptionalLong.of(parseSizeMiB(s))).orElse(OptionalLong.empty()));
    }
}
