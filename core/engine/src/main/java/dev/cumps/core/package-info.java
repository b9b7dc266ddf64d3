/**
 * Concern: wiring the core.
 *
 * Main types: {@code CoreServices} (the one place that wires core's services from its seams; the CLI and the window
 * both hold one, so every decision is made by the same code, and the decisions live in the services, not here).
 */
package dev.cumps.core;
