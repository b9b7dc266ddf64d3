/**
 * Concern: one class per command.
 *
 * Main types: {@code RootCommand} (global options), {@code StatusCommand}, {@code DoctorCommand}, {@code StartCommand},
 * {@code StopCommand}, {@code EnvCommand}, {@code CompletionCommand}, {@code ResetCommand}, {@code ClientsCommand},
 * {@code TopCommand} (with {@code TopLoop}, the refresh and {@code q} reader, and {@code Terminal}, {@code stty -F
 * /dev/tty} key mode restored on every exit), {@code LimitsCommand} (+ {@code LimitOption}, the limit values'
 * converters), {@code AttachClientCommand} ({@code --simulate} only, through {@code Simulation.attachClient}),
 * {@code TerminateClientCommand}, {@code MetricsCommand}, {@code ReferenceCommand} (hidden: {@code reference --format
 * man\|markdown}), {@code SelftestCommand} (its shutdown hook aborts the run, cleans up and writes the report),
 * {@code HostsCommand}, {@code FleetCommand} ({@code fleet status|start|stop|limits|doctor}, their options and
 * {@code HOST} rows of the grammar table; {@code FleetTimeout}: one {@code --timeout} rule, the default from the row);
 * {@code CommandContext} (host, out, err, services wired once per run: real or {@code Simulation.cliSandbox}),
 * {@code ForegroundQuitHook} (Ctrl-C in {@code start --foreground}), {@code PathOption}, {@code CommandMessages}.
 *
 * Beside them: {@code Globals} (the global options as parsed), {@code ExitCode} (0, 1, 2), {@code UsageError} (a usage
 * error a command finds after parsing, exit 2), {@code Confirmation} (a yes/no question to the person at the terminal;
 * {@code TerminalConfirmation} asks on the console), {@code DoctorFixRun} ({@code doctor --fix}: the fixes offered,
 * confirmed, applied, then the doctor again), the converters {@code ChoiceOption} (one of a few words),
 * {@code PidOption} (a pid, ASCII digits only) and {@code PathValues} (the one rule for path options, shared with the
 * fast path), and {@code VersionProvider} with {@code BuildVersion} (what {@code --version} prints: the build's
 * version and the Java runtime).
 */
package dev.cumps.core.cli.command;
