package dev.cumps.core.cli;

import static dev.cumps.core.grammar.CliOption.RECORDS;
import static dev.cumps.core.grammar.CliOption.SIMULATE;

import dev.cumps.core.cli.command.BuildVersion;
import dev.cumps.core.cli.command.ClientsCommand;
import dev.cumps.core.cli.command.DoctorCommand;
import dev.cumps.core.cli.command.EnvCommand;
import dev.cumps.core.cli.command.ExitCode;
import dev.cumps.core.cli.command.LimitsCommand;
import dev.cumps.core.cli.command.MetricsCommand;
import dev.cumps.core.cli.command.PathValues;
import dev.cumps.core.cli.command.PidOption;
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
import dev.cumps.core.grammar.ValueCheck;
import dev.cumps.core.grammar.ValueKind;
import dev.cumps.core.message.CumpsException;
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
 * fast value rules refuse ({@link #accepts}), {@code @file}, {@code --}, a broken rule, another command) returns
 * {@code null} and the caller hands the same arguments to picocli, which prints its usual message. A recognised
 * command runs the same command class picocli would have run, with the same renderers, so the output and the exit
 * status are the same.
 *
 * <p>The dispatch and the value rules compare enum constants with {@code ==} rather than switch over them: a
 * switch over another class's enum compiles to one more class, initialized on every start (docs/performance.md).
 */
final class FastPath implements ValueCheck {
    /** The value rules, as picocli's converters and the commands judge each kind. */
    static final FastPath VALUES = new FastPath();

    private FastPath() {
    }

    /** The form {@code args} is if the fast parser runs it; {@code null} means "use picocli". */
    static CliForm parse(String[] args) {
        return CliGrammar.parse(Arrays.asList(args), VALUES, true);
    }

    /**
     * Whether {@code value} is one picocli's converter for {@code kind}, or the command, would take; a kind no
     * fast command takes is refused, which leaves its forms to picocli.
     */
    @Override
    public boolean accepts(ValueKind kind, String value) {
        if (kind == ValueKind.TEXT) {
            return true;
        } else if (kind == ValueKind.PATH) {
            return PathValues.problem(value) == null;
        } else if (kind == ValueKind.PID) {
            return PidOption.valid(value);
        } else if (kind == ValueKind.SHELL) {
            return EnvFormat.byId(value).isPresent();
        } else if (kind == ValueKind.INTERVAL) {
            return TopCommand.validInterval(value);
        } else if (kind == ValueKind.PERCENTAGE || kind == ValueKind.SIZE) {
            return limit(kind, value);
        }
        return false;
    }

    private static boolean limit(ValueKind kind, String value) {
        try {
            if (kind == ValueKind.SIZE) {
                MpsLimits.parseSizeMiB(value);
            } else {
                MpsLimits.parsePercentage(value);
            }
            return true;
        } catch (CumpsException e) {
            return false; // picocli reports the bad value as a usage error
        }
    }

    /** Runs {@code args} if this parser recognises them in full; {@code null} means "use picocli". */
    static Integer execute(Cli cli, RootCommand root, String[] args) {
        if (CliGrammar.versionAlone(Arrays.asList(args))) {
            // What picocli prints for the root's version option (VersionProvider), without loading picocli.
            for (String line : BuildVersion.lines()) {
                root.context().out().println(line);
            }
            return ExitCode.OK;
        }
        CliForm form = parse(args);
        if (form == null) {
            return null;
        }
        CliCommand command = form.command();
        String records = form.value(RECORDS);
        root.globals(form.has(SIMULATE), records == null ? null : Path.of(records));
        try {
            return command(root, form).call();
        } catch (Exception e) {
            return cli.failure(e, "cumps " + command.commandName());
        }
    }

    /** The command object that runs {@code form}, whichever parser read it (picocli's: {@link TableOptions}). */
    static Callable<Integer> command(RootCommand root, CliForm f) {
        CliCommand c = f.command();
        if (c == CliCommand.STATUS) {
            return StatusCommand.of(root, f);
        } else if (c == CliCommand.ENV_COMMAND) {
            return EnvCommand.of(root, f);
        } else if (c == CliCommand.TERMINATE_CLIENT) {
            return TerminateClientCommand.of(root, f);
        } else if (c == CliCommand.LIMITS) {
            return LimitsCommand.of(root, f);
        } else if (c == CliCommand.METRICS) {
            return MetricsCommand.of(root, f);
        } else if (c == CliCommand.TOP) {
            return TopCommand.of(root, f);
        } else if (c == CliCommand.SELFTEST) {
            return SelftestCommand.of(root, f);
        } else if (c == CliCommand.DOCTOR) {
            return DoctorCommand.of(root, f);
        } else if (c == CliCommand.CLIENTS) {
            return ClientsCommand.of(root, f);
        } else if (c == CliCommand.STOP) {
            return StopCommand.of(root, f);
        }
        throw new IllegalStateException("the grammar marks " + c + " fast, but no command runs it");
    }
}
