package dev.cumps.core.cli.reference;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * One command of the tree as the reference shows it, read from picocli's model: its qualified name,
 * the synopsis, description, options and positional parameters, exit codes, footer and visible
 * subcommands. Hidden commands and hidden options are left out; options a command inherits from an
 * ancestor ({@code --records}, {@code --simulate}) are listed once, at the command that declares them.
 *
 * <p>Descriptions are read with picocli's variable interpolation off, so a {@code ${TMPDIR:-/tmp}}
 * stays as written instead of becoming the value in the environment of whoever generates the
 * reference; {@code ${DEFAULT-VALUE}} and {@code ${COMPLETION-CANDIDATES}} are filled in as picocli's
 * help does. So the same command definitions always give the same text.
 */
public record CommandDoc(String name, String qualifiedName, int depth, List<String> description, List<Synopsis.Part> synopsis,
                         List<Arg> options, List<Arg> positionals, List<Arg> inherited, Map<String, String> exitCodes,
                         List<String> footer, List<CommandDoc> subcommands) {

    /**
     * An option or positional parameter: its names (none for a positional), the label of its value
     * (empty for a flag), the description, the declared default value (empty when none), and whether
     * it is required, repeatable, or global (inherited by every subcommand).
     */
    public record Arg(List<String> names, String label, List<String> description, String defaultValue, boolean required,
                      boolean repeatable, boolean global) {
        /** The names joined as {@code -h, --help}; the label for a positional. */
        public String title() {
            return names.isEmpty() ? label : String.join(", ", names);
        }
    }

    /** The command and its visible subcommands, depth first, in declaration order. */
    public List<CommandDoc> flatten() {
        List<CommandDoc> all = new ArrayList<>();
        all.add(this);
        subcommands.forEach(c -> all.addAll(c.flatten()));
        return all;
    }

    /** Reads {@code spec} and its visible subcommands. */
    public static CommandDoc of(CommandSpec spec) {
        return of(spec, 0);
    }

    private static CommandDoc of(CommandSpec spec, int depth) {
        List<Arg> options = new ArrayList<>();
        List<Arg> inherited = new ArrayList<>();
        for (OptionSpec option : spec.options()) {
            if (option.hidden()) {
                continue;
            }
            (option.inherited() ? inherited : options).add(arg(spec, option, List.of(option.names())));
        }
        List<Arg> positionals = new ArrayList<>();
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) {
                positionals.add(arg(spec, p, List.of()));
            }
        }
        List<CommandDoc> subcommands = new ArrayList<>();
        for (CommandLine sub : distinct(spec.subcommands().values())) {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                subcommands.add(of(sub.getCommandSpec(), depth + 1));
            }
        }
        return new CommandDoc(spec.name(), spec.qualifiedName(), depth, raw(spec, () -> spec.usageMessage().description()),
                Synopsis.of(spec, !subcommands.isEmpty()), options, positionals, inherited, exitCodes(spec),
                raw(spec, () -> spec.usageMessage().footer()), List.copyOf(subcommands));
    }

    /** A command registered under aliases appears once in {@code subcommands()}'s values per alias. */
    private static List<CommandLine> distinct(Collection<CommandLine> all) {
        List<CommandLine> seen = new ArrayList<>();
        for (CommandLine c : all) {
            if (seen.stream().noneMatch(s -> s == c)) {
                seen.add(c);
            }
        }
        return seen;
    }

    /** The option's default: its own, else its command's default-value provider's (the fleet's {@code --timeout}), else none. */
    private static String defaultValue(CommandSpec spec, ArgSpec arg) {
        if (arg.defaultValue() != null) {
            return arg.defaultValue();
        }
        try {
            String provided = spec.defaultValueProvider() == null ? null : spec.defaultValueProvider().defaultValue(arg);
            return provided == null ? "" : provided;
        } catch (Exception e) {
            throw new IllegalStateException("the default of " + arg + " in " + spec.qualifiedName(), e);
        }
    }

    private static Arg arg(CommandSpec spec, ArgSpec arg, List<String> names) {
        String label = arg.arity().max() == 0 ? "" : arg.paramLabel();
        String defaultValue = defaultValue(spec, arg);
        List<String> description = new ArrayList<>();
        for (String line : raw(spec, arg::description)) {
            description.add(line.replace("${DEFAULT-VALUE}", defaultValue)
                    .replace("${COMPLETION-CANDIDATES}", candidates(arg)));
        }
        boolean repeatable = arg.isMultiValue() || arg.arity().max() > 1;
        boolean required = arg.required() && arg.group() == null;
        boolean global = arg.scopeType() == CommandLine.ScopeType.INHERIT;
        return new Arg(names, label, List.copyOf(description), defaultValue, required, repeatable, global);
    }

    private static String candidates(ArgSpec arg) {
        List<String> all = new ArrayList<>();
        if (arg.completionCandidates() != null) {
            arg.completionCandidates().forEach(all::add);
        }
        return String.join(", ", all);
    }

    private static Map<String, String> exitCodes(CommandSpec spec) {
        Map<String, String> codes = new LinkedHashMap<>();
        spec.usageMessage().exitCodeList().forEach((code, meaning) -> codes.put(code.strip(), PicocliMarkup.plain(meaning)));
        return codes;
    }

    /** What {@code read} returns with variable interpolation off, as plain text lines. */
    private static List<String> raw(CommandSpec spec, Supplier<String[]> read) {
        boolean before = spec.interpolateVariables();
        spec.interpolateVariables(false);
        try {
            List<String> lines = new ArrayList<>();
            for (String line : read.get()) {
                lines.addAll(List.of(PicocliMarkup.plain(line).split("\n", -1)));
            }
            return List.copyOf(lines);
        } finally {
            spec.interpolateVariables(before);
        }
    }
}
