package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --simulate} sandbox ({@code ${TMPDIR}/cumps-sim-<uid>}) is created private and refused,
 * before anything is written into it or run from it, when another user could have shaped it.
 * "Another user" is uid 65534, which needs root (as in CI) to set.
 */
class SimulatedHostSandboxTest {
    private static final int OTHER_UID = 65534;
    private final int uid = Sandbox.currentUid();

    @TempDir
    Path tmp;

    private SimulatedHost cliSandbox(Path tmpdir) {
        return SimulatedHost.forCli(new HostEnvironment(Map.of("TMPDIR", tmpdir.toString(), "PATH", "/usr/bin:/bin"), uid, "h", "Linux",
                HostPaths.under(tmpdir)));
    }

    private static int mode(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777;
    }

    private static List<Path> contents(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    @Test
    void theDriverVariablePicksTheSandboxDaemonsProfileInItsConfigFile() throws IOException {
        SimulatedHost sim = cliSandbox(tmp).install();
        assertEquals(DriverProfile.R550, SimConfig.load(sim.config()).driverBranch(), "the demo keeps the newest");

        SimulatedHost r535 = SimulatedHost.forCli(new HostEnvironment(Map.of("TMPDIR", tmp.toString(), "PATH", "/usr/bin:/bin",
                SimConfig.ENV_DRIVER, "535"), uid, "h", "Linux", HostPaths.under(tmp))).install();

        assertEquals(sim.config(), r535.config());
        assertEquals(DriverProfile.R535, SimConfig.load(r535.config()).driverBranch());
        assertEquals("535.261.03", SimConfig.load(r535.config()).driverVersion());
        r535.remove();
    }

    @Test
    void aNewSandboxIsCreatedPrivate() throws IOException {
        SimulatedHost sim = cliSandbox(tmp).install();

        assertEquals(tmp.resolve("cumps-sim-" + uid), sim.root());
        assertEquals(0700, mode(sim.root()));
        assertEquals(uid, (Integer) Files.getAttribute(sim.root(), "unix:uid", LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isExecutable(sim.bin().resolve(SimTools.NVIDIA_SMI)));
        sim.check();
        sim.remove();
        assertFalse(Files.exists(sim.root(), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aMissingTmpdirIsCreatedAsBefore() throws IOException {
        SimulatedHost sim = cliSandbox(tmp.resolve("new/tmp")).install();

        assertEquals(0700, mode(sim.root()));
    }

    @Test
    void aSandboxOwnedByAnotherUserIsRefusedAndNothingIsWrittenIntoIt() throws IOException {
        assertTrue(uid == 0, "needs root to make another user's folder: run the tests as root (CI does; a root-only check fails, never skips)");
        Path planted = Files.createDirectory(tmp.resolve("cumps-sim-" + uid));
        Files.setPosixFilePermissions(planted, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(planted, "unix:uid", OTHER_UID);

        CumpsException e = assertThrows(CumpsException.class, () -> cliSandbox(tmp).install());

        assertTrue(e.getMessage().contains("owned by uid " + OTHER_UID), e.getMessage());
        assertTrue(e.getMessage().contains("remove it"), e.getMessage());
        assertEquals(List.of(), contents(planted));
        CumpsException onRemove = assertThrows(CumpsException.class, () -> cliSandbox(tmp).remove());
        assertTrue(onRemove.getMessage().contains("owned by uid"), onRemove.getMessage());
        assertTrue(Files.isDirectory(planted), "reset does not delete another user's folder");
    }

    @Test
    void aSandboxOthersCanReadOrWriteIsRefused() throws IOException {
        Path planted = Files.createDirectory(tmp.resolve("cumps-sim-" + uid));
        Files.setPosixFilePermissions(planted, PosixFilePermissions.fromString("rwxr-xr-x"));

        CumpsException e = assertThrows(CumpsException.class, () -> cliSandbox(tmp).install());

        assertTrue(e.getMessage().contains("mode 755"), e.getMessage());
        assertEquals(List.of(), contents(planted));
    }

    @Test
    void aSandboxThatIsALinkIsRefusedAndItsTargetIsUntouched() throws IOException {
        Path target = Files.createDirectory(tmp.resolve("target"));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
        Path keep = Files.writeString(target.resolve("keep"), "mine");
        Files.createSymbolicLink(tmp.resolve("cumps-sim-" + uid), target);

        CumpsException e = assertThrows(CumpsException.class, () -> cliSandbox(tmp).install());
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertThrows(CumpsException.class, () -> cliSandbox(tmp).remove());

        assertEquals(List.of(keep), contents(target));
        assertTrue(Files.isSymbolicLink(tmp.resolve("cumps-sim-" + uid)));
    }

    @Test
    void aSandboxUnderAFolderOthersCanWriteWithoutStickyBitIsRefused() throws IOException {
        Path open = Files.createDirectory(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));

        CumpsException e = assertThrows(CumpsException.class, () -> cliSandbox(open).install());

        assertTrue(e.getMessage().contains("not sticky"), e.getMessage());
        assertTrue(e.getMessage().contains("TMPDIR"), e.getMessage());
        assertEquals(List.of(), contents(open));
    }

    @Test
    void aStickyWorldWritableFolderLikeTmpIsFine() throws IOException {
        Path sticky = Files.createDirectory(tmp.resolve("sticky"));
        Files.setAttribute(sticky, "unix:mode", 01777);

        SimulatedHost sim = cliSandbox(sticky).install();

        assertEquals(0700, mode(sim.root()));
    }

    @Test
    void theConsolesFreshSandboxIsPrivateAndChecked() throws IOException {
        SimulatedHost sim = SimulatedHost.fresh(new HostEnvironment(Map.of("TMPDIR", tmp.toString()), uid, "h", "Linux", HostPaths.under(tmp)));

        assertTrue(sim.root().getFileName().toString().startsWith("csim-"));
        assertEquals(0700, mode(sim.root()));
        Files.setPosixFilePermissions(sim.root(), PosixFilePermissions.fromString("rwxrwx---"));
        assertThrows(CumpsException.class, sim::install, "checked on every use, not only when created");
    }

    @Test
    void anAbandonedConsoleSandboxIsReopenedOnlyAsACsimFolderInTmpdir() throws IOException {
        HostEnvironment host = new HostEnvironment(Map.of("TMPDIR", tmp.toString()), uid, "h", "Linux", HostPaths.under(tmp));
        SimulatedHost fresh = SimulatedHost.fresh(host);

        SimulatedHost again = SimulatedHost.abandoned(host, fresh.root());
        assertEquals(fresh.root(), again.root());
        again.check();

        Path home = Files.createDirectories(tmp.resolve("home"));
        CumpsException elsewhere = assertThrows(CumpsException.class, () -> SimulatedHost.abandoned(host, home));
        assertEquals(home + " is not a console's simulation sandbox (a csim-* folder in " + tmp + "); nothing was cleaned up",
                elsewhere.getMessage());
        Path nested = Files.createDirectories(tmp.resolve("x/csim-abc"));
        assertThrows(CumpsException.class, () -> SimulatedHost.abandoned(host, nested), "only directly in TMPDIR");
        assertThrows(CumpsException.class, () -> SimulatedHost.abandoned(host, tmp.resolve("cumps-sim-" + uid)),
                "never the CLI's sandbox");
        assertTrue(Files.isDirectory(home) && Files.isDirectory(nested), "nothing refused was touched");
    }
}
