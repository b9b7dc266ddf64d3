package dev.cumps.core.cli.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code docs/man/cumps.1}, man(7) source: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, COMMANDS (each
 * visible command with its synopsis, description, options and exit codes), ENVIRONMENT, FILES,
 * EXIT STATUS and SEE ALSO. No date: the page depends only on the command definitions and the
 * version, so regenerating it changes nothing until they change.
 */
final class ManPage {
    private final List<String> lines = new ArrayList<>();

    private ManPage() {
    }

    static String render(CommandDoc root, String version, String regenerate) {
        ManPage page = new ManPage();
        page.document(root, version, regenerate);
        return String.join("\n", page.lines) + "\n";
    }

    private void document(CommandDoc root, String version, String regenerate) {
        String name = root.name();
        lines.add(".\\\" Generated from the command definitions by `" + regenerate + "`; do not edit by hand.");
        lines.add(".TH " + name.toUpperCase(Locale.ROOT) + " 1 \"\" " + Roff.quoted(name + " " + version) + " \"User Commands\"");
        // No hyphenation and no stretched lines: option names and paths stay whole and searchable.
        lines.add(".nh");
        lines.add(".ad l");
        lines.add(".SH NAME");
        lines.add(Roff.literal(name) + " \\- " + Roff.text(summary(root.description())));
        lines.add(".SH SYNOPSIS");
        lines.add(synopsis(root.synopsis()));
        lines.add(".SH DESCRIPTION");
        paragraphs(root.description());
        paragraphs(root.footer());
        if (!root.options().isEmpty()) {
            lines.add(".SH OPTIONS");
            args(root.options());
        }
        if (root.flatten().size() > 1) {
            lines.add(".SH COMMANDS");
            List<String> globals = root.options().stream().filter(CommandDoc.Arg::global)
                    .map(a -> "`" + a.names().get(0) + "`").toList();
            if (!globals.isEmpty()) {
                lines.add(Roff.text("The global options (" + String.join(", ", globals)
                        + ") may also follow the command's name."));
            }
            root.flatten().stream().skip(1).forEach(this::command);
        }
        lines.add(".SH ENVIRONMENT");
        ReferenceProse.ENVIRONMENT.forEach(e -> item("\\fB" + Roff.literal(e.term()) + "\\fR", e.meaning()));
        lines.add(".SH FILES");
        ReferenceProse.FILES.forEach(e -> item("\\fI" + Roff.literal(e.term()) + "\\fR", e.meaning()));
        if (!root.exitCodes().isEmpty()) {
            lines.add(".SH \"EXIT STATUS\"");
            exitCodes(root.exitCodes());
        }
        lines.add(".SH \"SEE ALSO\"");
        List<ReferenceProse.Entry> seeAlso = ReferenceProse.SEE_ALSO;
        for (int i = 0; i < seeAlso.size(); i++) {
            lines.add(".BR " + Roff.literal(seeAlso.get(i).term()) + " (" + seeAlso.get(i).meaning() + ")"
                    + (i < seeAlso.size() - 1 ? "," : ""));
        }
        lines.add(".PP");
        lines.add(Roff.text(ReferenceProse.GUIDE));
    }

    /** The NAME line's summary: the description's first line, lower-case start, no final full stop. */
    private static String summary(List<String> description) {
        String first = description.isEmpty() ? "" : description.get(0).strip();
        if (first.endsWith(".")) {
            first = first.substring(0, first.length() - 1);
        }
        return first.isEmpty() ? first : Character.toLowerCase(first.charAt(0)) + first.substring(1);
    }

    private void command(CommandDoc c) {
        lines.add(".SS " + Roff.quoted(c.qualifiedName()));
        lines.add(synopsis(c.synopsis()));
        paragraphs(c.description());
        if (!c.positionals().isEmpty()) {
            lines.add(".PP");
            lines.add("Parameters:");
            args(c.positionals());
        }
        if (!c.options().isEmpty()) {
            lines.add(".PP");
            lines.add("Options:");
            args(c.options());
        }
        if (!c.exitCodes().isEmpty()) {
            lines.add(".PP");
            lines.add("Exit status:");
            exitCodes(c.exitCodes());
        }
        paragraphs(c.footer());
    }

    /** The synopsis as one filled line; each bracketed part is held together by unbreakable spaces. */
    private static String synopsis(List<Synopsis.Part> parts) {
        List<String> words = new ArrayList<>();
        for (Synopsis.Part part : parts) {
            if (!part.literal().isEmpty()) {
                words.add("\\fB" + Roff.literal(part.literal()) + "\\fR");
                continue;
            }
            List<String> alternatives = new ArrayList<>();
            for (Synopsis.Choice choice : part.choices()) {
                String name = choice.name().isEmpty() ? "" : "\\fB" + Roff.literal(choice.name()) + "\\fR";
                String label = choice.label().isEmpty() ? "" : "\\fI" + Roff.literal(choice.label().replace(' ', '\u00a0')) + "\\fR";
                alternatives.add(name.isEmpty() || label.isEmpty() ? name + label : name + "\\ " + label);
            }
            String inner = String.join("\\ |\\ ", alternatives);
            words.add((part.optional() ? "[" + inner + "]" : part.choices().size() > 1 ? "(" + inner + ")" : inner)
                    + (part.repeatable() ? "..." : ""));
        }
        return String.join(" ", words).replace("\\[u00A0]", "\\ ");
    }

    private void paragraphs(List<String> text) {
        for (String line : text) {
            if (!line.isBlank()) {
                lines.add(".PP");
                lines.add(Roff.text(line.strip()));
            }
        }
    }

    private void args(List<CommandDoc.Arg> args) {
        for (CommandDoc.Arg a : args) {
            List<String> names = new ArrayList<>();
            a.names().forEach(n -> names.add("\\fB" + Roff.literal(n) + "\\fR"));
            String label = a.label().isEmpty() ? "" : "\\fI" + Roff.literal(a.label()) + "\\fR";
            String title = names.isEmpty() ? label : String.join(", ", names) + (label.isEmpty() ? "" : " " + label);
            String description = String.join(" ", a.description());
            String defaultNote = a.defaultValue().isEmpty() || description.toLowerCase(Locale.ROOT).contains("default")
                    ? "" : " (default: `" + a.defaultValue() + "`)";
            item(title + (a.repeatable() ? " ..." : ""), (a.required() ? "Required. " : "") + description + defaultNote);
        }
    }

    private void exitCodes(Map<String, String> codes) {
        codes.forEach((code, meaning) -> item(Roff.literal(code), meaning));
    }

    /** A tagged paragraph: {@code tag} is roff already, {@code text} is plain text. */
    private void item(String tag, String text) {
        lines.add(".TP");
        lines.add(tag);
        lines.add(Roff.text(text));
    }
}
