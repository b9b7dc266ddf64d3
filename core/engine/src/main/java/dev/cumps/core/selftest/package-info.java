/**
 * Concern: the hardware self-test.
 *
 * Main types: {@code Selftest} ({@code preflight}: the start's refusals without side effects;
 * {@code newRun} → {@code SelftestRun}: the steps in order, a step skipped when the one it needs
 * did not pass, {@code Cleanup} always, {@code abort} from the Ctrl-C hook), one class per step
 * ({@code StatusStep}, {@code StartStep}, {@code DoctorStep}, {@code EnvStep}, {@code ClientStep}
 * with {@code ServerList}, {@code StopStep}, {@code KillRecoverStep}, {@code AlteredRecordStep},
 * {@code Cleanup}) over {@code Seams} (the same lifecycle, status, doctor and env services the
 * commands use, and the runner, process table and record store under them; {@code
 * ProcessTable.forceKill} is the crash drill's SIGKILL, verified like {@code terminate}) → {@code
 * SelftestReport} ({@code HostFacts}, {@code StepResult}s with evidence), {@code SelftestMarkdown},
 * {@code ReportFile} (exclusive temp file + rename, no link followed); texts in {@code
 * SelftestText}; {@code cli.command.SelftestCommand} + {@code cli.text.SelftestLines}; the
 * simulated client's command line comes from {@code Simulation.selftestClient}.
 */
package dev.cumps.core.selftest;
