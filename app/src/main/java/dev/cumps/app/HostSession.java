package dev.cumps.app;

import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.sim.Simulation;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The host the window works on: the real one (the same core services as {@code cumps}), or with
 * {@code --simulate} a private simulated host whose daemons are stopped and whose sandbox is
 * removed when the window closes ({@link #close()}, also run by a shutdown hook, and by a
 * {@link SessionGuard} process when the JVM ended without either).
 */
public final class HostSession implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(HostSession.class.getName());
    /** How long the guard waits for each demo client it ended before it removes the sandbox. */
    private static final Duration CLIENT_EXIT = Duration.ofSeconds(20);

    private final CoreServices services;
    private final Optional<Simulation> simulated;
    private final Map<String, String> environment;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile SimulateDemo demo;
    private Optional<SessionGuard> guard = Optional.empty();

    private HostSession(CoreServices services, Optional<Simulation> simulated, Map<String, String> environment) {
        this.services = Objects.requireNonNull(services, "services");
        this.simulated = simulated;
        this.environment = Map.copyOf(environment);
    }

    /** The real host, or a fresh simulated one in {@code host}'s {@code TMPDIR}. */
    public static HostSession open(boolean simulate, HostEnvironment host) {
        if (!simulate) {
            return new HostSession(CoreServices.real(host, Optional.empty(), false), Optional.empty(), host.env());
        }
        Simulation sim = Simulation.fresh(host);
        return new HostSession(sim.services(Optional.empty()), Optional.of(sim), host.env());
    }

    public CoreServices services() {
        return services;
    }

    public Optional<Simulation> simulatedHost() {
        return simulated;
    }

    /**
     * Simulated host only: starts the demo daemon with two attached clients ({@link SimulateDemo});
     * blocking, so call it on a worker. Its clients are ended by {@link #close()}.
     */
    public void startDemo() {
        Simulation sim = simulated.orElseThrow(() -> new IllegalStateException("the demo needs --simulate"));
        SimulateDemo started = new SimulateDemo(services.lifecycle(), sim, new ProcFsProcessTable(),
                client -> guard().ifPresent(g -> g.client(client)));
        synchronized (this) {
            if (closed.get()) {
                return; // closed before the worker got here: nothing to start
            }
            demo = started;
        }
        started.start();
    }

    /**
     * Simulated host only: starts the {@link SessionGuard} that cleans up this sandbox should the JVM
     * end without running {@link #close()} (the X server went away: GTK ends the process at once). Once;
     * a console calls it on a worker (it starts a small JVM) before anything runs on the simulated host.
     */
    public void guardAgainstSuddenExit() {
        Simulation sim = simulated.orElseThrow(() -> new IllegalStateException("the guard needs --simulate"));
        synchronized (this) {
            if (closed.get() || guard.isPresent()) {
                return;
            }
            guard = SessionGuard.start(sim.root(), environment);
        }
    }

    private synchronized Optional<SessionGuard> guard() {
        return guard;
    }

    /** Runs {@link #close()} when the JVM exits another way (a signal); harmless after a close. */
    public HostSession closeOnExit() {
        if (simulated.isPresent()) {
            Thread hook = new Thread(this::close, "cumps-sim-cleanup");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        return this;
    }

    /**
     * Runs {@link #close()} without holding the caller (the FX thread when the window closes): on a
     * daemon thread, watched by a non-daemon thread that keeps the JVM up until the close has
     * finished or {@code limit} has passed (then the JVM may exit and leave the rest to nothing: a
     * hung stand-in must not keep a closed window's process alive for ever).
     *
     * @return the watching thread (started); it ends when the close ends or after {@code limit}
     */
    public Thread closeInBackground(Duration limit) {
        Thread closer = new Thread(this::close, "cumps-session-close");
        closer.setDaemon(true);
        Thread watcher = new Thread(() -> {
            closer.start();
            try {
                closer.join(limit.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (closer.isAlive()) {
                LOG.log(Level.WARNING, "The simulated host was not cleaned up within " + limit.toSeconds() + " s");
            }
        }, "cumps-session-close-wait");
        watcher.setDaemon(false);
        watcher.start();
        return watcher;
    }

    /** Simulated host only: ends the demo's clients, stops its daemons, then removes the sandbox. Once; never throws. */
    @Override
    public void close() {
        SimulateDemo started;
        synchronized (this) {
            if (simulated.isEmpty() || !closed.compareAndSet(false, true)) {
                return;
            }
            started = demo;
        }
        if (started != null) {
            started.close();
        }
        stopAndRemove(services, simulated.get());
        guard().ifPresent(SessionGuard::close);
    }

    /**
     * What {@link #close()} does, for the {@link SessionGuard} after the console's JVM ended without
     * it: ends {@code clients} (the demo's, each only if its pid still runs with that start time),
     * stops the daemons of the console's sandbox at {@code root} through the core's verified stop and
     * removes the sandbox. Nothing when the sandbox is gone; never throws.
     */
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

    private static void stopAndRemove(CoreServices services, Simulation sim) {
        try {
            List<StopOutcome> outcomes = services.lifecycle().stopAll();
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
