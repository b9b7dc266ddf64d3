/**
 * Concern: wiring the core.
 *
 * Main types: {@code CoreServices} (the one place that wires core's services from its seams; the CLI and the window
 * both hold one, so every decision is made by the same code, and the decisions live in the services, not here). It
 * alone constructs services, the runner of real processes ({@code processRunner()}) and the {@code MpsControl}s
 * (one with the chosen client for the live view, limits and the doctor; one through NVIDIA's program for the
 * lifecycle and the self-test); {@code Layers.onlyCoreServicesBuildsServices} fails any other product class that does.
 */
package dev.cumps.core;
