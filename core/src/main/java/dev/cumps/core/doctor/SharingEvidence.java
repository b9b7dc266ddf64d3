package dev.cumps.core.doctor;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CUDA process-sharing evidence under uni-cumps's keys and types (docs/cli.md): the doctor
 * probes as one process ({@code rank} 0 of {@code world_size} 1) whose learner and collector share
 * the selected GPU, addressed as {@code cuda:<ordinal among the visible GPUs>};
 * {@code configured}/{@code effective} are {@code "mps"} when a live managed daemon is selected /
 * answers, else null; {@code ambient_server} is whether NVIDIA's default pipe directory holds a
 * control pipe no record owns. Keys about the daemon ({@code daemon_pid}, {@code gpu_uuid}) follow
 * as additions; without a daemon, {@code error} names the first failed check.
 */
final class SharingEvidence {
    private SharingEvidence() {
    }

    static Map<String, Object> of(DoctorContext context, List<DoctorCheck> results) {
        Optional<DaemonRecord> daemon = context.daemon();
        Optional<ControlPipe> pipe = context.controlPipe();
        Optional<CommandResult> answer = daemon.map(d -> context.answer());
        boolean answered = answer.map(MpsControl::answered).orElse(false);
        Optional<Gpu> gpu = context.gpu();
        List<Gpu> visible = context.visible().orElse(List.of());
        Optional<String> device = gpu.map(g -> "cuda:" + visible.indexOf(g));
        Optional<String> uuid = gpu.map(g -> g.uuid().value());
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
        e.put("server_pid", answered ? serverPid(answer.get()) : null);
        Path ambient = context.host().nvidiaPipeDirectory();
        e.put("ambient_server", ControlPipe.in(ambient).isPresent()
                && context.managed().stream().noneMatch(d -> d.record().pipeDirectory().equals(ambient)));
        e.put("gpu_uuid", daemon.map(DaemonRecord::firstGpu).orElse(null));
        e.put("daemon_pid", daemon.map(DaemonRecord::pid).orElse(null));
        if (daemon.isEmpty()) {
            e.put("error", results.stream().filter(c -> c.status() == CheckStatus.FAIL).map(c -> c.title() + ": " + c.observed())
                    .findFirst().orElse(DoctorText.NO_LIVE_DAEMON.english()));
        }
        return e;
    }

    /** The first pid in the server list, as uni-cumps reports {@code server_pid}. */
    private static Long serverPid(CommandResult answer) {
        return answer.stdout().lines().map(String::strip).filter(s -> s.matches("\\d+")).map(Long::parseLong).findFirst().orElse(null);
    }
}
