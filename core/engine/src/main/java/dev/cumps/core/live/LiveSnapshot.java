package dev.cumps.core.live;

import dev.cumps.core.message.Message;
import java.util.List;

/**
 * The live view of the host at one moment: each GPU's load, and each daemon's servers and clients.
 *
 * @param diagnostics why the GPU load or the per-client memory is missing (nvidia-smi failed or
 *                    printed something else than documented); empty when complete
 */
public record LiveSnapshot(List<GpuLoad> gpus, List<DaemonSnapshot> daemons, List<Message> diagnostics) {
    public LiveSnapshot {
        gpus = List.copyOf(gpus);
        daemons = List.copyOf(daemons);
        diagnostics = List.copyOf(diagnostics);
    }
}
