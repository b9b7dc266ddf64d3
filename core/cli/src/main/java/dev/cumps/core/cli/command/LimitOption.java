package dev.cumps.core.cli.command;

import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.MpsLimits;
import java.util.OptionalInt;
import java.util.OptionalLong;
import picocli.CommandLine;

/**
 * The converters of the limit options ({@code start --active-thread-percentage}, {@code --pinned-mem-limit},
 * {@code limits --set-...}): {@link MpsLimits}' rules, so a bad value is a usage error (exit 2) before
 * anything runs. Picocli prefixes the message with the option's name.
 */
public final class LimitOption {
    private LimitOption() {
    }

    /** The limits two such options gave (each null when absent); their converters already checked them. */
    public static MpsLimits limits(Integer percentage, Long pinnedMiB) {
        return new MpsLimits(percentage == null ? OptionalInt.empty() : OptionalInt.of(percentage),
                pinnedMiB == null ? OptionalLong.empty() : OptionalLong.of(pinnedMiB));
    }

    /** {@code --set-active-thread-percentage} of a parsed form, null when absent (picocli's converter or the fast parser checked it). */
    static Integer setPercentage(CliForm form) {
        String percentage = form.value(CliOption.SET_ACTIVE_THREAD_PERCENTAGE);
        return percentage == null ? null : MpsLimits.parsePercentage(percentage);
    }

    /** {@code --set-pinned-mem-limit} of a parsed form in MiB, null when absent. */
    static Long setPinnedMiB(CliForm form) {
        String pinned = form.value(CliOption.SET_PINNED_MEM_LIMIT);
        return pinned == null ? null : MpsLimits.parseSizeMiB(pinned);
    }

    /** A whole percentage from 1 to 100. */
    public static final class Percentage implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                return MpsLimits.parsePercentage(value);
            } catch (CumpsException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** A size such as {@code 8G} or {@code 512M}, in MiB. */
    public static final class Size implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return MpsLimits.parseSizeMiB(value);
            } catch (CumpsException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
