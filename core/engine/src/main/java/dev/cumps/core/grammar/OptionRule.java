package dev.cumps.core.grammar;

/**
 * A rule between two options of one command: {@code option} excludes {@code other} ({@code excludes}), or needs it.
 * A form that breaks one is a usage error. {@code group}: the two are one exclusive argument group (start's
 * {@code --daemon | --foreground}), which picocli shows in the synopsis as {@code [--daemon | --foreground]} and
 * reports in its own words; any other rule is reported by the command's own check (through picocli), worded there.
 * (Booleans, not a nested enum: this record is read on every start, and each class initialized counts.)
 */
public record OptionRule(CliOption option, boolean excludes, CliOption other, boolean group) {
    public static OptionRule excludes(CliOption option, CliOption other) {
        return new OptionRule(option, true, other, false);
    }

    public static OptionRule needs(CliOption option, CliOption other) {
        return new OptionRule(option, false, other, false);
    }

    /** {@code option} or {@code other}, at most one: an exclusive group of the two, picocli's to report. */
    public static OptionRule oneOf(CliOption option, CliOption other) {
        return new OptionRule(option, true, other, true);
    }

    /** Whether a form holding exactly the options {@code given} (by ordinal) keeps this rule. */
    public boolean keptBy(boolean[] given) {
        boolean first = given[option.ordinal()];
        boolean second = given[other.ordinal()];
        return excludes ? !(first && second) : !first || second;
    }
}
