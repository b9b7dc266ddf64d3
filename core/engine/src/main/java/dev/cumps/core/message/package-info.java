/**
 * Concern: texts a user can see.
 *
 * Main types: {@code MessageKey} (one {@code &lt;Area&gt;Text} enum per package: stable key + English pattern),
 * {@code Message} (key + typed arguments; {@code english()} for the CLI, rendered through bundles by the window),
 * {@code CumpsException} (carries a {@code Message}).
 *
 * {@code Templates} is the one pattern syntax of messages ({@code {n}} replaced by argument {@code n}, every other
 * character literal).
 */
package dev.cumps.core.message;
