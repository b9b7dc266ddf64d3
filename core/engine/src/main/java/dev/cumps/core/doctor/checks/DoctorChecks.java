package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.Check;
import java.util.List;

/**
 * The doctor's checks in the order they run and are shown: the host and its GPUs first, then the
 * selected daemon, then this shell's environment. Each check's premises come before it.
 */
public final class DoctorChecks {
    private DoctorChecks() {
    }

    public static List<Check> all() {
        return List.of(new PlatformCheck(), new NvidiaSmiCheck(), new VisibilityCheck(), new TopologyCheck(), new MigCheck(),
                new ComputeModeCheck(), new DaemonCountCheck(), new IdentityCheck(), new ControlPipeCheck(), new PipeAccessCheck(),
                new AnswersCheck(), new PidFileCheck(), new ControlLogCheck(), new EnvPipeDirectoryCheck(), new EnvVisibleIndexCheck(),
                new LimitsMatchRecordCheck(), new ServerUidCheck(), new UnmanagedClientsCheck(),
                // Guided fixes (issue 9): leftovers of dead daemons, host-wide.
                new StaleRecordCheck(), new OrphanedSocketCheck(), new StalePidFileCheck());
    }
}
