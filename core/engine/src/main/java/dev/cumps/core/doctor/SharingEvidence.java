package dev.cumps.core.doctor;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The CUDA process-sharing evidence under uni-cumps's keys and types (docs/cli.md): the doctor
 * probes as one process ({@code rank} 0 of {@code world_size} 1) whose learner and collector share
 * the selected GPU, addressed as a launcher under the exported environment addresses it: {@code cuda:0}
 * (its {@code CUDA_VISIBLE_DEVICES} names that GPU alone, as uni-cumps's does);
 * {@code configured}/{@code effective} are {@code "mps"} when a live managed daemon is selected /
 * answers, else null; {@code ambient_server} is whether NVIDIA's default pipe directory holds a
 * control pipe no record owns. Keys about the daemon ({@code daemon_pid}, {@code gpu_uuid}) follow
 * as additions; without a daemon, {@code error} names the first failed check.
 */
final class SharingEvidence {
    private SharingEvidence() {
    }

    static Map<String, Object> of(DoctorContext context, List<CheckResult> results) {
        Optional<DaemonRecord> daemon = context.daemon();
        Optional<ControlPipe> pipe = context.controlPipe();
        Optional<CommandResult> answer = daemon.map(d -> context.answer());
        boolean answered = answer.map(MpsControl::answered).orElse(false);
        Optional<Gpu> gpu = context.gpu();
        List<Gpu> visible = context.visible().orElse(List.of());
        // What a launcher addresses: `cumps env` exports CUDA_VISIBLE_DEVICES=<the selected GPU's UUID>, under which that
        // GPU is the only one CUDA sees, cuda:0, whatever its place among the caller's visible GPUs (--gpus 1 included).
        Optional<String> device = gpu.filter(g -> position(visible, g) >= 0).map(g -> "cuda:0");
        Optional<String> uuid = gpu.map(g -> canonicalUuid(g.uuid().value()));
        boolean valid = results.stream().noneMatch(c -> c.status() == CheckStatus.FAIL);

        Map<String, Object> e = new LinkedHashMap<>();
        e.put("configured", daemon.isPresent() ? "mps" : null);
        e.put("effective", pipe.isPresent() && answered ? "mps" : null);
        e.put("validated", valid);
        e.put("rank", 0);
        e.put("world_size", 1);
        e.put("learner_device", device.orElse(null));
        e.put("collector_device", device.orElse(null));
        e.put("learner_gpu_uuid", uuid.orElse(null));
        e.put("collector_gpu_uuid", uuid.orElse(null));
        e.put("pipe_directory_env", context.host().get("CUDA_MPS_PIPE_DIRECTORY").orElse(null));
        e.put("pipe_directory", daemon.map(d -> d.pipeDirectory().toString()).orElse(null));
        e.put("control_pipe", pipe.map(p -> p.path().toString()).orElse(null));
        e.put("control_pipe_kind", pipe.map(p -> p.kind().id()).orElse(null));
        e.put("server_pid", answered ? serverPid(answer.get()).orElse(daemon.get().pid()) : null);
        Path ambient = context.host().nvidiaPipeDirectory();
        e.put("ambient_server", ControlPipe.in(ambient).isPresent()
                && context.managed().stream().noneMatch(d -> d.record().pipeDirectory().equals(ambient)));
        e.put("gpu_uuid", daemon.map(DaemonRecord::firstGpu).orElse(null));
        e.put("daemon_pid", daemon.map(DaemonRecord::pid).orElse(null));
        if (daemon.isEmpty()) {
            e.put("error", results.stream().filter(c -> c.status() == CheckStatus.FAIL).map(c -> c.title() + ": " + c.observed())
                    .findFirst().orElse(DoctorMessages.NO_LIVE_DAEMON.english()));
        }
        return e;
    }

    /** The GPU's place among the visible ones, -1 if not visible ({@link Gpu#sameGpu}, not {@code List.indexOf}). */
    private static int position(List<Gpu> visible, Gpu gpu) {
        for (int i = 0; i < visible.size(); i++) {
            if (visible.get(i).sameGpu(gpu)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * uni-cumps's {@code server_pid}: the first pid in the server list, else (no server has started
     * yet: servers start with the first client) the control daemon's pid, which uni-cumps reads from
     * the pid file and cumps from the record the liveness check has just verified.
     */
    private static Optional<Long> serverPid(CommandResult answer) {
        return answer.stdout().lines().map(String::strip).filter(s -> s.matches("\\d+")).map(Long::parseLong).findFirst();
    }

    /**
     * A GPU UUID as uni-cumps spells {@code learner_gpu_uuid}/{@code collector_gpu_uuid}: upper case,
     * without the {@code GPU-} prefix and the dashes ({@code GPU-5f0c1a2e-…} → {@code 5F0C1A2E…}), the
     * form torch's device properties and nvidia-smi's are compared in. {@code gpu_uuid} keeps
     * nvidia-smi's spelling.
     */
    static String canonicalUuid(String uuid) {
        String upper = uuid.strip().toUpperCase(Locale.ROOT);
        return (upper.startsWith("GPU-") ? upper.substring(4) : upper).replace("-", "");
    }
}
