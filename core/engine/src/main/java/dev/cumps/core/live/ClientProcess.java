package dev.cumps.core.live;

import dev.cumps.core.proc.ProcessOwner;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One MPS client as its server lists it, with what {@code /proc} says about it when readable
 * (owner, command line, start time) and its GPU memory from nvidia-smi, matched by pid.
 *
 * @param runningSeconds how long it has run, from its start time and the ticks since boot
 * @param gpuUuids       the GPUs nvidia-smi lists it on; empty when nvidia-smi does not list it
 * @param gpuMemoryMiB   its GPU memory summed over those GPUs; empty when unknown
 */
public record ClientProcess(long pid, Optional<ProcessOwner> owner, Optional<List<String>> commandLine,
                            OptionalLong startTicks, OptionalLong runningSeconds, List<String> gpuUuids,
                            OptionalLong gpuMemoryMiB) {
    public ClientProcess {
        commandLine = commandLine.map(List::copyOf);
        gpuUuids = List.copyOf(gpuUuids);
    }

    /** This client with its GPUs and memory from nvidia-smi's rows for its pid (none: not on a GPU, memory unknown). */
    public ClientProcess withComputeApps(List<ComputeApp> apps) {
        OptionalLong memory = apps.isEmpty() || apps.stream().anyMatch(a -> a.usedMiB().isEmpty()) ? OptionalLong.empty()
                : OptionalLong.of(apps.stream().mapToLong(a -> a.usedMiB().getAsLong()).sum());
        return new ClientProcess(pid, owner, commandLine, startTicks, runningSeconds,
                apps.stream().map(ComputeApp::gpuUuid).distinct().toList(), memory);
    }

    /** Whether {@code /proc} told us anything about it (it may be another user's, hidden, or gone). */
    public boolean readable() {
        return startTicks.isPresent();
    }
}
