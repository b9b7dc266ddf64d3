package dev.cumps.core.lifecycle;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.topology.TopologyPlan;
import java.nio.file.Path;
import java.util.Map;

/**
 * A resolved start: the record name, the one GPU, absolute pipe and log directories, whether the
 * pipe directory is the per-user default, and the variables the operator asked to pass to the
 * daemon.
 */
public record StartPlan(String name, TopologyPlan topology, Gpu gpu, Path pipeDirectory, Path logDirectory,
                        boolean defaultPipeDirectory, Map<String, String> environment) {
}
