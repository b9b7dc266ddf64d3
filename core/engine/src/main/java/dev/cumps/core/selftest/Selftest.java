package dev.cumps.core.selftest;

import dev.cumps.core.doctor.Doctor;
import dev.cumps.core.env.EnvService;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.lifecycle.StartPlan;
import dev.cumps.core.lifecycle.StartPlanner;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.status.StatusService;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The hardware self-test ({@code cumps selftest}): the whole lifecycle on one GPU, through the same
 * services the commands use, each step with pass/fail/skip and its raw evidence; it leaves nothing
 * it started running. Steps, in order: {@link StatusStep}, {@link StartStep}, {@link DoctorStep},
 * {@link EnvStep}, {@link ClientStep}, {@link StopStep}, {@link KillRecoverStep},
 * {@link AlteredRecordStep}, then always {@link Cleanup}.
 */
public final class Selftest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final SelftestServices services;
    private final Clock clock;
    private final boolean simulated;

    public Selftest(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store, StartPlanner planner,
                    DaemonStarter starter, DaemonStopper stopper, StatusService status, Doctor doctor, EnvService env, MpsControl control,
                    Clock clock, LifecycleTimeouts timeouts, boolean simulated) {
        // A daemon told to go, or killed, gets as long as stop gives a daemon to exit.
        this.services = new SelftestServices(host, runner, processes, store, planner, starter, stopper, status, doctor, env, control,
                timeouts.exit());
        this.clock = clock;
        this.simulated = simulated;
    }

    /**
     * What {@code start --gpus SEL} would use, without side effects; throws the start's refusal for
     * a selector naming several GPUs, {@code all}, a MIG-enabled GPU or one that is not visible.
     */
    public StartPlan preflight(String gpus) {
        return services.planner().plan(new StartRequest(Optional.of(gpus), Optional.of(newName()), Optional.empty(), Optional.empty()));
    }

    /** A run with a fresh throwaway name; call {@link SelftestRun#run} on it. */
    public SelftestRun newRun(SelftestRequest request) {
        List<Step> steps = List.of(new StatusStep(), new StartStep(), new DoctorStep(), new EnvStep(), new ClientStep(), new StopStep(),
                new KillRecoverStep(), new AlteredRecordStep());
        return new SelftestRun(services, new RunState(request, newName()), steps, clock, simulated);
    }

    private static String newName() {
        byte[] bytes = new byte[4];
        RANDOM.nextBytes(bytes);
        return "selftest-" + HexFormat.of().formatHex(bytes);
    }
}
