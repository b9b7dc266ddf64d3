/**
 * Concern: texts a user can see.
 *
 * Main types: {@code MessageKey} (one {@code &lt;Area&gt;Text} enum per package: stable key +
 * English pattern), {@code Message} (key + typed arguments; {@code english()} for the CLI, rendered
 * through bundles by the window), {@code CumpsException} (carries a {@code Message}).
 */
package dev.cumps.core.message;
