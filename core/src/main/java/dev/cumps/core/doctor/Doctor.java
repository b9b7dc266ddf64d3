package dev.cumps.core.doctor;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.NvidiaSmi;
import dev.cumps.core.gpu.Visibility;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.status.StatusService;
import dev.cumps.core.topology.Selectors;
import dev.cumps.core.topology.TopologyPlan;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Read-only diagnosis of the host for one selector. Each check records what it observed, what it
 * expected and a remedy; a check whose premise failed is skipped, not guessed. Nothing is written
 * and nothing is signalled: the only command sent to a daemon is {@code get_server_list}.
 */
public final class Doctor {
    private static final int LOG_WINDOW = 20;

    private final HostEnvironment host;
    private final CommandRunner runner;
    private final ProcessTable processes;
    private final RecordStore store;
    private final Liveness liveness;
    private final MpsControl control;

    public Doctor(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                  Liveness liveness, LifecycleTimeouts timeouts) {
        this.host = host;
        this.runner = runner;
        this.processes = processes;
        this.store = store;
        this.liveness = liveness;
        this.control = new MpsControl(runner, host, timeouts.answer());
    }

    public DoctorReport run(Optional<String> selector) {
        return run(selector, check -> { });
    }

    /** Runs every check, handing each to {@code listener} as it completes. Interruption cancels. */
    public DoctorReport run(Optional<String> selector, Consumer<DoctorCheck> listener) {
        Run run = new Run(listener);
        Map<String, Object> sharing = new LinkedHashMap<>();

        run.add("platform", "Linux host", host.isLinux() ? CheckStatus.PASS : CheckStatus.FAIL, host.platform(), "Linux",
                "MPS runs only on Linux; use a Linux host");

        GpuInventory inventory = new NvidiaSmi(runner, host).query();
        run.add("nvidia_smi", "nvidia-smi answers", inventory.ok() ? CheckStatus.PASS : CheckStatus.FAIL,
                inventory.ok() ? inventory.gpus().size() + " GPU(s), driver " + inventory.driverVersion().orElse("unknown")
                        : inventory.diagnostic().orElse(""),
                "nvidia-smi lists the GPUs within " + NvidiaSmi.TIMEOUT.toSeconds() + " s",
                "install or repair the NVIDIA driver; check `nvidia-smi` by hand");

        List<Gpu> visible = List.of();
        boolean visibilityOk = false;
        Optional<String> mask = host.get("CUDA_VISIBLE_DEVICES");
        if (!inventory.ok()) {
            run.skip("visibility", "CUDA_VISIBLE_DEVICES resolves", "needs nvidia-smi");
        } else {
            try {
                visible = Visibility.apply(mask, inventory.gpus());
                visibilityOk = true;
                run.add("visibility", "CUDA_VISIBLE_DEVICES resolves", CheckStatus.PASS,
                        "CUDA_VISIBLE_DEVICES=" + mask.orElse("(unset)") + " leaves " + visible.size() + " GPU(s) visible",
                        "every entry names a GPU", "");
            } catch (CumpsException e) {
                run.add("visibility", "CUDA_VISIBLE_DEVICES resolves", CheckStatus.FAIL, e.getMessage(),
                        "every entry names a GPU", "fix or unset CUDA_VISIBLE_DEVICES");
            }
        }

        Optional<TopologyPlan> plan = Optional.empty();
        Optional<Gpu> gpu = Optional.empty();
        if (!visibilityOk) {
            run.skip("topology", "selector resolves to a supported topology", "needs the visible GPUs");
            run.skip("mig", "MIG is disabled", "needs a resolved GPU");
            run.skip("compute_mode", "compute mode suits MPS", "needs a resolved GPU");
        } else {
            try {
                TopologyPlan p = Selectors.resolve(selector, visible);
                plan = Optional.of(p);
                if (p.mode().supported()) {
                    run.add("topology", "selector resolves to a supported topology", CheckStatus.PASS,
                            describeSelector(selector) + " -> " + p.mode().id() + " on " + p.gpus().get(0).uuid(), "single_gpu", "");
                    gpu = Optional.of(p.gpus().get(0));
                } else {
                    run.add("topology", "selector resolves to a supported topology", CheckStatus.FAIL,
                            describeSelector(selector) + " -> " + p.mode().id() + " (" + p.gpus().size() + " GPUs)", "single_gpu",
                            "only single_gpu runs today; select one GPU with --gpus INDEX|UUID");
                }
            } catch (CumpsException e) {
                run.add("topology", "selector resolves to a supported topology", CheckStatus.FAIL, e.getMessage(), "single_gpu",
                        "select one visible GPU with --gpus INDEX|UUID");
            }
            if (gpu.isEmpty()) {
                run.skip("mig", "MIG is disabled", "needs a single resolved GPU");
                run.skip("compute_mode", "compute mode suits MPS", "needs a single resolved GPU");
            } else {
                Gpu g = gpu.get();
                run.add("mig", "MIG is disabled", g.migEnabled() ? CheckStatus.FAIL : CheckStatus.PASS,
                        "mig.mode.current=" + g.migMode().orElse("[N/A]"), "Disabled or not supported",
                        "MIG is not supported: `sudo nvidia-smi -i " + g.index() + " -mig 0`, or choose another GPU");
                run.add(computeModeCheck(g));
            }
        }

        List<ManagedDaemon> managed = store.list().records().stream().map(liveness::assess).toList();
        Optional<DaemonRecord> daemon = Optional.empty();
        if (gpu.isEmpty()) {
            run.skip("daemon_count", "exactly one live managed daemon for the GPU", "needs a single resolved GPU");
        } else {
            String uuid = gpu.get().uuid().value();
            List<ManagedDaemon> forGpu = managed.stream().filter(d -> d.record().gpuUuids().contains(uuid)).toList();
            List<ManagedDaemon> live = forGpu.stream().filter(ManagedDaemon::live).toList();
            String observed = live.size() + " live" + (forGpu.size() > live.size() ? ", " + (forGpu.size() - live.size()) + " stale" : "")
                    + " record(s) for " + uuid + names(live);
            if (live.size() == 1) {
                daemon = Optional.of(live.get(0).record());
                run.add("daemon_count", "exactly one live managed daemon for the GPU", CheckStatus.PASS, observed, "1 live record", "");
            } else if (live.isEmpty()) {
                run.add("daemon_count", "exactly one live managed daemon for the GPU", CheckStatus.FAIL, observed, "1 live record",
                        "start one: `cumps start --gpus " + gpu.get().index() + "`");
            } else {
                run.add("daemon_count", "exactly one live managed daemon for the GPU", CheckStatus.FAIL, observed, "1 live record",
                        "stop all but one: `cumps stop --name NAME`");
            }
        }
        daemonChecks(run, daemon, sharing);

        if (daemon.isEmpty()) {
            run.skip("env_pipe_directory", "CUDA_MPS_PIPE_DIRECTORY points at this daemon", "needs one live daemon");
        } else {
            Path pipe = daemon.get().pipeDirectory();
            Optional<String> envPipe = host.get("CUDA_MPS_PIPE_DIRECTORY").filter(s -> !s.isBlank());
            if (envPipe.isEmpty()) {
                run.add("env_pipe_directory", "CUDA_MPS_PIPE_DIRECTORY points at this daemon", CheckStatus.PASS,
                        "unset in this shell", "unset, or " + pipe, "");
            } else if (Path.of(envPipe.get()).toAbsolutePath().normalize().equals(pipe)) {
                run.add("env_pipe_directory", "CUDA_MPS_PIPE_DIRECTORY points at this daemon", CheckStatus.PASS,
                        envPipe.get(), pipe.toString(), "");
            } else {
                run.add("env_pipe_directory", "CUDA_MPS_PIPE_DIRECTORY points at this daemon", CheckStatus.WARN, envPipe.get(),
                        pipe.toString(), "CUDA programs started from this shell will not use daemon '" + daemon.get().name()
                                + "'; run `eval \"$(cumps env --name " + daemon.get().name() + ")\"`");
            }
        }
        run.add(visibleIndexCheck(mask, inventory));

        boolean valid = run.checks.stream().noneMatch(c -> c.status() == CheckStatus.FAIL);
        Map<String, Object> evidence = sharingEvidence(daemon, sharing, gpu, visible, managed, valid);
        if (daemon.isEmpty()) {
            evidence.put("error", run.firstFailure().orElse("no live managed daemon for the selected GPU"));
        }
        sharing = evidence;
        DoctorReport.Plan reportPlan = plan.map(p -> new DoctorReport.Plan(selector.orElse(""), p.mode(), p.gpus()))
                .orElseGet(() -> new DoctorReport.Plan(selector.orElse(""), Selectors.requestedMode(selector), List.of()));
        return new DoctorReport(run.checks, visibilityOk ? StatusService.compatibleModes(visible) : List.of(), reportPlan, managed, sharing);
    }

    /**
     * The CUDA process-sharing evidence under uni-cumps's keys and types (docs/cli.md): the doctor
     * probes as one process ({@code rank} 0 of {@code world_size} 1) whose learner and collector
     * share the selected GPU, addressed as {@code cuda:<ordinal among the visible GPUs>};
     * {@code configured}/{@code effective} are {@code "mps"} when a live managed daemon is selected
     * / answers, else null; {@code ambient_server} is whether NVIDIA's default pipe directory holds
     * a control pipe no record owns. Keys found by the daemon checks ({@code daemon_pid},
     * {@code gpu_uuid}) follow as additions.
     */
    private Map<String, Object> sharingEvidence(Optional<DaemonRecord> daemon, Map<String, Object> found, Optional<Gpu> gpu,
                                                       List<Gpu> visible, List<ManagedDaemon> managed, boolean valid) {
        Map<String, Object> e = new LinkedHashMap<>();
        boolean answered = Boolean.TRUE.equals(found.get("answered"));
        Optional<String> device = gpu.map(g -> "cuda:" + visible.indexOf(g));
        Optional<String> uuid = gpu.map(g -> g.uuid().value());
        e.put("configured", daemon.isPresent() ? "mps" : null);
        e.put("effective", answered ? "mps" : null);
        e.put("validated", valid);
        e.put("rank", 0);
        e.put("world_size", 1);
        e.put("learner_device", device.orElse(null));
        e.put("collector_device", device.orElse(null));
        e.put("learner_gpu_uuid", uuid.orElse(null));
        e.put("collector_gpu_uuid", uuid.orElse(null));
        e.put("pipe_directory_env", host.get("CUDA_MPS_PIPE_DIRECTORY").orElse(null));
        e.put("pipe_directory", found.get("pipe_directory"));
        e.put("control_pipe", found.get("control_pipe"));
        e.put("control_pipe_kind", found.get("control_pipe_kind"));
        e.put("server_pid", found.get("server_pid"));
        Path ambient = RuntimeDirs.NVIDIA_DEFAULT_PIPE_DIRECTORY;
        e.put("ambient_server", ControlPipe.in(ambient).isPresent()
                && managed.stream().noneMatch(d -> d.record().pipeDirectory().equals(ambient)));
        e.put("gpu_uuid", found.get("gpu_uuid"));
        e.put("daemon_pid", found.get("daemon_pid"));
        return e;
    }

    private void daemonChecks(Run run, Optional<DaemonRecord> daemon, Map<String, Object> sharing) {
        String[][] dependent = {
                {"identity", "recorded pid and start time match"},
                {"control_pipe", "control pipe exists and is a socket or FIFO"},
                {"pipe_access", "control pipe is usable and private"},
                {"answers", "daemon answers get_server_list"},
                {"pid_file", "pid file agrees with the record"},
                {"control_log", "control.log shows no recent error"},
        };
        if (daemon.isEmpty()) {
            for (String[] c : dependent) {
                run.skip(c[0], c[1], "needs one live managed daemon");
            }
            return;
        }
        DaemonRecord r = daemon.get();
        sharing.put("gpu_uuid", r.firstGpu());
        sharing.put("pipe_directory", r.pipeDirectory().toString());
        sharing.put("daemon_pid", r.pid());
        Optional<ProcessInfo> info = processes.find(r.pid());
        run.add("identity", dependent[0][1], processes.isAlive(r.identity()) ? CheckStatus.PASS : CheckStatus.FAIL,
                "pid " + r.pid() + " start " + info.map(i -> Long.toString(i.startTicks())).orElse("(gone)") + " '"
                        + info.map(ProcessInfo::comm).orElse("") + "'",
                "pid " + r.pid() + " start " + r.processStartTicks(), "the record is stale; `cumps stop --name " + r.name() + "` cleans it");

        Optional<ControlPipe> pipe = ControlPipe.in(r.pipeDirectory());
        sharing.put("control_pipe", pipe.map(p -> p.path().toString()).orElse(null));
        sharing.put("control_pipe_kind", pipe.map(p -> p.kind().id()).orElse(null));
        run.add("control_pipe", dependent[1][1], pipe.isPresent() ? CheckStatus.PASS : CheckStatus.FAIL,
                pipe.map(p -> p.path() + " (" + p.kind().id() + ")").orElse(r.pipeDirectory().resolve(ControlPipe.CONTROL) + " is missing or not a socket/FIFO"),
                r.pipeDirectory().resolve(ControlPipe.CONTROL) + " as unix_socket or fifo",
                "restart the daemon: `cumps stop --name " + r.name() + " && cumps start --name " + r.name() + "`");

        if (pipe.isEmpty()) {
            run.skip("pipe_access", dependent[2][1], "needs the control pipe");
        } else {
            run.add(pipeAccessCheck(pipe.get(), r));
        }

        CommandResult answer = control.ask(r.pipeDirectory(), r.logDirectory(), "get_server_list");
        boolean answered = MpsControl.answered(answer);
        sharing.put("answered", pipe.isPresent() && answered);
        sharing.put("server_pid", answered ? answer.stdout().lines().map(String::strip).filter(s -> s.matches("\\d+"))
                .map(Long::parseLong).findFirst().orElse(null) : null);
        run.add("answers", dependent[3][1], answered ? CheckStatus.PASS : CheckStatus.FAIL,
                answered ? "answered; servers: " + (answer.stdout().isBlank() ? "none yet" : answer.stdout().strip().replace('\n', ' '))
                        : answer.describeFailure(),
                "exit status 0", "see control.log in " + r.logDirectory() + "; restart the daemon if it hangs");

        Optional<Long> pidFile = RuntimeDirs.readPidFile(r.pipeDirectory());
        run.add("pid_file", dependent[4][1], pidFile.map(p -> p == r.pid()).orElse(false) ? CheckStatus.PASS : CheckStatus.FAIL,
                pidFile.map(p -> RuntimeDirs.PID_FILE + " says " + p).orElse(RuntimeDirs.PID_FILE + " missing or unreadable"),
                "pid " + r.pid(), "another daemon may have taken over the pipe directory; restart this one");

        List<String> tail = RuntimeDirs.controlLogTail(r.logDirectory(), LOG_WINDOW);
        List<String> errors = tail.stream().filter(RuntimeDirs::isErrorLine).toList();
        run.add("control_log", dependent[5][1], errors.isEmpty() ? CheckStatus.PASS : CheckStatus.WARN,
                errors.isEmpty() ? (tail.isEmpty() ? "control.log is empty or missing" : "no error in the last " + tail.size() + " lines")
                        : errors.get(errors.size() - 1),
                "no error in the last " + LOG_WINDOW + " lines", "read " + r.logDirectory().resolve(RuntimeDirs.CONTROL_LOG));
    }

    private DoctorCheck pipeAccessCheck(ControlPipe pipe, DaemonRecord r) {
        String title = "control pipe is usable and private";
        Path dir = r.pipeDirectory();
        List<String> problems = new ArrayList<>();
        if (!Files.isReadable(pipe.path()) || !Files.isWritable(pipe.path())) {
            problems.add(pipe.path() + " is not readable and writable by you");
        }
        try {
            RuntimeDirs.checkPrivate(dir, host.uid());
        } catch (CumpsException e) {
            problems.add(e.getMessage());
        }
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            problems.add(dir + " is not a plain directory");
        }
        return new DoctorCheck("pipe_access", title, problems.isEmpty() ? CheckStatus.PASS : CheckStatus.FAIL,
                problems.isEmpty() ? "read/write OK; " + dir + " is 0700 and yours" : String.join("; ", problems),
                "read/write; directory owned by uid " + host.uid() + " with mode 0700", "`chmod 700 " + dir + "` or restart with a private --pipe-dir");
    }

    private static DoctorCheck computeModeCheck(Gpu g) {
        String title = "compute mode suits MPS";
        String observed = "GPU " + g.index() + " compute mode " + g.computeMode();
        String expected = "Exclusive_Process";
        String remedy = "`sudo nvidia-smi -i " + g.index() + " -c EXCLUSIVE_PROCESS`";
        return switch (g.mode()) {
            case EXCLUSIVE_PROCESS -> new DoctorCheck("compute_mode", title, CheckStatus.PASS, observed, expected, "");
            case DEFAULT -> new DoctorCheck("compute_mode", title, CheckStatus.WARN, observed, expected,
                    "NVIDIA recommends EXCLUSIVE_PROCESS with MPS so only the MPS server uses the GPU: " + remedy);
            case PROHIBITED -> new DoctorCheck("compute_mode", title, CheckStatus.FAIL, observed, expected,
                    "no CUDA context (not even MPS's) can use a Prohibited GPU: " + remedy);
            case UNKNOWN -> new DoctorCheck("compute_mode", title, CheckStatus.WARN, observed, expected, remedy);
        };
    }

    /** A per-GPU MPS server renumbers its GPU as 0, so a client masked by another index finds none. */
    private static DoctorCheck visibleIndexCheck(Optional<String> mask, GpuInventory inventory) {
        String title = "CUDA_VISIBLE_DEVICES uses no nonzero index";
        if (mask.isEmpty() || mask.get().isBlank() || mask.get().strip().equalsIgnoreCase("all")) {
            return new DoctorCheck("env_visible_index", title, CheckStatus.PASS, "CUDA_VISIBLE_DEVICES " + (mask.isEmpty() ? "unset" : "'" + mask.get() + "'"),
                    "unset, 0, or GPU UUIDs", "");
        }
        List<String> warnings = new ArrayList<>();
        for (String raw : mask.get().split(",")) {
            String entry = raw.strip();
            if (entry.matches("\\d+") && !entry.equals("0")) {
                String uuid = inventory.gpus().stream().filter(g -> Integer.toString(g.index()).equals(entry))
                        .map(g -> g.uuid().value()).findFirst().orElse("(unknown GPU)");
                warnings.add(entry + " = " + uuid);
            }
        }
        if (warnings.isEmpty()) {
            return new DoctorCheck("env_visible_index", title, CheckStatus.PASS, "CUDA_VISIBLE_DEVICES='" + mask.get() + "'",
                    "unset, 0, or GPU UUIDs", "");
        }
        return new DoctorCheck("env_visible_index", title, CheckStatus.WARN, "CUDA_VISIBLE_DEVICES='" + mask.get() + "' has index " + String.join(", ", warnings),
                "unset, 0, or GPU UUIDs", "an MPS server exposes its GPU as device 0, so mask clients by UUID: CUDA_VISIBLE_DEVICES=" + String.join(",",
                        warnings.stream().map(w -> w.substring(w.indexOf("= ") + 2)).toList()));
    }

    private static String describeSelector(Optional<String> selector) {
        return selector.filter(s -> !s.isBlank()).map(s -> "--gpus " + s).orElse("no --gpus");
    }

    private static String names(List<ManagedDaemon> live) {
        return live.isEmpty() ? "" : " (" + String.join(", ", live.stream().map(ManagedDaemon::name).toList()) + ")";
    }

    /** Checks collected so far; each one is handed on as it is added. */
    private static final class Run {
        private final List<DoctorCheck> checks = new ArrayList<>();
        private final Consumer<DoctorCheck> listener;

        Run(Consumer<DoctorCheck> listener) {
            this.listener = listener;
        }

        void add(String id, String title, CheckStatus status, String observed, String expected, String remedy) {
            add(new DoctorCheck(id, title, status, observed, expected, remedy));
        }

        /** Adds a check; a passing check needs no remedy, so none is shown. */
        void add(DoctorCheck given) {
            DoctorCheck check = given.status() == CheckStatus.PASS && !given.remedy().isEmpty()
                    ? new DoctorCheck(given.id(), given.title(), given.status(), given.observed(), given.expected(), "")
                    : given;
            if (Thread.currentThread().isInterrupted()) {
                throw new CumpsException("doctor run cancelled");
            }
            checks.add(check);
            listener.accept(check);
        }

        void skip(String id, String title, String why) {
            add(new DoctorCheck(id, title, CheckStatus.SKIP, "skipped: " + why, "", ""));
        }

        Optional<String> firstFailure() {
            return checks.stream().filter(c -> c.status() == CheckStatus.FAIL).map(c -> c.title() + ": " + c.observed()).findFirst();
        }
    }

}
