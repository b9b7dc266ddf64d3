/**
 * Concern: what the CLI prints.
 *
 * Main types: {@code StatusText}, {@code StartText}, {@code StopText}, {@code SimulatedText},
 * {@code OneLine} (the {@code error:} line), {@code TopText} (one frame of {@code top}), {@code
 * MetricsText} over {@code Prometheus} (the text exposition format 0.0.4), {@code SelftestLines} (a
 * step per line, the verdict), {@code TextTable}, {@code Printable} (control characters escaped);
 * only depends downwards ({@code cli} → {@code cli.command} → {@code cli.text}).
 */
package dev.cumps.core.cli.text;
