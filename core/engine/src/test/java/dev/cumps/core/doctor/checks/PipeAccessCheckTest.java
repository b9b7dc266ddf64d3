package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PipeAccessCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void needsTheDaemonThenItsControlPipe() {
        assertEquals(List.of(Need.LIVE_MANAGED_DAEMON, Need.CONTROL_PIPE), new PipeAccessCheck().needs());
    }

    @Test
    void aPrivateDirectoryOfOursPasses() {
        DaemonRecord r = sb.start("private");

        Finding f = CheckFixture.evaluate(new PipeAccessCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("read/write OK; " + r.pipeDirectory() + " is 0700 and yours", f.observed().english());
        assertEquals("read/write; directory owned by uid " + sb.uid + " with mode 0700", f.expected().english());
    }

    @Test
    void aDirectoryOthersCanEnterFailsWithChmodAsRemedy() throws IOException {
        DaemonRecord r = sb.start("open");
        Files.setPosixFilePermissions(r.pipeDirectory(), PosixFilePermissions.fromString("rwxr-xr-x"));

        Finding f = CheckFixture.evaluate(new PipeAccessCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertTrue(f.observed().english().contains("rwxr-xr-x"), f.observed().english());
        assertEquals("`chmod 700 " + r.pipeDirectory() + "` or restart with a private --pipe-dir", f.remedy().orElseThrow().english());
    }

    @Test
    void aDirectoryOfAnotherUserFails() throws IOException {
        DaemonRecord r = sb.start("taken");
        Files.setAttribute(r.pipeDirectory(), "unix:uid", 65534);
        Files.setPosixFilePermissions(r.pipeDirectory(), PosixFilePermissions.fromString("rwxrwxrwx"));

        Finding f = CheckFixture.evaluate(new PipeAccessCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertTrue(f.observed().english().contains("owned by uid 65534"), f.observed().english());
    }

    @Test
    void aPipeDirectoryReplacedByALinkFailsListingEveryProblem() throws IOException {
        DaemonRecord r = sb.start("linked");
        Path real = r.pipeDirectory().resolveSibling("real-pipe");
        Files.move(r.pipeDirectory(), real);
        Files.createSymbolicLink(r.pipeDirectory(), real);

        Finding f = CheckFixture.evaluate(new PipeAccessCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals(DoctorText.JOINED, f.observed().id());
        assertTrue(f.observed().english().endsWith("; " + r.pipeDirectory() + " is not a plain directory"), f.observed().english());
        assertTrue(f.observed().english().contains("symbolic link"), f.observed().english());
    }
}
