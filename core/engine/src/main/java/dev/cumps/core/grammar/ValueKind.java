package dev.cumps.core.grammar;

/**
 * What an option's value must be. The fast parser checks each kind (a value it cannot check is picocli's to
 * report); picocli's converters and the commands apply the same rules.
 */
public enum ValueKind {
    /** No value: the option is a switch. */
    FLAG,
    /** Any word that is not empty, option-like or an {@code @file}; the command judges it (a name, a selector). */
    TEXT,
    /** A path that can be represented as one (no NUL, valid encoding). */
    PATH,
    /** A client pid: digits, in range. */
    PID,
    /** One of the formats of {@code cumps env --shell}. */
    SHELL,
    /** Seconds between frames of {@code cumps top}. */
    INTERVAL,
    /** An active thread percentage, 1 to 100. */
    PERCENTAGE,
    /** A memory size of digits and one unit ({@code 512M}, {@code 8G}). */
    SIZE,
    /** Whole seconds. */
    SECONDS,
    /** Whole MiB. */
    MIB,
    /** One of a fixed list of words. */
    CHOICE;

    /** Whether the option takes a value. */
    public boolean takesValue() {
        return this != FLAG;
    }
}
