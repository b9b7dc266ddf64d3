package dev.cumps.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostListTest {
    @TempDir
    Path dir;

    private int uid() throws Exception {
        return (Integer) Files.getAttribute(dir, "unix:uid");
    }

    @Test
    void addListRemoveInAPrivateFile() throws Exception {
        HostList list = new HostList(dir.resolve("cfg/mps-console/hosts"), uid());
        assertEquals(List.of(), list.load());
        list.add(Destination.of("gpu3"));
        list.add(Destination.of("me@gpu4"));
        assertEquals(List.of(Destination.of("gpu3"), Destination.of("me@gpu4")), list.load());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(list.file())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(list.file().getParent())));
        assertThrows(CumpsException.class, () -> list.add(Destination.of("gpu3")));
        list.remove(Destination.of("gpu3"));
        assertEquals(List.of(Destination.of("me@gpu4")), list.load());
        CumpsException e = assertThrows(CumpsException.class, () -> list.remove(Destination.of("gpu3")));
        assertTrue(e.getMessage().contains("is not in your hosts"), e.getMessage());
        try (var files = Files.list(list.file().getParent())) {
            assertEquals(List.of("hosts"), files.map(p -> p.getFileName().toString()).toList(), "no temporary file left");
        }
    }

    @Test
    void aLinkAFolderOthersCanWriteOrAnEditedLineIsRefused() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("f"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path target = Files.writeString(dir.resolve("elsewhere"), "gpu3\n");
        Files.createSymbolicLink(folder.resolve("hosts"), target);
        HostList linked = new HostList(folder.resolve("hosts"), uid());
        assertThrows(CumpsException.class, linked::load);

        Files.delete(folder.resolve("hosts"));
        Files.writeString(folder.resolve("hosts"), "gpu3\nx; touch /tmp/pwned\n");
        CumpsException e = assertThrows(CumpsException.class, new HostList(folder.resolve("hosts"), uid())::load);
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());

        Files.writeString(folder.resolve("hosts"), "# mine\ngpu3\n\n");
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThrows(CumpsException.class, new HostList(folder.resolve("hosts"), uid())::load);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        assertEquals(List.of(Destination.of("gpu3")), new HostList(folder.resolve("hosts"), uid()).load());
        Files.setAttribute(folder, "unix:uid", 65534);
        CumpsException theirs = assertThrows(CumpsException.class, new HostList(folder.resolve("hosts"), uid())::load);
        assertEquals("cannot read your hosts file " + folder.resolve("hosts") + ": " + folder + " belongs to uid 65534, neither you (uid "
                + uid() + ") nor root", theirs.getMessage());
    }

    /**
     * The folder above must pass too: a hosts folder of the user's inside a folder another user can write
     * (as with {@code XDG_CONFIG_HOME} in a shared place) could be swapped for the other user's between a
     * check and a read; it is refused, and no file is written there.
     */
    @Test
    void aHostsFolderInAFolderOthersCanWriteIsNeitherReadNorWritten() throws Exception {
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path folder = Files.createDirectory(shared.resolve("mps-console"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.writeString(folder.resolve("hosts"), "gpu3\n");
        HostList list = new HostList(folder.resolve("hosts"), uid());

        CumpsException read = assertThrows(CumpsException.class, list::load);
        CumpsException write = assertThrows(CumpsException.class, () -> list.add(Destination.of("gpu4")));

        assertTrue(read.getMessage().endsWith("lies in " + shared + ", which group or others can write (mode 0777) and which is not sticky"),
                read.getMessage());
        assertTrue(write.getMessage().startsWith("cannot read your hosts file"), write.getMessage());
        assertEquals("gpu3\n", Files.readString(folder.resolve("hosts")));
    }

    /** A hosts file edited by hand to hold an ssh option (a line starting with '-') is refused, not passed to ssh. */
    @Test
    void aLineThatWouldBeAnSshOptionIsRefused() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("opt"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        for (String line : List.of("-oProxyCommand=touch /tmp/pwned", "-F/tmp/x", "--")) {
            Files.writeString(folder.resolve("hosts"), "gpu3\n" + line + "\n");
            CumpsException e = assertThrows(CumpsException.class, new HostList(folder.resolve("hosts"), uid())::load);
            assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        }
    }
}
