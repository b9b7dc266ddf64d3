/**
 * Concern: the user guide ({@code docs/guide.md}).
 *
 * Main types: {@code GuideLink} (where the guide is: the launcher's {@code -Dcumps.guide}, an
 * absolute regular file; {@code file:///…#anchor} per doctor check, else {@code
 * docs/guide.md#anchor}; wired by {@code CoreServices.real}, carried by {@code DoctorReport} into
 * the CLI's {@code guide:} lines and {@code doctor --json}), {@code GuideEntries} (an entry's text
 * between its {@code &lt;a id&gt;} anchor and the next, read through {@code SafeFiles}; the
 * window's Guide dialog), {@code GuideText}.
 */
package dev.cumps.core.guide;
