package dev.cumps.core.grammar;

/**
 * A rule between two options of one command: {@code option} excludes {@code other} ({@code excludes}), or needs it.
 * A form that breaks one is a usage error, reported by the command's own check (through picocli), worded there.
 * (A boolean, not a nested enum: this record is read on every start, and each class initialized counts.)
 */
public record OptionRule(CliOption option, boolean excludes, CliOption other) {
    public static OptionRule excludes(CliOption option, CliOption other) {
        return new OptionRule(option, true, other);
    }

    public static OptionRule needs(CliOption option, CliOption other) {
        return new OptionRule(option, false, other);
    }

    /** Whether a form holding exactly the options {@code given} (by ordinal) keeps this rule. */
    public boolean keptBy(boolean[] given) {
        boolean first = given[option.ordinal()];
        boolean second = given[other.ordinal()];
        return excludes ? !(first && second) : !first || second;
    }
}
