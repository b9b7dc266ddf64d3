package dev.cumps.core.selftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The self-test report's writer: it never writes through a link, and something planted at the report
 * path after the run's up-front check (here: right before the write) costs the name, never the report.
 */
class ReportFileTest {
    private static final String REPORT = "# cumps self-test: host\n\n**PASSED**\n";
    private final int uid = Sandbox.currentUid();

    @TempDir
    Path dir;

    private List<Path> siblingsOf(Path target) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(target.getFileName() + ".")).toList();
        }
    }

    @Test
    void aReportIsWrittenAtThePathAsked0644AndNothingIsLeftBesideIt() throws IOException {
        Path target = dir.resolve("r.md");
        ReportFile.checkTarget(target, uid);

        ReportFile.Written written = ReportFile.write(target, REPORT, uid);

        assertTrue(written.atTarget(), written.toString());
        assertEquals(target, written.path());
        assertEquals(REPORT, Files.readString(target));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals(List.of(), siblingsOf(target));
    }

    @Test
    void aLinkPlantedAfterTheCheckIsNotFollowedAndTheReportIsKeptBesideItSayingWhere() throws IOException {
        Path target = dir.resolve("r.md");
        Path victim = Files.writeString(dir.resolve("victim"), "victim\n");
        ReportFile.checkTarget(target, uid); // the run's up-front check passes: nothing is there yet
        Files.createSymbolicLink(target, victim); // planted during the run

        ReportFile.Written written = ReportFile.write(target, REPORT, uid);

        assertEquals("victim\n", Files.readString(victim), "nothing was written through the link");
        assertTrue(Files.isSymbolicLink(target), "the link is left as it is");
        assertFalse(written.atTarget());
        assertEquals(List.of(written.path()), siblingsOf(target), "the report is in FILE.<random> beside the target");
        assertTrue(written.path().getFileName().toString().matches("r\\.md\\.[0-9]+"), written.path().toString());
        assertEquals(REPORT, Files.readString(written.path()));
        assertTrue(Files.isRegularFile(written.path(), LinkOption.NOFOLLOW_LINKS));
        assertEquals("the report was not written to " + target + ", which is a symbolic link now (it changed during the run; nothing was"
                + " written through it); the report is in " + written.path(), written.notAtTarget().orElseThrow().english());
    }

    @Test
    void aDirectoryOrAnotherUsersFilePlantedAfterTheCheckKeepsTheReportBesideIt() throws IOException {
        Path directory = dir.resolve("d.md");
        ReportFile.checkTarget(directory, uid);
        Files.createDirectory(directory);
        ReportFile.Written beside = ReportFile.write(directory, REPORT, uid);
        assertFalse(beside.atTarget());
        assertEquals(REPORT, Files.readString(beside.path()));
        assertTrue(beside.notAtTarget().orElseThrow().english().contains("which exists and is not a regular file now"));

        Path theirs = dir.resolve("t.md");
        ReportFile.checkTarget(theirs, uid);
        Files.writeString(theirs, "theirs\n");
        Files.setAttribute(theirs, "unix:uid", 65534);
        ReportFile.Written kept = ReportFile.write(theirs, REPORT, uid);
        assertFalse(kept.atTarget());
        assertEquals("theirs\n", Files.readString(theirs));
        assertEquals(REPORT, Files.readString(kept.path()));
        assertTrue(kept.notAtTarget().orElseThrow().english().contains("which belongs to uid 65534 now"));
    }
}
