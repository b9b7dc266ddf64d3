package dev.cumps.app;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.session.HostSession;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.testing.LeftRunning;
import dev.cumps.sim.MpsFault;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.Simulation;
import dev.cumps.sim.SmiFault;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * A private simulated host for one test, opened the way the console opens it ({@link HostSession}),
 * in {@code /tmp} so that socket paths stay short. {@link #close()} stops the sandbox's daemons,
 * ends by pid any daemon this test started that is still running, and removes the sandbox.
 *
 * <p>The host starts from an explicit environment ({@link #ENVIRONMENT}): nothing of the test JVM's
 * own environment (no {@code CUDA_*}, no {@code CUMPS_*}) reaches the core or the stand-ins. Faults
 * can be switched while the window is open ({@link #smiFault}, {@link #mpsFault}): the stand-ins
 * read the sandbox's {@code sim.json} on every run.
 */
public final class SimulatedConsole implements AutoCloseable {

    /**
     * The whole environment of every simulated host, less {@code HOME} (a private folder per console, never
     * the tester's), plus what a test passes to {@link #open(Map)}.
     */
    public static final Map<String, String> ENVIRONMENT = Map.of(
            "PATH", "/usr/local/bin:/usr/bin:/bin",
            "TMPDIR", "/tmp",
            "LANG", "C.UTF-8");

    private final Simulation simulation;
    private final HostSession session;
    private final Path home;
    private final List<DaemonRecord> started = new ArrayList<>();
    private final List<String> clipboard = new CopyOnWriteArrayList<>();

    private SimulatedConsole(Simulation simulation, HostSession session, Path home) {
        this.simulation = simulation;
        this.session = session;
        this.home = home;
    }

    /**
     * The caller as core sees it in a private folder {@code dir}: {@code env} with {@code HOME=dir/home},
     * and the machine's own places ({@code /tmp/nvidia-mps}, {@code /var/log/nvidia-mps}, {@code user.home})
     * under {@code dir}; only the uid, host name and platform are this machine's.
     */
    public static HostEnvironment privateHost(Path dir, Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("HOME", HostPaths.under(dir).accountHome().toString());
        HostEnvironment current = HostEnvironment.current();
        return new HostEnvironment(all, current.uid(), current.hostname(), current.platform(), HostPaths.under(dir));
    }

    public static SimulatedConsole open() {
        return open(Map.of());
    }

    /** @param env extra environment of the simulated host, e.g. {@code CUMPS_SIM_SMI_FAULT=hang} */
    public static SimulatedConsole open(Map<String, String> env) {
        return open(env, LifecycleTimeouts.defaults());
    }

    /** Like {@link #open(Map)}, with the start's and stop's waits bounded by {@code timeouts}. */
    public static SimulatedConsole open(Map<String, String> env, LifecycleTimeouts timeouts) {
        Map<String, String> all = new HashMap<>(ENVIRONMENT);
        all.putAll(env);
        Path home;
        try {
            home = Files.createTempDirectory(Path.of("/tmp"), "cumps-home-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Files.createDirectory(HostPaths.under(home).accountHome());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // As HostSession.open(true, host, timeouts) opens it, with the simulation kept for the tests' own moves.
        HostEnvironment host = privateHost(home, all);
        Simulation simulation = Simulation.fresh(host);
        return new SimulatedConsole(simulation, HostSession.simulated(simulation, host, timeouts), home);
    }

    public CoreServices services() {
        return session.services();
    }

    public HostSession session() {
        return session;
    }

    /** The simulated host under the session: its sandbox, and clients to attach. */
    public Simulation simulation() {
        return simulation;
    }

    public ConsoleContext context(UiExecutor executor, Locale locale) {
        return context(executor, Messages.forLocale(locale));
    }

    /** A context whose clipboard is {@link #clipboard()}. */
    public ConsoleContext context(UiExecutor executor, Messages messages) {
        return context(executor, messages, clipboard::add);
    }

    public ConsoleContext context(UiExecutor executor, Messages messages, ClipboardSink sink) {
        Clock clock = Clock.systemDefaultZone();
        return new ConsoleContext(executor, messages, new ActivityLog(clock), sink, clock);
    }

    /** The view models of the window on this host, sharing the seams of {@code ctx}. */
    public ViewModels viewModels(ConsoleContext ctx) {
        return ViewModels.of(services(), ctx);
    }

    /** What the contexts' clipboard received, oldest first. */
    public List<String> clipboard() {
        return clipboard;
    }

    /** Starts a daemon like {@link #start(String, int)} and returns it as the core assesses it now. */
    public ManagedDaemon live(String name, int gpu) {
        return services().liveness().assess(start(name, gpu));
    }

    /** Starts a daemon on GPU {@code gpu} through the core, as {@code cumps start} would. */
    public DaemonRecord start(String name, int gpu) {
        return start(name, gpu, MpsLimits.NONE);
    }

    /** Starts a daemon on GPU {@code gpu} with {@code limits}, as {@code cumps start --active-thread-percentage …} would. */
    public DaemonRecord start(String name, int gpu, MpsLimits limits) {
        DaemonRecord record = services().starter().start(new StartRequest(Optional.of(Integer.toString(gpu)),
                Optional.of(name), Optional.empty(), Optional.empty(), Map.of(), limits), stage -> { });
        started.add(record);
        return record;
    }

    /** Remembers a daemon started through the window, so that {@link #close()} ends it. */
    public void track(DaemonRecord record) {
        started.add(record);
    }

    /** kill -9 of the recorded daemon, and waits until it is gone. */
    public static void kill(DaemonRecord record) {
        ProcessHandle.of(record.pid()).ifPresent(ProcessHandle::destroyForcibly);
        Waits.until("daemon " + record.name() + " (pid " + record.pid() + ") to be gone",
                () -> !new ProcFsProcessTable().isAlive(record.identity()));
    }

    /** From now on every nvidia-smi run of this host behaves as {@code fault} says. */
    public void smiFault(SmiFault fault) throws IOException {
        writeConfig(config().withSmiFault(fault));
    }

    /** From now on every daemon launched on this host behaves as {@code fault} says. */
    public void mpsFault(MpsFault fault) throws IOException {
        writeConfig(config().withMpsFault(fault));
    }

    /** From now on the stand-ins simulate the machine {@code change} makes of the current one (GPUs, modes, faults). */
    public void configure(UnaryOperator<SimConfig> change) throws IOException {
        writeConfig(change.apply(config()));
    }

    /** The simulated machine as the stand-ins read it now. */
    public SimConfig config() throws IOException {
        return SimConfig.load(configFile());
    }

    /** Replaces sim.json in one step, so that a stand-in starting meanwhile reads the old or the new file whole. */
    private void writeConfig(SimConfig next) throws IOException {
        Path config = configFile();
        Path fresh = config.resolveSibling("sim.json.new");
        next.write(fresh);
        Files.move(fresh, config, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private Path configFile() {
        return simulation.sandbox().config();
    }

    /** The record file of {@code name} in this host's record root. */
    public Path recordFile(String name) {
        return records().resolve(name).resolve("daemon.json");
    }

    public Path records() {
        return simulation.sandbox().records();
    }

    /** Writes a record that cannot be parsed. */
    public void writeUnreadableRecord(String name) throws IOException {
        Path dir = records().resolve(name);
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(dir.resolve("daemon.json"), "{ not json");
    }

    public Path sandbox() {
        return simulation.root();
    }

    @Override
    public void close() {
        Path root = sandbox();
        session.close();
        ProcFsProcessTable processes = new ProcFsProcessTable();
        for (DaemonRecord record : started) {
            if (processes.isAlive(record.identity())) {
                kill(record);
            }
        }
        List<Long> left = LeftRunning.under(root, Waits.DEADLINE);
        List<String> described = left.stream().map(LeftRunning::describe).toList();
        left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        try (Stream<Path> paths = Files.walk(home)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!described.isEmpty()) {
            throw new AssertionError("the closed console's simulated host left processes running (now ended): " + described);
        }
    }
}
