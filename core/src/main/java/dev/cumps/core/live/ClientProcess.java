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

    /** Whether {@code /proc} told us anything about it (it may be another user's, hidden, or gone). */
    public boolean readable() {
        return startTicks.isPresent();
    }
}
