package dev.cumps.core.grammar;

/**
 * One option as one command takes it. {@code fast} is false for an option whose forms only picocli runs (the
 * doctor's {@code --fix}, which asks before it changes anything).
 */
public record OptionUse(CliOption option, boolean required, boolean fast) {
    public static OptionUse optional(CliOption option) {
        return new OptionUse(option, false, true);
    }

    public static OptionUse required(CliOption option) {
        return new OptionUse(option, true, true);
    }

    /** An optional option whose forms the fast parser leaves to picocli. */
    public static OptionUse picocliOnly(CliOption option) {
        return new OptionUse(option, false, false);
    }
}
