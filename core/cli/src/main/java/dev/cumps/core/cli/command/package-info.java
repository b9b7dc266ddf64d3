/**
 * Concern: one class per command.
 *
 * Main types: {@code RootCommand} (global options), {@code StatusCommand}, {@code DoctorCommand},
 * {@code StartCommand}, {@code StopCommand}, {@code EnvCommand}, {@code CompletionCommand}, {@code
 * ResetCommand}, {@code ClientsCommand}, {@code TopCommand} (with {@code TopLoop}, the refresh and
 * {@code q} reader, and {@code Terminal}, {@code stty -F /dev/tty} key mode restored on every
 * exit), {@code LimitsCommand} (+ {@code LimitOption}, the limit values' converters), {@code
 * AttachClientCommand} ({@code --simulate} only, through {@code Simulation.attachClient}), {@code
 * TerminateClientCommand}, {@code MetricsCommand}, {@code ReferenceCommand} (hidden: {@code
 * reference --format man\|markdown}), {@code SelftestCommand} (its shutdown hook aborts the run,
 * cleans up and writes the report), {@code HostsCommand}, {@code FleetCommand} ({@code fleet
 * status|start|stop|doctor}, each with the {@code FleetTimeout} mixin: one {@code --timeout}, the
 * command's default from its default-value provider); {@code CommandContext} (host, out, err, services wired once per
 * run: real or {@code Simulation.cliSandbox}), {@code ForegroundQuitHook} (Ctrl-C in {@code start
 * --foreground}), {@code PathOption}, {@code CommandMessages}.
 */
package dev.cumps.core.cli.command;
