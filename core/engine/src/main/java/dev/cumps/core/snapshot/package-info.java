/**
 * The host snapshot: one read model over {@code status} (records, liveness, pipes, GPUs) and
 * {@code live} (servers, clients, GPU load) from one {@code nvidia-smi} query.
 * {@link dev.cumps.core.snapshot.HostSnapshotService#read} is the one read (no daemon asked, their servers, or in
 * full) for every command that shows the host, for the doctor and for the window's refresh; each candidate control
 * pipe is looked at once per read. {@link dev.cumps.core.snapshot.HostSnapshot} carries it.
 */
package dev.cumps.core.snapshot;
