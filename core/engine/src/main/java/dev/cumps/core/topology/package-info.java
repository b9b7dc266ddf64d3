/**
 * Concern: selectors.
 *
 * Main types: {@code Selectors.resolve} (indices are ASCII digits only), {@code TopologyPlan.requireSingleGpu()}
 * (multi-GPU and {@code all} fail closed).
 *
 * {@code TopologyMode} says how daemons map onto GPUs (only one GPU per daemon runs today), {@code TopologyMessages}
 * holds the refusals.
 */
package dev.cumps.core.topology;
