package dev.cumps.core.gpu;

import dev.cumps.core.CumpsException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The effect of {@code CUDA_VISIBLE_DEVICES} on the GPU list, applied the same way by status, start
 * and doctor. Entries are indices or UUIDs, comma separated; unset, empty or {@code all} means all.
 * An entry that matches no GPU is an error (CUDA would silently drop it and every later entry).
 */
public final class Visibility {
    private Visibility() {
    }

    public static List<Gpu> apply(Optional<String> mask, List<Gpu> gpus) {
        if (mask.isEmpty() || mask.get().isBlank() || mask.get().strip().equalsIgnoreCase("all")) {
            return List.copyOf(gpus);
        }
        Set<Gpu> visible = new LinkedHashSet<>();
        for (String raw : mask.get().split(",")) {
            String entry = raw.strip();
            if (entry.isEmpty()) {
                throw new CumpsException("CUDA_VISIBLE_DEVICES='" + mask.get() + "' has an empty entry; list indices or UUIDs separated by single commas");
            }
            Gpu gpu = find(entry, gpus).orElseThrow(() -> new CumpsException("CUDA_VISIBLE_DEVICES entry '" + entry
                    + "' matches no GPU (nvidia-smi lists " + describe(gpus) + "); fix or unset CUDA_VISIBLE_DEVICES"));
            visible.add(gpu);
        }
        return new ArrayList<>(visible);
    }

    /** The GPU an entry (an index or any spelling of a UUID) names, if any. */
    public static Optional<Gpu> find(String entry, List<Gpu> gpus) {
        if (GpuUuid.looksLikeUuid(entry)) {
            GpuUuid uuid = GpuUuid.parse(entry);
            return gpus.stream().filter(g -> g.uuid().equals(uuid)).findFirst();
        }
        try {
            int index = Integer.parseInt(entry);
            return gpus.stream().filter(g -> g.index() == index).findFirst();
        } catch (NumberFormatException e) {
            throw new CumpsException("'" + entry + "' is neither a GPU index nor a GPU UUID");
        }
    }

    /** {@code 0=GPU-..., 1=GPU-...}, for messages that list the GPUs to choose from. */
    public static String describe(List<Gpu> gpus) {
        if (gpus.isEmpty()) {
            return "no GPUs";
        }
        List<String> parts = new ArrayList<>();
        gpus.forEach(g -> parts.add(g.index() + "=" + g.uuid()));
        return String.join(", ", parts);
    }
}
