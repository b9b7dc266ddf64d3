package dev.cumps.core.cli;

import dev.cumps.core.cli.command.EnvCommand;
import dev.cumps.core.cli.command.LimitOption;
import dev.cumps.core.cli.command.PathOption;
import dev.cumps.core.cli.command.PidOption;
import dev.cumps.core.cli.command.RootCommand;
import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.grammar.OptionUse;
import dev.cumps.core.grammar.ValueKind;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * picocli's side of the grammar table for the fast commands: their options are built from the table's rows
 * (name, label, required, description, default, and per {@link ValueKind} the type, converter and completion
 * candidates the help, the completion script, the man page and the usage errors need), and a line picocli
 * parsed runs through the same {@link CliForm} and command objects as the fast parser's. Only picocli loads
 * this class: help, errors and the forms the fast parser leaves to it.
 */
final class TableOptions {
    private TableOptions() {
    }

    /**
     * The picocli command of {@code command} (a fast command's object, whose class declares no option): its
     * options from the table's row, then the help and version options, as an annotated class would list them.
     */
    static CommandLine of(Object command, CliCommand row) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        for (OptionUse u : row.options()) {
            spec.addOption(option(u));
        }
        spec.mixinStandardHelpOptions(true);
        return new CommandLine(spec);
    }

    private static OptionSpec option(OptionUse use) {
        CliOption o = use.option();
        OptionSpec.Builder b = OptionSpec.builder(o.optionName()).required(use.required()).description(use.description());
        if (!use.defaultValue().isEmpty()) {
            b.defaultValue(use.defaultValue());
        }
        ValueKind kind = o.value();
        if (kind == ValueKind.FLAG) {
            return b.type(boolean.class).build(); // arity left to picocli, as for a boolean field: --json=true is taken
        }
        b.paramLabel(o.label()).type(String.class);
        if (kind == ValueKind.PATH) {
            b.type(Path.class).converters(new PathOption());
        } else if (kind == ValueKind.PID) {
            b.type(long.class).converters(new PidOption());
        } else if (kind == ValueKind.PERCENTAGE) {
            b.type(Integer.class).converters(new LimitOption.Percentage());
        } else if (kind == ValueKind.SIZE) {
            b.type(Long.class).converters(new LimitOption.Size());
        } else if (kind == ValueKind.SHELL) {
            b.completionCandidates(new EnvCommand.Formats());
        }
        return b.build();
    }

    /**
     * Makes {@code top} run what it parses for a fast command through its form. Installed here, not in {@link Cli}: a
     * class that names {@link Execution} where picocli's interface is expected makes the verifier load that
     * interface from the jar (a Java 5 class file the AOT cache cannot hold) on every start, also the fast path's.
     */
    static void runForms(CommandLine top, RootCommand root) {
        top.setExecutionStrategy(new Execution(root));
    }

    /** The form picocli parsed, when its command is a fast one and no help was asked for; else null. */
    static CliForm form(ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            if (leaf.isUsageHelpRequested() || leaf.isVersionHelpRequested()) {
                return null;
            }
            leaf = leaf.subcommand();
        }
        CliCommand command = CliCommand.named(leaf.commandSpec().qualifiedName().substring("cumps ".length()));
        if (command == null || !command.fast() || leaf.isUsageHelpRequested() || leaf.isVersionHelpRequested()) {
            return null;
        }
        String[] values = new String[CliOption.values().length];
        for (OptionSpec matched : leaf.matchedOptions()) {
            CliOption o = CliOption.named(matched.longestName());
            if (o != null && o.value() == ValueKind.FLAG) {
                values[o.ordinal()] = Boolean.TRUE.equals(matched.getValue()) ? "" : null; // --json=false is not given
            } else if (o != null) {
                List<String> typed = matched.originalStringValues();
                values[o.ordinal()] = typed.get(typed.size() - 1);
            }
        }
        return new CliForm(command, null, values);
    }

    /**
     * Runs what picocli parsed: a fast command through its {@link CliForm} ({@link FastPath#command}), anything
     * else (help, version, the commands picocli runs itself) as picocli does.
     */
    static final class Execution implements CommandLine.IExecutionStrategy {
        private final RootCommand root;

        Execution(RootCommand root) {
            this.root = root;
        }

        @Override
        public int execute(ParseResult parsed) {
            CliForm form = parsed.hasSubcommand() ? form(parsed) : null;
            if (form == null) {
                return new CommandLine.RunLast().execute(parsed);
            }
            ParseResult leaf = parsed;
            while (leaf.hasSubcommand()) {
                leaf = leaf.subcommand();
            }
            try {
                return FastPath.command(root, form).call();
            } catch (CommandLine.ParameterException e) {
                throw e;
            } catch (Exception e) {
                throw new CommandLine.ExecutionException(leaf.commandSpec().commandLine(), String.valueOf(e.getMessage()), e);
            }
        }
    }
}
