package dev.cumps.core.selftest;

import dev.cumps.core.doctor.Doctor;
import dev.cumps.core.env.EnvService;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.lifecycle.StartPlanner;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.status.StatusService;
import java.time.Duration;

/**
 * What the steps act through: the same services {@code cumps start/stop/doctor/env/status} use, and
 * the services under them (runner, process table, record store), so a unit test wires fakes.
 *
 * @param control how a step asks the test's daemon (NVIDIA's program, each question bounded)
 * @param gone    how long a process may take to disappear after it was told to go
 */
record SelftestServices(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store, StartPlanner planner,
             DaemonStarter starter, DaemonStopper stopper, StatusService status, Doctor doctor, EnvService env, MpsControl control,
             Duration gone) {
}
