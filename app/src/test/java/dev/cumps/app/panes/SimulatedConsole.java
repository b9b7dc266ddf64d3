package dev.cumps.app.panes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import dev.cumps.app.ConsoleContext;
import dev.cumps.app.Messages;
import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.sim.SimulatedHost;

/**
 * A private simulated NVIDIA host (two GPUs, stand-in tools as real processes) for the panes'
 * tests. TMPDIR is a short folder under /tmp so that socket paths stay short. {@link #close()}
 * stops the daemons these services started and removes every file.
 */
public final class SimulatedConsole implements AutoCloseable {

    public final Path tmp;
    public final SimulatedHost sim;
    public final CoreServices services;
    public final List<String> clipboard = new ArrayList<>();

    public SimulatedConsole() {
        tmp = shortTempDirectory();
        sim = SimulatedHost.fresh(HostEnvironment.current().withEnv(Map.of("TMPDIR", tmp.toString())));
        services = sim.services(Optional.empty());
    }

    /**
     * {@code /tmp/ui-xxxxxx}, mode 0700. {@code Files.createTempDirectory} adds up to 19 digits,
     * which with the sandbox's own random folder puts the default control socket at 96 bytes,
     * over the 95-byte limit.
     */
    private static Path shortTempDirectory() {
        for (int attempt = 0; attempt < 100; attempt++) {
            String suffix = Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36 * 36 * 36), 36);
            Path dir = Path.of("/tmp", "ui-" + suffix);
            try {
                return Files.createDirectory(dir,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                // try another name
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("no free /tmp/ui-* name");
    }

    /** Starts a daemon named {@code name} on GPU {@code gpu} and returns it as the core sees it now. */
    public ManagedDaemon start(String name, String gpu) {
        DaemonRecord record = services.lifecycle().start(
                new StartRequest(Optional.of(gpu), Optional.of(name), Optional.empty(), Optional.empty()), stage -> { });
        return services.lifecycle().assess(record);
    }

    /** A context whose clipboard is {@link #clipboard}. */
    public ConsoleContext context(UiExecutor executor, Messages messages) {
        return context(executor, messages, clipboard::add);
    }

    public ConsoleContext context(UiExecutor executor, Messages messages, ClipboardSink sink) {
        Clock clock = Clock.systemDefaultZone();
        return new ConsoleContext(services, executor, messages, new ActivityLog(clock), sink, clock);
    }

    @Override
    public void close() {
        try {
            services.lifecycle().stopAll();
        } finally {
            sim.remove();
            deleteTree(tmp);
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
