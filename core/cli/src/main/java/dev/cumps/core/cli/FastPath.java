package dev.cumps.core.cli;

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
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.MpsLimits;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * The commands launchers and job scripts run many times a day ({@code status}, {@code env},
 * {@code stop}, {@code limits}, {@code metrics} from a textfile-collector timer, and {@code terminate-client}
 * from scripts that end a runaway job, and {@code top}, which scripts run with {@code --once}, and
 * {@code selftest}, so that it runs the same way both paths; also {@code clients},
 * {@code doctor} without {@code --fix} and {@code --version} alone)
 * in their plain, valid forms, parsed without picocli. Picocli's classes are Java 5
 * class files that class-data sharing cannot archive, and building its model reflects over every
 * command; together that is most of a {@code cumps status} run (docs/performance.md).
 *
 * <p>This parser only accepts; it never reports an error. Anything it does not recognise in full
 * (help, version, an unknown or repeated option, a missing or option-like value, {@code @file},
 * {@code --}, {@code --all} with {@code --name}, an unknown {@code --shell} format, another command) returns
 * {@code null} and the caller hands the same arguments to picocli, which prints its usual message.
 * A recognised command runs the same command class picocli would have run, with the same
 * renderers, so the output and the exit status are the same.
 */
final class FastPath {
    private static final String TERMINATE = "terminate-client";
    private static final String METRICS = "metrics";
    private static final String SELFTEST = "selftest";
    private static final String DOCTOR = "doctor";
    private static final String CLIENTS = "clients";

    private FastPath() {
    }

    /** Runs {@code args} if this parser recognises them in full; {@code null} means "use picocli". */
    static Integer execute(Cli cli, RootCommand root, String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // What picocli prints for the root's version option (VersionProvider), without loading picocli.
            for (String line : BuildVersion.lines()) {
                root.context().out().println(line);
            }
            return ExitCode.OK;
        }
        String command = null;
        boolean json = false;
        boolean all = false;
        String name = null;
        String shell = null;
        String pid = null;
        String gpus = null;
        String client = null;
        Path report = null;
        boolean yes = false;
        boolean simulate = false;
        boolean once = false;
        String interval = null;
        Path records = null;
        Integer percentage = null;
        Long pinnedMiB = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value = null;
            int eq = arg.indexOf('=');
            String option = arg;
            if (arg.startsWith("--") && eq > 0) {
                option = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (option) {
                case "--simulate" -> {
                    if (value != null || simulate) {
                        return null;
                    }
                    simulate = true;
                }
                case "--pid" -> {
                    if (value == null && i + 1 < args.length) {
                        value = args[++i];
                    }
                    // Only a plain pid in range; anything else is picocli's to report.
                    if (pid != null || !TERMINATE.equals(command) || !PidOption.valid(value)) {
                        return null;
                    }
                    pid = value;
                }
                case "--gpus" -> {
                    if (value == null && i + 1 < args.length) {
                        value = args[++i];
                    }
                    if (gpus != null || !METRICS.equals(command) && !SELFTEST.equals(command) && !DOCTOR.equals(command) || value == null
                            || !plainValue(value)) {
                        return null;
                    }
                    gpus = value;
                }
                case "--client", "--report" -> {
                    if (value == null && i + 1 < args.length) {
                        value = args[++i];
                    }
                    if (!SELFTEST.equals(command) || value == null || !plainValue(value)
                            || (option.equals("--client") ? client != null : report != null || PathValues.problem(value) != null)) {
                        return null;
                    }
                    if (option.equals("--client")) {
                        client = value;
                    } else {
                        report = Path.of(value);
                    }
                }
                case "--yes" -> {
                    if (value != null || yes || !TERMINATE.equals(command)) {
                        return null;
                    }
                    yes = true;
                }
                case "--records", "--name", "--shell", "--interval" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            return null;
                        }
                        value = args[++i];
                    }
                    if (!plainValue(value)) {
                        return null;
                    }
                    if (option.equals("--records")) {
                        if (records != null) {
                            return null;
                        }
                        if (PathValues.problem(value) != null) {
                            return null;
                        }
                        records = Path.of(value);
                    } else if (command == null || option.equals("--shell") && !command.equals("env")
                            || option.equals("--interval") && !command.equals("top")) {
                        return null;
                    } else if (option.equals("--interval")) {
                        if (interval != null || !TopCommand.validInterval(value)) {
                            return null;
                        }
                        interval = value;
                    } else if (option.equals("--name")) {
                        if (name != null || command.equals("status") || command.equals(METRICS) || command.equals(DOCTOR)) {
                            return null;
                        }
                        name = value;
                    } else {
                        if (shell != null || EnvFormat.byId(value).isEmpty()) {
                            return null;
                        }
                        shell = value;
                    }
                }
                case "--set-active-thread-percentage", "--set-pinned-mem-limit" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            return null;
                        }
                        value = args[++i];
                    }
                    if (!"limits".equals(command) || !plainValue(value)) {
                        return null;
                    }
                    try {
                        if (option.equals("--set-pinned-mem-limit")) {
                            if (pinnedMiB != null) {
                                return null;
                            }
                            pinnedMiB = MpsLimits.parseSizeMiB(value);
                        } else {
                            if (percentage != null) {
                                return null;
                            }
                            percentage = MpsLimits.parsePercentage(value);
                        }
                    } catch (CumpsException e) {
                        return null; // picocli reports the bad value as a usage error
                    }
                }
                case "--json" -> {
                    if (value != null || json || command == null || command.equals("stop") || command.equals(TERMINATE)
                            || command.equals(METRICS)) {
                        return null;
                    }
                    json = true;
                }
                case "--once" -> {
                    if (value != null || once || !"top".equals(command)) {
                        return null;
                    }
                    once = true;
                }
                case "--all" -> {
                    if (value != null || all || !"stop".equals(command)) {
                        return null;
                    }
                    all = true;
                }
                case "status", "env", "stop", "limits", "top", TERMINATE, METRICS, SELFTEST, DOCTOR, CLIENTS -> {
                    if (command != null) {
                        return null;
                    }
                    command = option;
                }
                default -> {
                    return null;
                }
            }
        }
        if (command == null || all && name != null || command.equals(TERMINATE) && (name == null || pid == null)
                || json && "top".equals(command) && !once
                || (percentage != null || pinnedMiB != null) && name == null
                || SELFTEST.equals(command) && (gpus == null || name != null)) {
            return null;
        }
        // Only now that the whole line is recognised: picocli must find the root untouched otherwise.
        root.globals(simulate, records);
        Callable<Integer> target = switch (command) {
            case "status" -> StatusCommand.of(root, json);
            case "env" -> EnvCommand.of(root, name, shell == null ? EnvFormat.POSIX.id() : shell, json);
            case TERMINATE -> TerminateClientCommand.of(root, name, Long.parseLong(pid), yes);
            case "limits" -> LimitsCommand.of(root, name, json, percentage, pinnedMiB);
            case METRICS -> MetricsCommand.of(root, gpus);
            case "top" -> TopCommand.of(root, name, interval, once, json);
            case SELFTEST -> SelftestCommand.of(root, gpus, client, report, json);
            case DOCTOR -> DoctorCommand.of(root, gpus, json);
            case CLIENTS -> ClientsCommand.of(root, name, json);
            default -> StopCommand.of(root, name, all);
        };
        try {
            return target.call();
        } catch (Exception e) {
            return cli.failure(e, "cumps " + command);
        }
    }

    /** A value picocli would take as is: not empty, not option-like, not an {@code @file}. */
    private static boolean plainValue(String value) {
        return !value.isEmpty() && !value.startsWith("-") && !value.startsWith("@");
    }
}
