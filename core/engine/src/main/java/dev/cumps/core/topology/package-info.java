/**
 * Concern: selectors.
 *
 * Main types: {@code Selectors.resolve} (indices are ASCII digits only), {@code
 * TopologyPlan.requireSingleGpu()} (multi-GPU and {@code all} fail closed).
 */
package dev.cumps.core.topology;
