/**
 * Concern: read-only diagnosis.
 *
 * Main types: {@code Doctor} (reads the host once, {@code snapshot.HostSnapshotService.read(SERVERS)},
 * or is handed that read ({@code metrics}); a runner over the checks of {@code
 * doctor.checks.DoctorChecks}, one class per {@code DoctorCheckId} (stable id = translation key =
 * troubleshooting anchor), each declaring the {@code Need}s it rests on; the facts derived from the read,
 * each at most once, in {@code DoctorContext}) → {@code DoctorReport(List&lt;CheckResult&gt;)}, streamed to a listener
 * and rendered as the CLI table ({@code cli.text.DoctorRenderer}), JSON, Markdown and the
 * window's table.
 */
package dev.cumps.core.doctor;
