package dev.cumps.core.grammar;

/**
 * One option as one command takes it. {@code fast} is false for an option whose forms only picocli runs (the
 * doctor's {@code --fix}, which asks before it changes anything). {@code description} is the help text picocli's
 * option is built with (the fast commands' options, which no annotation declares); empty where the command class
 * declares the option itself. {@code defaultValue} is what the command gets when the option is not given, as help
 * shows it; empty for none.
 */
public record OptionUse(CliOption option, boolean required, boolean fast, String description, String defaultValue) {
    public static OptionUse optional(CliOption option) {
        return new OptionUse(option, false, true, "", "");
    }

    public static OptionUse required(CliOption option) {
        return new OptionUse(option, true, true, "", "");
    }

    public static OptionUse optional(CliOption option, String description) {
        return new OptionUse(option, false, true, description, "");
    }

    public static OptionUse required(CliOption option, String description) {
        return new OptionUse(option, true, true, description, "");
    }

    /** An optional option whose forms the fast parser leaves to picocli. */
    public static OptionUse picocliOnly(CliOption option, String description) {
        return new OptionUse(option, false, false, description, "");
    }

    /** This use with {@code value} as its default. */
    public OptionUse withDefault(String value) {
        return new OptionUse(option, required, fast, description, value);
    }
}
