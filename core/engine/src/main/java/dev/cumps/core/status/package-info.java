/**
 * Concern: read-only snapshot.
 *
 * Main types: {@code StatusService} → {@code HostStatus} (uses {@code Liveness}, not {@code
 * lifecycle}).
 */
package dev.cumps.core.status;
