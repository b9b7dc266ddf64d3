package dev.cumps.core.topology;

import java.util.List;
import java.util.Optional;

/** How daemons map onto GPUs. Only {@link #SINGLE_GPU} runs today; the others parse and fail closed. */
public enum TopologyMode {
    SINGLE_GPU("single_gpu"),
    SINGLE_TASK_MULTI_GPU("single_task_multi_gpu"),
    TASK_PER_GPU("task_per_gpu");

    /** Always listed in this order. */
    public static final List<TopologyMode> ALL = List.of(SINGLE_GPU, SINGLE_TASK_MULTI_GPU, TASK_PER_GPU);

    private final String id;

    TopologyMode(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public boolean supported() {
        return this == SINGLE_GPU;
    }

    public static List<String> ids() {
        return ALL.stream().map(TopologyMode::id).toList();
    }

    public static Optional<TopologyMode> fromId(String id) {
        return ALL.stream().filter(m -> m.id.equals(id)).findFirst();
    }
}
