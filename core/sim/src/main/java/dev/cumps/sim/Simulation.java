package dev.cumps.sim;

import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.mps.ControlClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The one place the product reaches the simulated NVIDIA host ({@code --simulate}): it prepares a
 * sandbox and wires core's services to the environment and record root the sandbox returns. The
 * simulator itself knows nothing of core's wiring.
 */
public final class Simulation {
    private final SimulatedHost sandbox;

    private Simulation(SimulatedHost sandbox) {
        this.sandbox = sandbox;
    }

    /** The CLI's per-user sandbox, {@code ${TMPDIR:-/tmp}/cumps-sim-<uid>}, kept until a reset. */
    public static Simulation cliSandbox(HostEnvironment host) {
        return new Simulation(SimulatedHost.forCli(host));
    }

    /** A fresh private sandbox for one console run; {@link #remove()} it when the console exits. */
    public static Simulation fresh(HostEnvironment host) {
        return new Simulation(SimulatedHost.fresh(host));
    }

    /**
     * The sandbox at {@code root} that a console made with {@link #fresh} and did not remove (it
     * ended without closing its window), when it is still there; refused unless it is a console
     * sandbox in {@code host}'s {@code TMPDIR} and the caller's private folder.
     */
    public static Optional<Simulation> abandoned(HostEnvironment host, Path root) {
        SimulatedHost sandbox = SimulatedHost.abandoned(host, root);
        if (!sandbox.exists()) {
            return Optional.empty();
        }
        sandbox.check();
        return Optional.of(new Simulation(sandbox));
    }

    /** Core services on this sandbox; {@code records} overrides the sandbox's record root. */
    public CoreServices services(Optional<Path> records) {
        return services(records, LifecycleTimeouts.defaults());
    }

    /**
     * Core services on this sandbox whose start and stop wait as long as {@code timeouts} allow, asking its daemons as one
     * command-line run asks them ({@link ControlClient#ONE_RUN}).
     */
    public CoreServices services(Optional<Path> records, LifecycleTimeouts timeouts) {
        return services(records, timeouts, ControlClient.ONE_RUN);
    }

    /**
     * Like {@link #services(Optional, LifecycleTimeouts)}, its daemons asked in-process from {@code inProcessFrom} daemons
     * together, as {@link CoreServices#real(HostEnvironment, Optional, boolean, LifecycleTimeouts, int)}
     * asks a real host's: the stand-in daemons speak NVIDIA's protocol (docs/simulator.md), so the window
     * ({@link ControlClient#LONG_LIVED}) asks them as it asks NVIDIA's.
     */
    public CoreServices services(Optional<Path> records, LifecycleTimeouts timeouts, int inProcessFrom) {
        SimulatedHost.Prepared prepared = sandbox.prepare(records);
        return CoreServices.real(prepared.environment(), Optional.of(prepared.recordRoot()), true, timeouts, inProcessFrom);
    }

    /** A simulated client that attached to a daemon: its pid, its server's pid and the GPU it uses. */
    public record AttachedClient(long pid, long serverPid, String gpuUuid) {
    }

    /**
     * Starts a simulated MPS client (a real process) for the daemon serving {@code pipeDirectory},
     * holding {@code memoryMiB} of simulated GPU memory, and returns once it has attached; it runs on
     * until it is killed or its daemon stops.
     */
    public AttachedClient attachClient(Path pipeDirectory, long memoryMiB, Duration timeout) {
        SimClientLauncher.Attached attached = SimClientLauncher.attach(sandbox.environment().childEnvironment(),
                pipeDirectory, memoryMiB, timeout);
        return new AttachedClient(attached.pid(), attached.serverPid(), attached.gpuUuid());
    }

    /**
     * The self-test's client on this sandbox: the command line of a simulated CUDA program that
     * attaches through the environment it is given ({@code CUDA_MPS_PIPE_DIRECTORY}), holds a little
     * simulated GPU memory for {@code hold} and exits 0.
     */
    public static List<String> selftestClient(Duration hold) {
        return SimClientLauncher.shortClientCommand(64, hold.toMillis());
    }

    /** The sandbox itself: its tools, config and records (used by tests that shape the simulated host). */
    public SimulatedHost sandbox() {
        return sandbox;
    }

    public Path root() {
        return sandbox.root();
    }

    /** Whether the sandbox folder exists (links are not followed). */
    public boolean exists() {
        return sandbox.exists();
    }

    /** Deletes the sandbox after checking it is the caller's; stop its daemons first. */
    public void remove() {
        sandbox.remove();
    }
}
