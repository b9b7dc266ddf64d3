package dev.cumps.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ssh uses an existing master socket without checking it: one planted in a shared folder that the user's
 * {@code ControlPath} names answered every fleet command. cumps asks {@code ssh -G} where ssh would look,
 * and passes {@code -o ControlPath=none} unless that socket's folder passes the trust rule and the socket,
 * when there, is the user's own.
 */
class SshControlPathTest {
    private static final List<String> NONE = List.of("-o", "ControlPath=none");

    @TempDir
    Path base;
    HostEnvironment host;
    final List<CommandSpec> asked = new CopyOnWriteArrayList<>();

    @BeforeEach
    void privateBase() throws IOException {
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
        int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        host = new HostEnvironment(Map.of("HOME", base.toString(), "PATH", "/usr/bin"), uid, "here", "Linux", HostPaths.under(base));
    }

    private List<String> options(CommandResult config) {
        return SshCommand.controlPathOptions(spec -> {
            asked.add(spec);
            return config;
        }, host, Destination.of("me@gpu3"));
    }

    private static CommandResult config(String controlPath) {
        return CommandResult.exited("ssh", 0, "user me\nhostname gpu3\nport 22\n" + (controlPath == null ? "" : "controlpath " + controlPath + "\n")
                + "controlmaster false\n", "");
    }

    @Test
    void sshIsAskedForItsConfigurationOnlyWithTheFixedOptions() {
        options(config(null));
        List<String> argv = asked.get(0).argv();
        assertEquals(List.of("ssh", "-G"), argv.subList(0, 2));
        assertEquals(List.of("--", "me@gpu3"), argv.subList(argv.size() - 2, argv.size()));
        assertEquals(true, argv.contains("BatchMode=yes") && argv.contains("ControlMaster=no"), argv.toString());
    }

    @Test
    void noControlPathOrNoneNeedsNothing() {
        assertEquals(List.of(), options(config(null)));
        assertEquals(List.of(), options(config("none")));
    }

    @Test
    void aMasterInAPrivateFolderOfTheUserIsUsed() throws IOException {
        Path folder = Files.createDirectory(base.resolve("cm"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        assertEquals(List.of(), options(config(folder.resolve("me@gpu3:22").toString())), "no master yet: ssh opens none (ControlMaster=no)");
        try (ServerSocketChannel master = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            master.bind(UnixDomainSocketAddress.of(folder.resolve("me@gpu3:22")));
            Files.setPosixFilePermissions(folder.resolve("me@gpu3:22"), PosixFilePermissions.fromString("rw-------"));
            assertEquals(List.of(), options(config(folder.resolve("me@gpu3:22").toString())));
        }
    }

    @Test
    void aMasterInASharedFolderIsNeverUsedStickyOrNot() throws IOException {
        Path shared = Files.createDirectory(base.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 01777);
        assertEquals(NONE, options(config(shared.resolve("cm-me@gpu3:22").toString())));
        Path open = Files.createDirectory(base.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertEquals(NONE, options(config(open.resolve("cm").toString())));
    }

    @Test
    void aSocketOfAnotherUserALinkOrAFileInThePlaceOfTheMasterIsNeverUsed() throws IOException {
        Path folder = Files.createDirectory(base.resolve("cm"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try (ServerSocketChannel planted = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            planted.bind(UnixDomainSocketAddress.of(folder.resolve("theirs")));
            Files.setAttribute(folder.resolve("theirs"), "unix:uid", 65534);
            assertEquals(NONE, options(config(folder.resolve("theirs").toString())));
            Files.createSymbolicLink(folder.resolve("link"), folder.resolve("theirs"));
            assertEquals(NONE, options(config(folder.resolve("link").toString())));
        }
        Files.writeString(folder.resolve("file"), "");
        assertEquals(NONE, options(config(folder.resolve("file").toString())));
    }

    @Test
    void whatCannotBeCheckedIsNotUsed() {
        assertEquals(NONE, options(config("~/.ssh/cm-%r@%h:%p")), "not expanded by this ssh");
        assertEquals(NONE, options(config("cm-sock")), "relative");
        assertEquals(NONE, options(CommandResult.exited("ssh", 255, "", "Bad configuration option\n")));
        assertEquals(NONE, options(CommandResult.notFound("ssh")));
    }

    @Test
    void theOptionGoesBeforeTheDestination() {
        List<String> argv = SshCommand.argv(Destination.of("gpu3"), RemoteCommand.stop("x"), Duration.ofSeconds(5), NONE);
        int dashes = argv.indexOf("--");
        assertEquals(NONE, argv.subList(dashes - 2, dashes));
        assertEquals("gpu3", argv.get(dashes + 1));
    }
}
