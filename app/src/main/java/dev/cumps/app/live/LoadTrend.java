package dev.cumps.app.live;

import java.util.List;
import java.util.Optional;

/**
 * One GPU's recent load as the GPUs table draws it: utilisation and memory use as fractions from 0
 * to 1, oldest first ({@link Double#NaN} where nvidia-smi did not know the value), and the latest
 * values in their units.
 */
public record LoadTrend(List<Double> utilization, List<Double> memory, Optional<Integer> lastUtilizationPercent,
                        Optional<Long> lastUsedMiB, Optional<Long> totalMiB) {

    /** No sample yet. */
    public static final LoadTrend EMPTY = new LoadTrend(List.of(), List.of(), Optional.empty(), Optional.empty(),
            Optional.empty());

    public LoadTrend {
        utilization = List.copyOf(utilization);
        memory = List.copyOf(memory);
    }

    /** How many refreshes the trend covers. */
    public int points() {
        return utilization.size();
    }
}
