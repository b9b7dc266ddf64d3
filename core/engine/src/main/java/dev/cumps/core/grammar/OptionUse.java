package dev.cumps.core.grammar;

/**
 * One option as one command takes it. {@code fast} is false for an option whose forms only picocli runs (the
 * doctor's {@code --fix}, which asks before it changes anything). {@code repeatable}: the option may be given
 * more than once, each value kept in order (start's {@code --env}); any other option given twice is not a form.
 * {@code description} is the help text picocli's option is built with; empty where the command class declares the
 * option itself. {@code defaultValue} is what the command gets when the option is not given, as help shows it;
 * empty for none.
 */
public record OptionUse(CliOption option, boolean required, boolean fast, boolean repeatable, String description,
                        String defaultValue) {
    public static OptionUse optional(CliOption option) {
        return new OptionUse(option, false, true, false, "", "");
    }

    public static OptionUse required(CliOption option) {
        return new OptionUse(option, true, true, false, "", "");
    }

    public static OptionUse optional(CliOption option, String description) {
        return new OptionUse(option, false, true, false, description, "");
    }

    public static OptionUse required(CliOption option, String description) {
        return new OptionUse(option, true, true, false, description, "");
    }

    /** An optional option whose forms the fast parser leaves to picocli. */
    public static OptionUse picocliOnly(CliOption option, String description) {
        return new OptionUse(option, false, false, false, description, "");
    }

    /** An optional option that may be given any number of times ({@code --env A=1 --env B=2}). */
    public static OptionUse repeatable(CliOption option, String description) {
        return new OptionUse(option, false, true, true, description, "");
    }

    /** This use with {@code value} as its default. */
    public OptionUse withDefault(String value) {
        return new OptionUse(option, required, fast, repeatable, description, value);
    }
}
