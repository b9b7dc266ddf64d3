/**
 * Concern: read-only diagnosis.
 *
 * Main types: {@code Doctor} (reads the host once, {@code snapshot.HostSnapshotService.read(SERVERS)}, or is handed
 * that read ({@code metrics}); a runner over the checks of {@code doctor.checks.DoctorChecks}, one class per
 * {@code DoctorCheckId} (stable id = translation key = troubleshooting anchor), each declaring the {@code Need}s it
 * rests on; the facts derived from the read, each at most once, in {@code DoctorContext}) →
 * {@code DoctorReport(List&lt;CheckResult&gt;)}, streamed to a listener and rendered as the CLI table
 * ({@code cli.text.DoctorRenderer}), JSON, Markdown and the window's table.
 *
 * Also: {@code EachVisibleGpu} (with no selector and several GPUs visible, {@code Doctor.diagnose} diagnoses each in turn:
 * per-GPU checks once per GPU, naming it, host checks once), {@code Check} (one diagnosis: reads facts, judges, never writes) with {@code BaseCheck} (a check's identity and
 * premises, declared once), {@code Finding} (what a check concluded, with the {@code FixTarget}s the product could fix
 * itself), {@code CheckStatus} (a check's verdict), {@code PipeLeftovers} (what dead daemons leave in the caller's pipe
 * directories, judged the same way by the checks and the fix service), {@code SharingEvidence} (the CUDA
 * process-sharing evidence under uni-cumps's keys) and {@code DoctorMessages} (the doctor's texts).
 */
package dev.cumps.core.doctor;
