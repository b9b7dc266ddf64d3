package dev.cumps.core.cli.reference;

import picocli.CommandLine.Model.CommandSpec;

/**
 * The command-line reference and the man page, generated from picocli's model of the command tree,
 * so neither can drift from what the program accepts: {@code docs/cli-reference.md} and
 * {@code docs/man/cumps.1} are this class's output, committed and compared byte for byte by
 * {@code CliReferenceTest}. Generic over the tree: a new command appears with no code here.
 */
public final class CliReference {
    /** How to regenerate both files, as the generated files and the drift test say it. */
    public static final String REGENERATE_MARKDOWN = "cumps reference --format markdown > docs/cli-reference.md";
    public static final String REGENERATE_MAN = "cumps reference --format man > docs/man/cumps.1";

    private final CommandDoc root;
    private final String version;

    /** {@code root}: the top command with its subcommands registered; {@code version}: the build's version. */
    public CliReference(CommandSpec root, String version) {
        this.root = CommandDoc.of(root);
        this.version = version;
    }

    /** The command tree as the reference reads it (hidden commands and options left out). */
    public CommandDoc commands() {
        return root;
    }

    public String markdown() {
        return MarkdownReference.render(root, version, REGENERATE_MARKDOWN);
    }

    public String manPage() {
        return ManPage.render(root, version, REGENERATE_MAN);
    }
}
