/**
 * Concern: what the CLI prints.
 *
 * Main types: {@code StatusRenderer}, {@code StartRenderer}, {@code StopRenderer}, {@code SimulatedRenderer},
 * {@code OneLine} (the {@code error:} line), {@code TopRenderer} (one frame of {@code top}), {@code
 * MetricsRenderer} over {@code Prometheus} (the text exposition format 0.0.4), {@code SelftestLines} (a
 * step per line, the verdict), {@code TextTable}, {@code TerminalEscapes} (control characters escaped);
 * only depends downwards ({@code cli} → {@code cli.command} → {@code cli.text}).
 */
package dev.cumps.core.cli.text;
