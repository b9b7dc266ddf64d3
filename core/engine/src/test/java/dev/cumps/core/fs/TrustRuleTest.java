package dev.cumps.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trust rule on real folders: what the caller or root owns and no one else can write, reached
 * through no link, passes; each way of breaking it is refused with its own reason, for the path itself
 * and for every folder above it (as written and as resolved).
 */
class TrustRuleTest {
    private static final int NOBODY = 65534;

    @TempDir
    Path base;
    int uid;

    @BeforeEach
    void privateBase() throws IOException {
        uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
    }

    private Path dir(Path p, String mode) throws IOException {
        Files.createDirectories(p);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
        return p;
    }

    private Optional<String> problem(Path p, TrustRule.Kind kind) {
        return TrustRule.problem(p, uid, kind).map(Message::english);
    }

    @Test
    void aPrivateFolderOfTheCallerPasses() throws IOException {
        Path d = dir(base.resolve("mine"), "rwx------");
        assertEquals(Optional.empty(), problem(d, TrustRule.Kind.DIRECTORY));
        Path readable = dir(base.resolve("readable"), "rwxr-xr-x");
        assertEquals(Optional.empty(), problem(readable, TrustRule.Kind.DIRECTORY), "others may read, not write");
    }

    @Test
    void aRelativeOrMissingPathIsRefused() {
        assertEquals(Optional.of("x/y is not an absolute path"), problem(Path.of("x/y"), TrustRule.Kind.ANY));
        assertEquals(Optional.of(base.resolve("absent") + " does not exist"), problem(base.resolve("absent"), TrustRule.Kind.ANY));
    }

    @Test
    void aLinkIsRefusedEvenToAGoodFolder() throws IOException {
        Path good = dir(base.resolve("good"), "rwx------");
        Path link = Files.createSymbolicLink(base.resolve("link"), good);
        assertEquals(Optional.of(link + " is a symbolic link"), problem(link, TrustRule.Kind.DIRECTORY));
    }

    @Test
    void aFolderGroupOrOthersCanWriteIsRefusedStickyOrNot() throws IOException {
        assertEquals(Optional.of(base.resolve("g") + " can be written by group or others (mode 0770)"),
                problem(dir(base.resolve("g"), "rwxrwx---"), TrustRule.Kind.DIRECTORY));
        assertEquals(Optional.of(base.resolve("o") + " can be written by group or others (mode 0757)"),
                problem(dir(base.resolve("o"), "rwxr-xrwx"), TrustRule.Kind.DIRECTORY));
        Path sticky = dir(base.resolve("s"), "rwxrwxrwx");
        Files.setAttribute(sticky, "unix:mode", 01777);
        assertEquals(Optional.of(sticky + " can be written by group or others (mode 1777)"), problem(sticky, TrustRule.Kind.DIRECTORY),
                "others may add entries to a sticky folder");
    }

    @Test
    void aFolderOrFileOfAnotherUserIsRefusedAndRootsPasses() throws IOException {
        Path theirs = dir(base.resolve("theirs"), "rwx------");
        Files.setAttribute(theirs, "unix:uid", NOBODY);
        assertEquals(Optional.of(theirs + " belongs to uid 65534, neither you (uid " + uid + ") nor root"),
                problem(theirs, TrustRule.Kind.DIRECTORY));
        Path file = Files.writeString(base.resolve("f"), "x");
        Files.setAttribute(file, "unix:uid", NOBODY);
        assertEquals(Optional.of(file + " belongs to uid 65534, neither you (uid " + uid + ") nor root"),
                problem(file, TrustRule.Kind.REGULAR_FILE));
        Path roots = dir(base.resolve("roots"), "rwxr-xr-x");
        Files.setAttribute(roots, "unix:uid", 0);
        assertEquals(Optional.empty(), problem(roots, TrustRule.Kind.DIRECTORY));
        assertTrue(TrustRule.acceptedOwner(0, uid));
        assertTrue(TrustRule.acceptedOwner(uid, uid));
        assertEquals(false, TrustRule.acceptedOwner(NOBODY, uid));
    }

    @Test
    void theKindAskedForIsRequired() throws IOException {
        Path file = Files.writeString(base.resolve("file"), "x");
        Path d = dir(base.resolve("d"), "rwx------");
        assertEquals(Optional.of(file + " is not a directory"), problem(file, TrustRule.Kind.DIRECTORY));
        assertEquals(Optional.of(d + " is not a regular file"), problem(d, TrustRule.Kind.REGULAR_FILE));
        assertEquals(Optional.empty(), problem(file, TrustRule.Kind.ANY));
        assertEquals(Optional.empty(), problem(d, TrustRule.Kind.ANY));
    }

    @Test
    void aFolderAboveThatOthersCanWriteIsRefusedUnlessSticky() throws IOException {
        Path open = dir(base.resolve("open"), "rwxrwxrwx");
        Path inOpen = dir(open.resolve("child"), "rwx------");
        assertEquals(Optional.of(inOpen + " lies in " + open + ", which group or others can write (mode 0777) and which is not sticky"),
                problem(inOpen, TrustRule.Kind.DIRECTORY));
        Path groupOpen = dir(base.resolve("gopen"), "rwxrwx---");
        Path deep = dir(groupOpen.resolve("a").resolve("b"), "rwx------");
        Files.setPosixFilePermissions(groupOpen.resolve("a"), PosixFilePermissions.fromString("rwx------"));
        assertTrue(problem(deep, TrustRule.Kind.DIRECTORY).orElseThrow().contains("lies in " + groupOpen + ", "),
                "every folder above counts, not only the nearest");

        Path sticky = dir(base.resolve("sticky"), "rwxrwxrwx");
        Files.setAttribute(sticky, "unix:mode", 01777);
        Path inSticky = dir(sticky.resolve("child"), "rwx------");
        assertEquals(Optional.empty(), problem(inSticky, TrustRule.Kind.DIRECTORY), "like /tmp: others cannot rename what is ours");
    }

    @Test
    void aFolderAboveOfAnotherUserIsRefused() throws IOException {
        Path theirs = dir(base.resolve("theirs"), "rwxr-xr-x");
        Path mine = dir(theirs.resolve("mine"), "rwx------");
        Files.setAttribute(theirs, "unix:uid", NOBODY);
        assertEquals(Optional.of(mine + " lies in " + theirs + ", which belongs to uid 65534, neither you nor root"),
                problem(mine, TrustRule.Kind.DIRECTORY));
    }

    @Test
    void aLinkAmongTheFoldersAboveIsFollowedAndWhereItLeadsMustPassToo() throws IOException {
        Path good = dir(base.resolve("good"), "rwx------");
        dir(good.resolve("child"), "rwx------");
        Path viaGood = Files.createSymbolicLink(base.resolve("to-good"), good).resolve("child");
        assertEquals(Optional.empty(), problem(viaGood, TrustRule.Kind.DIRECTORY), "a link in a folder only we can change");

        Path open = dir(base.resolve("open"), "rwxrwxrwx");
        Path sub = dir(open.resolve("sub"), "rwx------");
        dir(sub.resolve("child"), "rwx------");
        Path viaOpen = Files.createSymbolicLink(base.resolve("to-sub"), sub).resolve("child");
        assertEquals(Optional.of(viaOpen + " lies in " + open + ", which group or others can write (mode 0777) and which is not sticky"),
                problem(viaOpen, TrustRule.Kind.DIRECTORY), "as written every folder passes; where the link leads, one does not");
    }

    @Test
    void theOwnerOfASharedPlaceIsReportedNotJudged() throws IOException {
        Path shared = dir(base.resolve("nvidia-mps"), "rwxrwxrwx");
        Files.setAttribute(shared, "unix:uid", NOBODY);
        assertEquals(Optional.of(NOBODY), TrustRule.owner(shared));
        assertEquals(Optional.empty(), TrustRule.owner(base.resolve("absent")));
    }
}
