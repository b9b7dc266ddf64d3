/**
 * Concern: the command reference, from picocli's model.
 *
 * Main types: {@code CliReference} ({@code markdown()} → {@code docs/cli-reference.md}, {@code manPage()} →
 * {@code docs/man/cumps.1}) over {@code CommandDoc} (each visible command: {@code Synopsis}, options, positionals, exit
 * codes, footer; descriptions read with picocli's interpolation off so {@code ${TMPDIR:-/tmp}} stays as written),
 * {@code MarkdownReference} + {@code Markdown} (escaping), {@code ManPage} + {@code Roff} (escaping),
 * {@code ReferenceProse} (environment, files, see also: what the model cannot say); generic over the tree, no code per
 * command; uses only picocli.
 *
 * {@code PicocliMarkup} turns picocli's description text into plain text (markup dropped, {@code %n} a line break).
 */
package dev.cumps.core.cli.reference;
