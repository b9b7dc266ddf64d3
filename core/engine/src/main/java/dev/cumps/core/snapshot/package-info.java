/**
 * The host snapshot: one read model over {@code status} (records, liveness, pipes, GPUs) and
 * {@code live} (servers, clients, GPU load) from one {@code nvidia-smi} query.
 * {@link dev.cumps.core.snapshot.HostSnapshotService} reads it for every command that shows the
 * host and for the window's refresh; {@link dev.cumps.core.snapshot.HostSnapshot} carries it.
 */
package dev.cumps.core.snapshot;
