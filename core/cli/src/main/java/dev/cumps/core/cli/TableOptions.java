package dev.cumps.core.cli;

import dev.cumps.core.cli.command.AttachClientCommand;
import dev.cumps.core.cli.command.ChoiceOption;
import dev.cumps.core.cli.command.EnvCommand;
import dev.cumps.core.cli.command.FleetCommand;
import dev.cumps.core.cli.command.HostsCommand;
import dev.cumps.core.cli.command.LimitOption;
import dev.cumps.core.cli.command.PathOption;
import dev.cumps.core.cli.command.PidOption;
import dev.cumps.core.cli.command.ReferenceCommand;
import dev.cumps.core.cli.command.RootCommand;
import dev.cumps.core.cli.command.StartCommand;
import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.grammar.OptionRule;
import dev.cumps.core.grammar.OptionUse;
import dev.cumps.core.grammar.ValueKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * picocli's side of the grammar table for every command that takes an option or a parameter (the fast commands,
 * {@code start}, {@code attach-client}, {@code reference}, {@code hosts add|remove} and {@code fleet}'s five):
 * their options and parameter are built from the table's rows
 * (name, label, required, description, default, and per {@link ValueKind} the type, converter and completion
 * candidates the help, the completion script, the man page and the usage errors need), and a line picocli
 * parsed runs through the same {@link CliForm} and command objects as the fast parser's. Only picocli loads
 * this class: help, errors and the forms the fast parser leaves to it.
 */
final class TableOptions {
    private TableOptions() {
    }

    /**
     * The picocli command of {@code command} (a command object whose class declares no option): its options from
     * the table's row, each {@link OptionRule#oneOf} pair as an exclusive group after them, then the help and
     * version options, as an annotated class would list them.
     */
    static CommandLine of(Object command, CliCommand row) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        for (OptionUse u : row.options()) {
            if (!grouped(row, u.option())) {
                spec.addOption(option(u, false));
            }
        }
        if (!row.parameter().isEmpty()) {
            spec.addPositional(PositionalParamSpec.builder().index("0").arity("1").required(true).paramLabel(row.parameter())
                    .description(row.parameterDescription()).type(String.class).build());
        }
        for (OptionRule r : row.rules()) {
            if (r.group()) {
                spec.addArgGroup(ArgGroupSpec.builder().exclusive(true).multiplicity("0..1")
                        .addArg(option(row.use(r.option()), true)).addArg(option(row.use(r.other()), true)).build());
            }
        }
        spec.mixinStandardHelpOptions(true);
        return new CommandLine(spec);
    }

    /** Whether {@code option} belongs to one of {@code row}'s exclusive groups. */
    private static boolean grouped(CliCommand row, CliOption option) {
        for (OptionRule r : row.rules()) {
            if (r.group() && (r.option() == option || r.other() == option)) {
                return true;
            }
        }
        return false;
    }

    /** An option of an exclusive group is required within its group, as picocli makes an annotated one. */
    private static OptionSpec option(OptionUse use, boolean inGroup) {
        CliOption o = use.option();
        OptionSpec.Builder b = OptionSpec.builder(o.optionName()).required(use.required() || inGroup).description(use.description());
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
        } else if (kind == ValueKind.MIB) {
            b.type(long.class); // picocli's own conversion and its words for a value that is not a number
        } else if (kind == ValueKind.SECONDS) {
            b.type(int.class); // the same, "is not an int"; the range is the command's (fleet's --timeout)
        } else if (kind == ValueKind.CHOICE) {
            b.completionCandidates(o.choices()).converters(new ChoiceOption(o.choices()));
        }
        if (use.repeatable()) {
            b.auxiliaryTypes(b.type()).type(List.class); // a List of the kind's type, as for an annotated List field
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

    /**
     * Whether picocli's options of {@code command} are built from its row ({@link #of}), so that it runs from its
     * form: every command that takes an option or a parameter. ({@code hosts}, {@code hosts list}, {@code fleet},
     * {@code completion} and {@code reset} take neither, and run as picocli runs them.)
     */
    static boolean fromTable(CliCommand command) {
        return command != CliCommand.ROOT && (!command.options().isEmpty() || !command.parameter().isEmpty());
    }

    /** The command object that runs {@code form}, which picocli parsed ({@code top}: the whole command line). */
    static Callable<Integer> command(CommandLine top, RootCommand root, CliForm form) {
        CliCommand c = form.command();
        if (c == CliCommand.START) {
            return StartCommand.of(root, form);
        } else if (c == CliCommand.ATTACH_CLIENT) {
            return AttachClientCommand.of(root, form);
        } else if (c == CliCommand.REFERENCE) {
            return ReferenceCommand.of(top, form);
        } else if (c == CliCommand.HOSTS_ADD) {
            return HostsCommand.AddCommand.of(root, form);
        } else if (c == CliCommand.HOSTS_REMOVE) {
            return HostsCommand.RemoveCommand.of(root, form);
        } else if (c == CliCommand.FLEET_STATUS) {
            return FleetCommand.StatusCommand.of(root, form);
        } else if (c == CliCommand.FLEET_START) {
            return FleetCommand.StartCommand.of(root, form);
        } else if (c == CliCommand.FLEET_STOP) {
            return FleetCommand.StopCommand.of(root, form);
        } else if (c == CliCommand.FLEET_LIMITS) {
            return FleetCommand.LimitsCommand.of(root, form);
        } else if (c == CliCommand.FLEET_DOCTOR) {
            return FleetCommand.DoctorCommand.of(root, form);
        }
        return FastPath.command(root, form);
    }

    /** The form picocli parsed, when its command is built from the table and no help was asked for; else null. */
    static CliForm form(ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            if (leaf.isUsageHelpRequested() || leaf.isVersionHelpRequested()) {
                return null;
            }
            leaf = leaf.subcommand();
        }
        CliCommand command = CliCommand.named(leaf.commandSpec().qualifiedName().substring("cumps ".length()));
        if (command == null || !fromTable(command) || leaf.isUsageHelpRequested() || leaf.isVersionHelpRequested()) {
            return null;
        }
        String[] values = new String[CliOption.values().length];
        List<String> repeated = new ArrayList<>();
        for (OptionSpec matched : leaf.matchedOptions()) {
            CliOption o = CliOption.named(matched.longestName());
            if (o != null && o.value() == ValueKind.FLAG) {
                values[o.ordinal()] = Boolean.TRUE.equals(matched.getValue()) ? "" : null; // --json=false is not given
            } else if (o != null) {
                List<String> typed = matched.originalStringValues();
                values[o.ordinal()] = typed.get(typed.size() - 1);
                if (command.use(o).repeatable()) {
                    for (String value : typed) {
                        repeated.add(o.optionName() + "=" + value);
                    }
                }
            }
        }
        String parameter = leaf.matchedPositionals().isEmpty() ? null : leaf.matchedPositionals().get(0).originalStringValues().get(0);
        return new CliForm(command, parameter, values, repeated);
    }

    /**
     * Runs what picocli parsed: a command built from the table through its {@link CliForm} ({@link #command}),
     * anything else (help, version, the commands that take no option or parameter) as picocli does.
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
                return command(parsed.commandSpec().commandLine(), root, form).call();
            } catch (CommandLine.ParameterException e) {
                throw e;
            } catch (Exception e) {
                throw new CommandLine.ExecutionException(leaf.commandSpec().commandLine(), String.valueOf(e.getMessage()), e);
            }
        }
    }
}
