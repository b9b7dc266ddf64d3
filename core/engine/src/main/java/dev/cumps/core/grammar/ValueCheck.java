package dev.cumps.core.grammar;

/**
 * Whether a value typed for an option is one its {@link ValueKind} allows. The CLI's fast parser checks every
 * kind as picocli's converters and the commands do; {@link CliGrammar#plainValues()} checks only that a value is a
 * plain word, for command lines whose values were validated where they were built.
 */
public interface ValueCheck {
    boolean accepts(ValueKind kind, String value);
}
