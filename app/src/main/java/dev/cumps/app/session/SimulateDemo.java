package dev.cumps.app.session;

import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.StartCancellation;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.Simulation;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What {@code --simulate} shows out of the box: one daemon ({@link #NAME}, on GPU 0) with two
 * simulated MPS clients attached (real processes, so {@code /proc} answers for them, holding
 * {@link #CLIENT_MEMORY_MIB} of simulated GPU memory), so that the GPU load moves and the Clients
 * pane has something to show. Set up on a worker ({@link #start()} blocks); {@link #close()} ends
 * the clients it started, each by pid and start time (the daemon is stopped by the session). A
 * close while the demo is still starting (a window closed, or the process told to end, right after
 * launch) cancels the start through the lifecycle's cancellation, which undoes a launch as a failed
 * one, and waits for it, so no daemon or client is left behind the removed sandbox.
 */
public final class SimulateDemo {

    private static final System.Logger LOG = System.getLogger(SimulateDemo.class.getName());

    /** The demo daemon's name. */
    public static final String NAME = "demo";
    /** The simulated GPU memory of each demo client. */
    public static final List<Long> CLIENT_MEMORY_MIB = List.of(1024L, 2048L);
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(30);
    /** How long a close waits for a start in progress to give up (a cancelled start undoes its launch). */
    private static final Duration START_WAIT = Duration.ofSeconds(40);

    private final DaemonStarter starter;
    private final Simulation simulation;
    private final ProcessTable processes;
    private final Consumer<ProcessIdentity> onClient;
    private final List<ProcessIdentity> clients = new CopyOnWriteArrayList<>();
    private final StartCancellation cancellation = new StartCancellation();
    private final CountDownLatch finished = new CountDownLatch(1);
    private boolean running;
    private boolean closing;

    /** {@code onClient} hears of each client as it attaches (the session's {@link SessionGuard}). */
    SimulateDemo(DaemonStarter starter, Simulation simulation, ProcessTable processes, Consumer<ProcessIdentity> onClient) {
        this.starter = Objects.requireNonNull(starter, "starter");
        this.simulation = Objects.requireNonNull(simulation, "simulation");
        this.processes = Objects.requireNonNull(processes, "processes");
        this.onClient = Objects.requireNonNull(onClient, "onClient");
    }

    /**
     * Starts the demo daemon and attaches its clients; blocking (the control stand-in, the client
     * JVMs). Does nothing after {@link #close()}; a close during it cancels it.
     */
    void start() {
        synchronized (this) {
            if (closing) {
                return;
            }
            running = true;
        }
        try {
            DaemonRecord record = starter.start(new StartRequest(Optional.of("0"), Optional.of(NAME), Optional.empty(),
                    Optional.empty()), stage -> { }, cancellation);
            for (long memory : CLIENT_MEMORY_MIB) {
                if (cancellation.isCancelled()) {
                    return;
                }
                Simulation.AttachedClient client = simulation.attachClient(record.pipeDirectory(), memory, ATTACH_TIMEOUT);
                Optional<ProcessIdentity> identity = processes.find(client.pid()).map(ProcessInfo::identity);
                identity.ifPresent(clients::add);
                identity.ifPresent(onClient);
            }
        } finally {
            finished.countDown();
        }
    }

    /**
     * Cancels a start in progress and waits for it (at most {@link #START_WAIT}), then ends the
     * clients this demo started that still run as the same processes; never throws.
     */
    void close() {
        boolean wasRunning;
        synchronized (this) {
            closing = true;
            wasRunning = running;
        }
        cancellation.cancel();
        try {
            if (wasRunning && !finished.await(START_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.log(Level.WARNING, "The demo was still starting after " + START_WAIT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (ProcessIdentity client : clients) {
            try {
                processes.terminate(client);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not end the demo client " + client.pid(), e);
            }
        }
        clients.clear();
    }
}
