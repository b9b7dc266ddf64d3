package dev.cumps.app.session;

import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.sim.Simulation;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The clean-up of a simulated host's sandbox, shared by the {@link HostSession}'s own close and the
 * {@link SessionGuard} that finishes it after the console's JVM ended without it (so neither of the two calls
 * into the other).
 */
final class SandboxCleanup {

    private static final System.Logger LOG = System.getLogger(SandboxCleanup.class.getName());
    /** How long the guard waits for each demo client it ended before it removes the sandbox. */
    private static final Duration CLIENT_EXIT = Duration.ofSeconds(20);

    private SandboxCleanup() {
    }

    /**
     * What {@link HostSession#close()} does, for the {@link SessionGuard} after the console's JVM ended without
     * it: ends {@code clients} (the demo's, each only if its pid still runs with that start time),
     * stops the daemons of the console's sandbox at {@code root} through the core's verified stop and
     * removes the sandbox. Nothing when the sandbox is gone; never throws.
     */
    static void finishAbandoned(HostEnvironment host, Path root, List<ProcessIdentity> clients) {
        finishAbandoned(host, root, clients, CoreServices.real(host, Optional.empty(), false).processes());
    }

    /** {@link #finishAbandoned(HostEnvironment, Path, List)}, reading and signalling the clients through {@code processes}. */
    static void finishAbandoned(HostEnvironment host, Path root, List<ProcessIdentity> clients, ProcessTable processes) {
        List<ProcessHandle> ending = new ArrayList<>();
        for (ProcessIdentity client : clients) {
            try {
                Optional<ProcessHandle> handle = ProcessHandle.of(client.pid());
                processes.terminate(client);
                handle.ifPresent(ending::add);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not end the demo client " + client.pid(), e);
            }
        }
        // A client still ending writes into the sandbox; removing it meanwhile failed (not empty).
        for (ProcessHandle client : ending) {
            try {
                client.onExit().get(CLIENT_EXIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                LOG.log(Level.WARNING, "The demo client " + client.pid() + " did not end within " + CLIENT_EXIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        try {
            Optional<Simulation> sim = Simulation.abandoned(host, root);
            if (sim.isPresent()) {
                LOG.log(Level.INFO, "The console ended without cleaning up its simulated host " + root + "; cleaning up");
                stopAndRemove(sim.get().services(Optional.empty()), sim.get());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not clean up the simulated host " + root, e);
        }
    }

    /** Stops the daemons of {@code sim} through the core's verified stop, then removes its sandbox; never throws. */
    static void stopAndRemove(CoreServices services, Simulation sim) {
        try {
            List<StopOutcome> outcomes = services.stopper().stopAll();
            outcomes.stream().filter(o -> o.result() == StopOutcome.Result.FAILED)
                    .forEach(o -> LOG.log(Level.WARNING, "Simulated daemon not stopped: " + o.message()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not stop the simulated daemons", e);
        }
        try {
            sim.remove();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not remove the simulation sandbox", e);
        }
    }
}
