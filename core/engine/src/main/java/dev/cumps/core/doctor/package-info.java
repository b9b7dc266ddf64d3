/**
 * Concern: read-only diagnosis.
 *
 * Main types: {@code Doctor} (uses {@code Liveness}; a runner over the checks of {@code
 * doctor.checks.DoctorChecks}, one class per {@code DoctorCheckId} (stable id = translation key =
 * troubleshooting anchor), each declaring the {@code Need}s it rests on; facts gathered once in
 * {@code DoctorContext}) → {@code DoctorReport(List&lt;DoctorCheck&gt;)}, streamed to a listener
 * and rendered as the CLI table ({@code cli.text.DoctorTextRenderer}), JSON, Markdown and the
 * window's table.
 */
package dev.cumps.core.doctor;
