package dev.cumps.core.gpu;

import dev.cumps.core.message.Message;
import java.util.List;
import java.util.Optional;

/**
 * The result of asking nvidia-smi for the GPUs: either the GPUs, or a diagnostic saying why they
 * could not be listed. Never both empty-handed and silent.
 *
 * @param diagnosticText     why the GPUs could not be listed, or that nvidia-smi listed none
 * @param nvidiaSmiAvailable whether the GPU query succeeded, as uni-cumps means it: false when
 *                           nvidia-smi is missing, hangs, fails or prints what cannot be parsed
 */
public record GpuInventory(boolean nvidiaSmiAvailable, List<Gpu> gpus, Optional<Message> diagnosticText,
                           Optional<String> driverVersion) {
    public GpuInventory {
        gpus = List.copyOf(gpus);
    }

    /** The diagnostic in English. */
    public Optional<String> diagnostic() {
        return diagnosticText.map(Message::english);
    }

    public static GpuInventory unavailable(Message diagnostic) {
        return new GpuInventory(false, List.of(), Optional.of(diagnostic), Optional.empty());
    }

    public static GpuInventory of(List<Gpu> gpus) {
        Optional<String> driver = gpus.stream().map(Gpu::driverVersion).flatMap(Optional::stream).findFirst();
        return new GpuInventory(true, gpus, Optional.empty(), driver);
    }

    public boolean ok() {
        return diagnosticText.isEmpty();
    }
}
