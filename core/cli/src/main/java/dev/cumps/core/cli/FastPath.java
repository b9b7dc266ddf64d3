package dev.cumps.core.cli;

import static dev.cumps.core.grammar.CliOption.ALL;
import static dev.cumps.core.grammar.CliOption.CLIENT;
import static dev.cumps.core.grammar.CliOption.GPUS;
import static dev.cumps.core.grammar.CliOption.INTERVAL;
import static dev.cumps.core.grammar.CliOption.JSON;
import static dev.cumps.core.grammar.CliOption.NAME;
import static dev.cumps.core.grammar.CliOption.ONCE;
import static dev.cumps.core.grammar.CliOption.PID;
import static dev.cumps.core.grammar.CliOption.RECORDS;
import static dev.cumps.core.grammar.CliOption.REPORT;
import static dev.cumps.core.grammar.CliOption.SET_ACTIVE_THREAD_PERCENTAGE;
import static dev.cumps.core.grammar.CliOption.SET_PINNED_MEM_LIMIT;
import static dev.cumps.core.grammar.CliOption.SHELL;
import static dev.cumps.core.grammar.CliOption.SIMULATE;
import static dev.cumps.core.grammar.CliOption.YES;

import dev.cumps.core.cli.command.BuildVersion;
import dev.cumps.core.cli.command.ClientsCommand;
import dev.cumps.core.cli.command.DoctorCommand;
import dev.cumps.core.cli.command.EnvCommand;
import dev.cumps.core.cli.command.ExitCode;
import dev.cumps.core.cli.command.LimitsCommand;
import dev.cumps.core.cli.command.MetricsCommand;
import dev.cumps.core.cli.command.RootCommand;
import dev.cumps.core.cli.command.SelftestCommand;
import dev.cumps.core.cli.command.StatusCommand;
import dev.cumps.core.cli.command.StopCommand;
import dev.cumps.core.cli.command.TerminateClientCommand;
import dev.cumps.core.cli.command.TopCommand;
import dev.cumps.core.env.EnvFormat;
import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliGrammar;
import dev.cumps.core.mps.MpsLimits;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * The commands launchers and job scripts run many times a day (those {@link CliCommand#fast()} marks: {@code status},
 * {@code env}, {@code stop}, {@code limits}, {@code metrics}, {@code terminate-client}, {@code top}, {@code selftest},
 * {@code clients}, {@code doctor} without {@code --fix}, and {@code --version} alone) in their valid forms, parsed
 * by the grammar table ({@link CliGrammar}) without picocli. Picocli's classes are Java 5 class files that
 * class-data sharing cannot archive, and building its model reflects over every command; together that is most
 * of a {@code cumps status} run (docs/performance.md).
 *
 * <p>This parser only accepts; it never reports an error. Anything the table does not recognise in full (help,
 * version with more, an unknown, repeated or misplaced option, a missing or option-like value, a value the
 * fast value rules refuse ({@link FastValues}), {@code @file}, {@code --}, a broken rule, another command) returns
 * {@code null} and the caller hands the same arguments to picocli, which prints its usual message. A recognised
 * command runs the same command class picocli would have run, with the same renderers, so the output and the exit
 * status are the same.
 */
final class FastPath {
    private FastPath() {
    }

    /** The form {@code args} is if the fast parser runs it; {@code null} means "use picocli". */
    static CliForm parse(String[] args) {
        return CliGrammar.parse(Arrays.asList(args), FastValues.INSTANCE, true);
    }

    /** Runs {@code args} if this parser recognises them in full; {@code null} means "use picocli". */
    static Integer execute(Cli cli, RootCommand root, String[] args) {
        CliForm form = parse(args);
        if (form == null) {
            return null;
        }
        CliCommand command = form.command();
        if (command == CliCommand.ROOT) {
            // What picocli prints for the root's version option (VersionProvider), without loading picocli.
            for (String line : BuildVersion.lines()) {
                root.context().out().println(line);
            }
            return ExitCode.OK;
        }
        String records = form.value(RECORDS);
        root.globals(form.has(SIMULATE), records == null ? null : Path.of(records));
        try {
            return target(root, form).call();
        } catch (Exception e) {
            return cli.failure(e, "cumps " + command.commandName());
        }
    }

    /** The command object picocli would have built and filled for {@code form}. */
    private static Callable<Integer> target(RootCommand root, CliForm f) {
        String name = f.value(NAME);
        boolean json = f.has(JSON);
        return switch (f.command()) {
            case STATUS -> StatusCommand.of(root, json);
            case ENV_COMMAND -> EnvCommand.of(root, name, f.has(SHELL) ? f.value(SHELL) : EnvFormat.POSIX.id(), json);
            case TERMINATE_CLIENT -> TerminateClientCommand.of(root, name, Long.parseLong(f.value(PID)), f.has(YES));
            case LIMITS -> LimitsCommand.of(root, name, json,
                    f.has(SET_ACTIVE_THREAD_PERCENTAGE) ? MpsLimits.parsePercentage(f.value(SET_ACTIVE_THREAD_PERCENTAGE)) : null,
                    f.has(SET_PINNED_MEM_LIMIT) ? MpsLimits.parseSizeMiB(f.value(SET_PINNED_MEM_LIMIT)) : null);
            case METRICS -> MetricsCommand.of(root, f.value(GPUS));
            case TOP -> TopCommand.of(root, name, f.value(INTERVAL), f.has(ONCE), json);
            case SELFTEST -> SelftestCommand.of(root, f.value(GPUS), f.value(CLIENT), f.has(REPORT) ? Path.of(f.value(REPORT)) : null, json);
            case DOCTOR -> DoctorCommand.of(root, f.value(GPUS), json);
            case CLIENTS -> ClientsCommand.of(root, name, json);
            case STOP -> StopCommand.of(root, name, f.has(ALL));
            default -> throw new IllegalStateException("the grammar marks " + f.command() + " fast, but no command runs it");
        };
    }
}
