package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.e2e.SshHosts.Cumps;
import dev.cumps.e2e.SshHosts.Trust;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The fleet's findings of the third hostile review, replayed with real OpenSSH on loopback ({@link SshHosts}):
 * the victim is the suite's user (ssh needs an account in the user database, which the unprivileged uids of
 * {@link TwoUsers} lack), the attacker is {@code nobody} (uid 65534), or a host the attacker controls.
 */
@ExtendWith(CumpsExtension.class)
class HostileFleetE2eTest {
    private static final int NOBODY = 65534;
    private static final SecureRandom RANDOM = new SecureRandom();

    private static void noControlCharacterButLineFeeds(Run r) {
        for (char c : r.stdout().toCharArray()) {
            assertFalse(c != '\n' && (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT),
                    () -> String.format("U+%04X reached the terminal: %s", (int) c, r));
        }
    }

    /**
     * Round three, LOW 1. A hostile host's answers set the terminal's title, cleared the screen and, with a line
     * break in a daemon name, printed a line that read as another host's. Every word a host sends is now shown
     * escaped: one line per host in {@code fleet status}, and no control character but the line feed elsewhere.
     */
    @Test
    void roundThreeLowAHostileHostsTextNeverReachesTheTerminalRaw(CumpsHarness h) throws Exception {
        assertTrue(SshHosts.available(), "OpenSSH is needed: apt-get install openssh-server (CI's .ci/run installs it)");
        try (SshHosts hosts = new SshHosts(h)) {
            hosts.add("healthy", Cumps.REAL, Trust.KNOWN);
            hosts.add("hostile", Cumps.HOSTILE, Trust.KNOWN);
            h.cumps("hosts", "add", "healthy").assertOk();
            h.cumps("hosts", "add", "hostile").assertOk();

            Run status = h.cumps("fleet", "status", "--timeout", "20");
            Run stop = h.cumps("fleet", "stop", "hostile", "--name", "x");

            noControlCharacterButLineFeeds(status);
            List<String> lines = status.stdout().lines().toList();
            assertEquals(2, lines.size(), "one line per host, none forged: " + status);
            assertTrue(lines.get(0).startsWith("healthy ") && lines.get(1).startsWith("hostile "), status.toString());
            assertTrue(lines.get(1).contains("a\\x1b]0;owned\\x07\\x1b[2J\\ngpu-forged"), status.toString());
            noControlCharacterButLineFeeds(stop);
            assertTrue(stop.stdout().startsWith("\\x1b]0;owned\\x07\\x1b[2Jstopped daemon x\\r\n"), stop.toString());
        }
    }

    /**
     * Round three, LOW 2. The victim's ssh configuration names a {@code ControlPath} in a shared folder. The
     * attacker opened a master connection to a host of theirs at the path the victim's ssh computes for the
     * victim's host; ssh uses an existing master without any check, so every fleet command went to the
     * attacker's host and {@code fleet stop} "succeeded" with the victim's host never contacted. cumps now passes
     * {@code ControlPath=none} unless the master's folder and socket pass the trust rule.
     */
    @Test
    void roundThreeLowAMasterSocketPlantedInASharedFolderIsNeverUsed(CumpsHarness h) throws Exception {
        assertTrue(SshHosts.available(), "OpenSSH is needed: apt-get install openssh-server (CI's .ci/run installs it)");
        assertEquals(0, h.uid, "the attacker runs as uid 65534 through setpriv, which needs root (CI runs as root; never skipped)");
        Path shared = sharedFolder();
        Process master = null;
        try (SshHosts hosts = new SshHosts(h)) {
            Path attacker = Files.createDirectory(shared.resolve("attacker"));
            Path key = hosts.newKey("attacker");
            Path attackerKey = Files.copy(key, attacker.resolve("id"));
            hosts.add("healthy", Cumps.REAL, Trust.KNOWN);
            hosts.add("trap", Cumps.TRAP, Trust.KNOWN, Files.readString(Path.of(key + ".pub")));
            hosts.clientOptions("  ControlPath " + shared + "/cm-%r@%h:%p\n");
            h.cumps("hosts", "add", "healthy").assertOk();
            String user = System.getProperty("user.name");
            Path socket = shared.resolve("cm-" + user + "@127.0.0.1:" + hosts.port("healthy"));
            Files.writeString(attacker.resolve("known_hosts"), "trap " + hosts.hostKey("trap") + "\n");
            Files.writeString(attacker.resolve("config"), String.join("\n", "Host trap", "  HostName 127.0.0.1",
                    "  Port " + hosts.port("trap"), "  User " + user, "  HostKeyAlias trap", "  IdentityFile " + attackerKey,
                    "  IdentitiesOnly yes", "  IdentityAgent none", "  UserKnownHostsFile " + attacker.resolve("known_hosts"),
                    "  GlobalKnownHostsFile /dev/null", "  StrictHostKeyChecking yes", "  LogLevel ERROR", ""));
            try (Stream<Path> files = Files.walk(attacker)) {
                for (Path p : files.toList()) {
                    Files.setAttribute(p, "unix:uid", NOBODY);
                    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwx------" : "rw-------"));
                }
            }
            ProcessBuilder b = new ProcessBuilder("/usr/bin/setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--",
                    "/usr/bin/ssh", "-F", attacker.resolve("config").toString(), "-M", "-N", "-o", "ControlPath=" + socket,
                    "-o", "ControlPersist=no", "trap")
                    .redirectErrorStream(true).redirectOutput(shared.resolve("master.log").toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            b.environment().clear();
            b.environment().putAll(Map.of("HOME", attacker.toString(), "PATH", "/usr/bin:/bin"));
            master = b.start();
            long deadline = System.nanoTime() + CumpsHarness.PATIENCE.toNanos();
            while (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
                assertTrue(master.isAlive(), () -> "the attacker's master ended: " + read(shared.resolve("master.log")));
                assertTrue(System.nanoTime() < deadline, "the attacker's master socket did not appear");
                Procs.sleep(20);
            }

            Run stop = h.cumps("fleet", "stop", "healthy", "--name", "x");
            Run status = h.cumps("fleet", "status", "--json", "--timeout", "20");

            assertEquals(List.of(), runsOn(hosts.trapRuns("trap")), "a fleet command went through the attacker's master");
            assertFalse(stop.stdout().contains("as the attacker says"), stop.toString());
            assertEquals(1, stop.exitCode(), "the victim's own host answered: no record named x there: " + stop);
            assertTrue(stop.stderr().contains("on healthy: "), stop.toString());
            assertEquals(0, status.exitCode(), status.toString());
            assertEquals("reachable", status.json().get("hosts").get("healthy").get("state").asText(), status.toString());
            assertTrue(master.isAlive(), "the attacker's master was there all along: " + read(shared.resolve("master.log")));
        } finally {
            if (master != null) {
                master.descendants().forEach(ProcessHandle::destroyForcibly);
                master.destroyForcibly();
                master.waitFor(CumpsHarness.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            }
            try (Stream<Path> all = Files.walk(shared)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** A folder like {@code /tmp}: root's, sticky, open to all (the harness's own folder is private to its user). */
    private static Path sharedFolder() throws IOException {
        Path p;
        do {
            p = Path.of("/tmp", "hf" + Long.toString(RANDOM.nextLong() & 0xffffffL, 36));
        } while (Files.exists(p, LinkOption.NOFOLLOW_LINKS));
        Files.createDirectory(p);
        Files.setAttribute(p, "unix:mode", 01777);
        return p;
    }

    private static List<String> runsOn(Path trapRuns) throws IOException {
        return Files.exists(trapRuns) ? Files.readAllLines(trapRuns) : List.of();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
