/**
 * Concern: what the CLI prints.
 *
 * Main types: {@code StatusRenderer}, {@code StartRenderer}, {@code StopRenderer}, {@code SimulatedRenderer},
 * {@code OneLine} (the {@code error:} line), {@code TopRenderer} (one frame of {@code top}), {@code MetricsRenderer}
 * over {@code Prometheus} (the text exposition format 0.0.4), {@code SelftestLines} (a step per line, the verdict),
 * {@code TextTable}, {@code TerminalEscapes} (control characters escaped); only depends downwards ({@code cli} →
 * {@code cli.command} → {@code cli.text}).
 *
 * Also {@code ClientsRenderer} ({@code cumps clients}: the GPUs' load, then daemon → server → client rows),
 * {@code LimitsRenderer} ({@code cumps limits}: each limit as recorded and as the daemon reports it now),
 * {@code DoctorRenderer} (the doctor's table, a guide link under each check that did not pass, the verdict) and
 * {@code FixRenderer} (what {@code doctor --fix} prints: the plan, the question, each fix's outcome).
 */
package dev.cumps.core.cli.text;
