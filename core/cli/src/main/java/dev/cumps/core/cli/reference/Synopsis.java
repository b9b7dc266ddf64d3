package dev.cumps.core.cli.reference;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A command's synopsis as parts, so each renderer can mark names and labels its own way:
 * {@code cumps start [--gpus SEL] ... [--daemon | --foreground]}. Options a command inherits are
 * shown once as {@code [GLOBAL OPTIONS]} after the root's name; each option by its shortest name.
 */
public final class Synopsis {
    /** What the synopsis calls a subcommand and the inherited options. */
    public static final String COMMAND = "COMMAND";
    public static final String GLOBAL_OPTIONS = "GLOBAL OPTIONS";

    private Synopsis() {
    }

    /**
     * One element: a word of the command's name ({@code literal}), or one or more alternatives
     * ({@code --daemon | --foreground}), optional ({@code [...]}) or not, repeatable ({@code ...}) or not.
     */
    public record Part(String literal, List<Choice> choices, boolean optional, boolean repeatable) {
        static Part word(String literal) {
            return new Part(literal, List.of(), false, false);
        }
    }

    /** An option's name and the label of its value (either may be empty: a flag; a positional or a placeholder). */
    public record Choice(String name, String label) {
    }

    static List<Part> of(CommandSpec spec, boolean hasSubcommands) {
        List<Part> parts = new ArrayList<>();
        List<String> words = List.of(spec.qualifiedName().split(" "));
        for (int i = 0; i < words.size(); i++) {
            parts.add(Part.word(words.get(i)));
            if (i == 0 && words.size() > 1 && spec.options().stream().anyMatch(o -> o.inherited() && !o.hidden())) {
                parts.add(new Part("", List.of(new Choice("", GLOBAL_OPTIONS)), true, false));
            }
        }
        Set<ArgSpec> grouped = new HashSet<>();
        spec.argGroups().forEach(g -> grouped.addAll(g.options()));
        List<OptionSpec> helpOptions = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (o.hidden() || o.inherited() || grouped.contains(o)) {
                continue;
            }
            if (o.usageHelp() || o.versionHelp()) {
                helpOptions.add(o);
            } else {
                parts.add(new Part("", List.of(choice(o)), !o.required(), o.isMultiValue()));
            }
        }
        for (ArgGroupSpec group : spec.argGroups()) {
            List<Choice> choices = new ArrayList<>();
            group.options().stream().filter(o -> !o.hidden()).forEach(o -> choices.add(choice(o)));
            boolean optional = group.multiplicity().min() == 0;
            if (group.exclusive()) {
                parts.add(new Part("", choices, optional, group.multiplicity().max() > 1));
            } else {
                choices.forEach(c -> parts.add(new Part("", List.of(c), optional, false)));
            }
        }
        helpOptions.forEach(o -> parts.add(new Part("", List.of(choice(o)), true, false)));
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) {
                parts.add(new Part("", List.of(new Choice("", p.paramLabel())), p.arity().min() == 0, p.arity().max() > 1));
            }
        }
        if (hasSubcommands) {
            parts.add(new Part("", List.of(new Choice("", COMMAND)), false, false));
        }
        return List.copyOf(parts);
    }

    private static Choice choice(OptionSpec o) {
        boolean flag = o.arity().max() == 0;
        return new Choice(o.shortestName(), flag ? "" : o.paramLabel());
    }

    /** The synopsis as plain text: {@code cumps start [--gpus SEL] [--daemon | --foreground]}. */
    public static String plain(List<Part> parts) {
        List<String> words = new ArrayList<>();
        for (Part part : parts) {
            if (!part.literal().isEmpty()) {
                words.add(part.literal());
                continue;
            }
            List<String> alternatives = new ArrayList<>();
            for (Choice c : part.choices()) {
                alternatives.add(c.name().isEmpty() ? c.label() : c.label().isEmpty() ? c.name() : c.name() + " " + c.label());
            }
            String inner = String.join(" | ", alternatives);
            words.add((part.optional() ? "[" + inner + "]" : part.choices().size() > 1 ? "(" + inner + ")" : inner)
                    + (part.repeatable() ? "..." : ""));
        }
        return String.join(" ", words);
    }
}
