package dev.cumps.sim.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.sim.SimTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The shared simulated-host fixture: a private folder, an explicit environment, and a clean-up that ends only what started there. */
@ExtendWith(SimulatedHostExtension.class)
class SimulatedHostExtensionTest {
    private SimHost fromBeforeEach;

    @BeforeEach
    void remember(SimHost host) {
        fromBeforeEach = host;
    }

    @Test
    void theHostIsAPrivateShortFolderWithTheStandInsAndAnExplicitEnvironment(SimHost host) throws IOException {
        assertSame(fromBeforeEach, host, "@BeforeEach and the test share one host");
        assertEquals(Path.of("/tmp"), host.root.getParent());
        assertTrue(host.root.toString().length() <= 11, host.root.toString());
        assertFalse(Files.isSymbolicLink(host.root));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(host.root, LinkOption.NOFOLLOW_LINKS)));
        assertTrue(Files.isExecutable(host.tool(SimTools.MPS_CONTROL)));
        assertTrue(Files.isExecutable(host.tool(SimTools.NVIDIA_SMI)));
        assertTrue(Files.isRegularFile(host.simConfig));

        Map<String, String> env = host.env("CUMPS_SIM_GPUS", "2").environment();
        assertEquals(Set.of("PATH", "HOME", "TMPDIR", "LANG", "CUMPS_SIM_GPUS"), env.keySet(), "nothing of the test JVM's environment");
        assertEquals(host.home.toString(), env.get("HOME"), "never the real $HOME");
        assertEquals(host.tmp.toString(), env.get("TMPDIR"));
        assertEquals(host.bin + ":/usr/bin:/bin", env.get("PATH"));
        assertEquals(env, host.host().env());
        assertEquals(host.home.resolve(".cache/unilab/cuda-mps"), host.records());
    }

    @Test
    void closeEndsTheDaemonStartedThereLeavesAProcessStartedElsewhereAndRemovesTheFolder() throws Exception {
        SimHost host = SimHost.create("sx", System.getProperty("java.class.path"));
        Path pipe = host.root.resolve("p");
        ProcessBuilder daemonize = new ProcessBuilder(host.tool(SimTools.MPS_CONTROL).toString(), "-d")
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(host.root.resolve("client.out").toFile()).redirectErrorStream(true);
        daemonize.environment().clear();
        daemonize.environment().putAll(host.environment());
        daemonize.environment().put("CUDA_MPS_PIPE_DIRECTORY", pipe.toString());
        daemonize.environment().put("CUDA_MPS_LOG_DIRECTORY", host.root.resolve("l").toString());
        Process client = daemonize.start();
        assertTrue(client.waitFor(SimHost.PATIENCE.toSeconds(), TimeUnit.SECONDS), "nvidia-cuda-mps-control -d returns");
        long deadline = System.nanoTime() + SimHost.PATIENCE.toNanos();
        Optional<Long> daemon = host.daemonPid(pipe);
        while (daemon.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            daemon = host.daemonPid(pipe);
        }
        assertTrue(daemon.isPresent() && SimHost.running(daemon.get()), "the stand-in daemon runs");

        ProcessBuilder elsewhere = new ProcessBuilder("/bin/sleep", "600");
        elsewhere.environment().clear();
        elsewhere.environment().put("PATH", "/usr/bin:/bin");
        Process bystander = elsewhere.start();
        try {
            Instant startedAt = bystander.info().startInstant().orElseThrow();
            host.remember(bystander.pid()); // remembered by mistake: still not ended, nothing shows it started here

            host.close();

            assertFalse(SimHost.running(daemon.get()), "the daemon started on the host is ended");
            assertTrue(bystander.isAlive(), "a process started elsewhere is left alone");
            assertEquals(Optional.of(startedAt), ProcessHandle.of(bystander.pid()).flatMap(h -> h.info().startInstant()));
            assertFalse(Files.exists(host.root, LinkOption.NOFOLLOW_LINKS), "the folder is removed");
            assertEquals(List.of(), host.runningHere());
        } finally {
            bystander.destroyForcibly();
            bystander.waitFor(SimHost.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        }
    }
}
