package dev.cumps.core.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.status.HostStatus;
import dev.cumps.core.testing.Sandbox;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The machine's own places are injected: the real ones in production, a sandbox's in tests and in --simulate. */
class HostPathsTest {

    @Test
    void theRunningProgramLooksWhereNvidiasToolsGo() {
        HostEnvironment current = HostEnvironment.current();

        assertEquals(Path.of("/tmp/nvidia-mps"), current.nvidiaPipeDirectory());
        assertEquals(Path.of("/var/log/nvidia-mps"), current.nvidiaLogDirectory());
        assertEquals(Path.of(System.getProperty("user.home")).toAbsolutePath().normalize(), current.paths().accountHome());
    }

    @Test
    void statusListsADaemonInTheHostsDefaultPipeDirectoryAndNotThisMachines() throws Exception {
        try (Sandbox sb = new Sandbox()) {
            Path pipe = sb.nvidiaPipeDirectory();
            assertTrue(pipe.startsWith(sb.dir), pipe + " is in the sandbox");
            Sandbox.mkdir700(pipe);
            try (ServerSocketChannel daemon = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                daemon.bind(UnixDomainSocketAddress.of(pipe.resolve("control")));

                List<Path> listed = sb.services().status().collect().controlPipes().stream().map(HostStatus.PipeRow::path).toList();

                assertTrue(listed.contains(pipe.resolve("control")), "the host's default pipe is listed: " + listed);
                assertFalse(listed.stream().anyMatch(p -> p.startsWith(Path.of("/tmp/nvidia-mps"))),
                        "this machine's /tmp/nvidia-mps is not the sandbox host's: " + listed);
            }
        }
    }

    @Test
    void withoutHomeTheAccountHomeIsTheHostsNotUserHome() {
        HostPaths paths = HostPaths.under(Path.of("/tmp/x"));
        HostEnvironment host = new HostEnvironment(Map.of(), 1000, "h", "Linux", paths);

        assertEquals(Path.of("/tmp/x/home"), host.home());
        assertEquals(Path.of("/tmp/x/nvidia-mps"), host.nvidiaPipeDirectory());
        assertEquals(Path.of("/srv/h"), host.withEnv(Map.of("HOME", "/srv/h")).home());
        assertEquals(paths, host.withEnv(Map.of("HOME", "/srv/h")).paths(), "withEnv keeps the host's places");
        assertThrows(IllegalArgumentException.class, () -> new HostPaths(Path.of("rel"), Path.of("/l"), Path.of("/h")));
        assertFalse(Files.exists(paths.nvidiaPipeDirectory()), "under() creates nothing");
    }

    /** The JVM sets {@code user.home=?} for a uid the user database does not know: cumps runs all the same. */
    @Test
    void aUserHomeThatIsNoAbsolutePathIsTheRoot() {
        assertEquals(Path.of("/"), HostPaths.accountHome("?"));
        assertEquals(Path.of("/"), HostPaths.accountHome(null));
        assertEquals(Path.of("/"), HostPaths.accountHome("relative/home"));
        assertEquals(Path.of("/home/me"), HostPaths.accountHome("/home/me"));
    }
}
