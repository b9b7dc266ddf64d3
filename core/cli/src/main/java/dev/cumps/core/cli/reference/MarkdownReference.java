package dev.cumps.core.cli.reference;

import java.util.List;

/**
 * {@code docs/cli-reference.md}: a table of contents, then one section per visible command, nested
 * ones included, each with its synopsis, description, options, positional parameters, subcommands,
 * exit codes and notes; then the environment and the files.
 */
final class MarkdownReference {
    private final StringBuilder out = new StringBuilder();

    private MarkdownReference() {
    }

    static String render(CommandDoc root, String version, String regenerate) {
        MarkdownReference md = new MarkdownReference();
        md.document(root, version, regenerate);
        return md.out.toString();
    }

    private void line(String text) {
        out.append(text).append('\n');
    }

    private void document(CommandDoc root, String version, String regenerate) {
        line("# " + root.name() + " command-line reference");
        line("");
        line("<!-- Generated from the command definitions by `" + regenerate + "`; do not edit by hand. -->");
        line("");
        line("Generated from the command definitions of " + root.name() + " " + Markdown.text(version)
                + ", so it lists exactly the commands and options the program accepts. For the JSON output, the"
                + " records and worked examples, see [cli.md](cli.md); for `man " + root.name() + "`, the same text is the man"
                + " page [man/" + root.name() + ".1](man/" + root.name() + ".1).");
        line("");
        line("## Contents");
        for (CommandDoc c : root.flatten()) {
            line("  ".repeat(c.depth()) + "- [" + c.qualifiedName() + "](#" + Markdown.anchor(c.qualifiedName()) + ")");
        }
        line("- [Environment](#environment)");
        line("- [Files](#files)");
        for (CommandDoc c : root.flatten()) {
            command(c, root);
        }
        line("");
        line("## Environment");
        line("");
        table(List.of("variable", "meaning"), ReferenceProse.ENVIRONMENT.stream()
                .map(e -> List.of(Markdown.code(e.term()), Markdown.text(e.meaning()))).toList());
        line("");
        line("## Files");
        line("");
        table(List.of("path", "what it holds"), ReferenceProse.FILES.stream()
                .map(e -> List.of(Markdown.code(e.term()), Markdown.text(e.meaning()))).toList());
        line("");
        line(Markdown.text(ReferenceProse.GUIDE));
    }

    private void command(CommandDoc c, CommandDoc root) {
        line("");
        line("## " + c.qualifiedName());
        line("");
        line("```");
        line(Synopsis.plain(c.synopsis()));
        line("```");
        line("");
        paragraph(c.description());
        if (!c.options().isEmpty()) {
            line("");
            line("Options:");
            line("");
            args("option", c.options());
        }
        if (!c.positionals().isEmpty()) {
            line("");
            line("Parameters:");
            line("");
            args("parameter", c.positionals());
        }
        if (!c.inherited().isEmpty()) {
            line("");
            line("Global options: " + String.join(", ", c.inherited().stream().map(a -> Markdown.code(a.names().get(0))).toList())
                    + " (see [" + root.qualifiedName() + "](#" + Markdown.anchor(root.qualifiedName()) + ")).");
        }
        if (!c.subcommands().isEmpty()) {
            line("");
            line("Commands:");
            line("");
            table(List.of("command", "what it does"), c.subcommands().stream()
                    .map(s -> List.of("[" + s.name() + "](#" + Markdown.anchor(s.qualifiedName()) + ")",
                            Markdown.text(String.join(" ", s.description())))).toList());
        }
        if (!c.exitCodes().isEmpty()) {
            line("");
            line("Exit status:");
            line("");
            table(List.of("code", "meaning"), c.exitCodes().entrySet().stream()
                    .map(e -> List.of(e.getKey(), Markdown.text(e.getValue()))).toList());
        }
        if (c.footer().stream().anyMatch(l -> !l.isBlank())) {
            line("");
            paragraph(c.footer());
        }
    }

    /** Lines as one paragraph each, blank lines dropped. */
    private void paragraph(List<String> lines) {
        boolean first = true;
        for (String l : lines) {
            if (l.isBlank()) {
                continue;
            }
            if (!first) {
                line("");
            }
            line(Markdown.text(l.strip()));
            first = false;
        }
    }

    private void args(String kind, List<CommandDoc.Arg> args) {
        table(List.of(kind, "value", "default", "description"), args.stream().map(a -> List.of(
                String.join(", ", a.names().isEmpty() ? List.of(Markdown.code(a.label()))
                        : a.names().stream().map(Markdown::code).toList()),
                a.names().isEmpty() || a.label().isEmpty() ? "" : Markdown.code(a.label()) + (a.repeatable() ? " (repeatable)" : ""),
                a.defaultValue().isEmpty() ? "" : Markdown.code(a.defaultValue()),
                (a.required() ? "Required. " : "") + Markdown.text(String.join(" ", a.description())))).toList());
    }

    private void table(List<String> header, List<List<String>> rows) {
        line("| " + String.join(" | ", header) + " |");
        line("|" + "---|".repeat(header.size()));
        for (List<String> row : rows) {
            line("| " + String.join(" | ", row) + " |");
        }
    }
}
