package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.CoreServices;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.RecordStore;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimToolOptions;
import dev.cumps.sim.SimTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The window's worker is interrupted when the window closes during a start. With the real stand-in
 * tools: a daemon launched by that start must not be left running without a record.
 */
class InterruptedStartTest {
    private final Path root = createShortRoot();
    private Optional<Long> launchedPid = Optional.empty();

    private static Path createShortRoot() {
        try {
            return Files.createTempDirectory(Path.of("/tmp"), "is");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void endWhatThisTestStarted() throws IOException {
        launchedPid.flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void anInterruptedStartUndoesItsLaunch() throws Exception {
        Path bin = root.resolve("bin");
        Path config = root.resolve("sim.json");
        SimConfig.defaults(1).write(config);
        SimTools.install(bin, SimToolOptions.in(root, System.getProperty("java.class.path"), config));
        Files.createDirectories(root.resolve("t"));
        HostEnvironment current = HostEnvironment.current();
        // The whole environment, not the test JVM's plus overrides: no inherited CUDA_*, CUMPS_* or HOME.
        HostEnvironment host = new HostEnvironment(Map.of(
                "PATH", bin + ":/usr/bin:/bin", "TMPDIR", root.resolve("t").toString(), "HOME", root.toString(), "LANG", "C.UTF-8"),
                current.uid(), current.hostname(), current.platform(), HostPaths.under(root));
        Path records = root.resolve("records");
        CoreServices services = new CoreServices(host, new ProcessCommandRunner(), new ProcFsProcessTable(), records,
                Clock.systemUTC(), new LifecycleTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(3),
                        Duration.ofSeconds(2), Duration.ofMillis(50)), false);
        Path pipe = root.resolve("p");

        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread worker = new Thread(() -> {
            try {
                services.starter().start(new StartRequest(Optional.empty(), Optional.of("cut"), Optional.of(pipe),
                        Optional.of(root.resolve("l")), Map.of(SimConfig.ENV_MPS_FAULT, "slow", SimConfig.ENV_MPS_SLOW_MS, "8000")),
                        stage -> { });
            } catch (RuntimeException e) {
                thrown.set(e);
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            }
        }, "start-to-interrupt");
        worker.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (RuntimeDirs.readPidFile(pipe).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        launchedPid = RuntimeDirs.readPidFile(pipe);
        assertTrue(launchedPid.isPresent(), "the slow daemon wrote its pid file before binding");
        worker.interrupt();
        worker.join(Duration.ofSeconds(120).toMillis());

        assertFalse(worker.isAlive());
        assertInstanceOf(StartFailure.class, thrown.get(), String.valueOf(thrown.get()));
        assertTrue(stillInterrupted.get(), "the interrupt is handed back to the caller");
        assertFalse(new ProcFsProcessTable().exists(launchedPid.get()), "the launched daemon was ended, not left without a record");
        assertFalse(Files.exists(records.resolve("cut").resolve(RecordStore.RECORD_FILE)));
    }
}
