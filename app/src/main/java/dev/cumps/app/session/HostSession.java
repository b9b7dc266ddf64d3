package dev.cumps.app.session;

import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.mps.ControlClient;
import dev.cumps.sim.Simulation;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The host the window works on: the real one (the same core services as {@code cumps}), or with
 * {@code --simulate} a private simulated host whose daemons are stopped and whose sandbox is
 * removed when the window closes ({@link #close()}, also run by a shutdown hook, and by a
 * {@link SessionGuard} process when the JVM ended without either).
 */
public final class HostSession implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(HostSession.class.getName());

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
        return open(simulate, host, LifecycleTimeouts.defaults());
    }

    /** Like {@link #open(boolean, HostEnvironment)}, with the start's and stop's waits bounded by {@code timeouts}. */
    public static HostSession open(boolean simulate, HostEnvironment host, LifecycleTimeouts timeouts) {
        if (!simulate) {
            return new HostSession(CoreServices.real(host, Optional.empty(), false, timeouts, ControlClient.LONG_LIVED), Optional.empty(), host.env());
        }
        return simulated(Simulation.fresh(host), host, timeouts);
    }

    /** The simulated host {@code sim}, with {@code host}'s environment for the session guard. */
    public static HostSession simulated(Simulation sim, HostEnvironment host) {
        return simulated(sim, host, LifecycleTimeouts.defaults());
    }

    /** Like {@link #simulated(Simulation, HostEnvironment)}, with the start's and stop's waits bounded by {@code timeouts}. */
    public static HostSession simulated(Simulation sim, HostEnvironment host, LifecycleTimeouts timeouts) {
        // Asked as the window asks a real host: in-process, every question (the stand-ins speak NVIDIA's protocol).
        return new HostSession(sim.services(Optional.empty(), timeouts, ControlClient.LONG_LIVED), Optional.of(sim), host.env());
    }

    public CoreServices services() {
        return services;
    }

    /**
     * Simulated host only: starts the demo daemon with two attached clients ({@link SimulateDemo});
     * blocking, so call it on a worker. Its clients are ended by {@link #close()}.
     */
    public void startDemo() {
        Simulation sim = simulated.orElseThrow(() -> new IllegalStateException("the demo needs --simulate"));
        SimulateDemo started = new SimulateDemo(services.starter(), sim, services.processes(),
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
        SandboxCleanup.stopAndRemove(services, simulated.get());
        guard().ifPresent(SessionGuard::close);
    }
}
