/**
 * Concern: the {@code cumps} command line's grammar, described once, as data (decision 0019).
 *
 * Main types: {@code CliCommand} (every command: its name, whether the fast parser runs it, the options it takes and
 * the rules between them), {@code CliOption} (every option: its name, its value's label and kind), {@code OptionUse}
 * (an option as one command takes it: optional, required, or only through picocli), {@code OptionRule} (one option
 * excludes or needs another), {@code ValueKind} (what a value must be), {@code CliGrammar} (questions over the table,
 * and the check of a command line the fleet sends to a host). Records and enums only, no lambdas: the fast parser reads
 * this table on every start of {@code cumps}.
 *
 * {@code CliForm} is one command line as {@code CliGrammar.parse} recognised it, {@code ValueCheck} whether a typed
 * value is one its {@code ValueKind} allows.
 */
package dev.cumps.core.grammar;
