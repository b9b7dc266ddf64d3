package dev.cumps.core.doctor;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.live.LimitsService;
import dev.cumps.core.live.LiveSnapshotService;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.snapshot.HostSnapshotService;
import dev.cumps.core.status.StatusService;
import dev.cumps.core.testing.Sandbox;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A doctor, or one run's context, over a {@link Sandbox} with the caller's environment and runner: the services wired
 * as {@code CoreServices} wires them, each daemon asked through NVIDIA's program within {@code answer}.
 */
public final class DoctorFixture {
    private final HostEnvironment host;
    private final Sandbox sb;
    private final HostSnapshotService snapshots;
    private final LimitsService limits;
    private final MpsControl control;

    public DoctorFixture(Sandbox sb, HostEnvironment host, CommandRunner runner, Duration answer) {
        this.sb = sb;
        this.host = host;
        RecordStore store = new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock);
        Liveness liveness = new Liveness(sb.processes);
        this.control = new MpsControl(runner, host, answer);
        this.snapshots = new HostSnapshotService(new StatusService(host, runner, store, liveness, false),
                new LiveSnapshotService(host, runner, sb.processes, store, liveness, control));
        this.limits = new LimitsService(sb.processes, store, liveness, control);
    }

    /** A doctor running {@code checks}. */
    public Doctor doctor(List<Check> checks) {
        return new Doctor(snapshots, limits, control, host, sb.processes, checks, GuideLink.none());
    }

    /** A fresh run's context for {@code selector}: the host read now, as the doctor reads it. */
    public DoctorContext context(Optional<String> selector) {
        return new DoctorContext(snapshots.read(Detail.SERVERS), selector, host, sb.processes, limits, control);
    }
}
