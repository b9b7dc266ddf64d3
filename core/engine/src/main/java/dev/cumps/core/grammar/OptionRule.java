package dev.cumps.core.grammar;

/**
 * A rule between two options of one command: {@code option} excludes {@code other}, or needs it. A form that
 * breaks one is a usage error, reported by the command's own check (through picocli), worded there.
 */
public record OptionRule(Kind kind, CliOption option, CliOption other) {
    /** How the two options relate. */
    public enum Kind {
        EXCLUDES,
        NEEDS
    }

    public static OptionRule excludes(CliOption option, CliOption other) {
        return new OptionRule(Kind.EXCLUDES, option, other);
    }

    public static OptionRule needs(CliOption option, CliOption other) {
        return new OptionRule(Kind.NEEDS, option, other);
    }

    /** Whether a form holding exactly the options {@code given} (by ordinal) keeps this rule. */
    public boolean keptBy(boolean[] given) {
        boolean first = given[option.ordinal()];
        boolean second = given[other.ordinal()];
        return kind == Kind.EXCLUDES ? !(first && second) : !first || second;
    }
}
