/**
 * Concern: the hardware self-test.
 *
 * Main types: {@code Selftest} ({@code preflight}: the start's refusals without side effects; {@code newRun} →
 * {@code SelftestRun}: the steps in order, a step skipped when the one it needs did not pass, {@code Cleanup} always,
 * {@code abort} from the Ctrl-C hook), one class per step ({@code StatusStep}, {@code StartStep}, {@code DoctorStep},
 * {@code EnvStep}, {@code ClientStep} with {@code ServerList}, {@code StopStep}, {@code KillRecoverStep},
 * {@code AlteredRecordStep}, {@code Cleanup}) over {@code SelftestServices} (the same lifecycle, status, doctor and env
 * services the commands use, and the runner, process table and record store under them; {@code ProcessTable.forceKill}
 * is the crash drill's SIGKILL, verified like {@code terminate}) → {@code SelftestReport} ({@code HostFacts},
 * {@code StepResult}s with evidence), {@code SelftestMarkdown}, {@code ReportFile} (exclusive temp file + rename, no
 * link followed); texts in {@code SelftestMessages}; {@code cli.command.SelftestCommand} +
 * {@code cli.text.SelftestLines}; the simulated client's command line comes from {@code Simulation.selftestClient}.
 *
 * The steps share {@code Step} (one step, appending its evidence as it goes), {@code StepId} (the steps in order),
 * {@code RunState} (what the run has learnt and started so far) and {@code SelftestDaemon} (start, stop and check the
 * self-test's daemon); {@code SelftestRequest} is what the operator asked, {@code PythonPath} where the self-test's
 * isolated Python looks for modules, and {@code QuarantinedCopies} the run's own records a start moved aside, removed
 * by the clean-up.
 */
package dev.cumps.core.selftest;
