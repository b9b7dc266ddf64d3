package dev.cumps.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the {@link SessionGuard} reads from the console, and what it does when the console ended
 * without saying it cleaned up (the end-to-end case, a killed X server, is {@code wm.SuddenExitTest}).
 */
class SessionGuardTest {

    @TempDir
    Path tmp;

    @Test
    void theConsolesClosedLineMeansNothingIsLeftToDo() throws IOException {
        SessionGuard.Told told = SessionGuard.read(new StringReader("client 41 900\nclosed\nclient 42 901\n"));

        assertTrue(told.closed());
        assertEquals(List.of(new ProcessIdentity(41, 900)), told.clients());
    }

    @Test
    void anEndWithoutClosedKeepsTheClientsAndIgnoresMalformedLines() throws IOException {
        SessionGuard.Told told = SessionGuard.read(new StringReader(
                "client 41 900\nclient -1 5\nclient 7\nclient 99999999999 1\nclient x y\nhello\nclient 43 902"));

        assertFalse(told.closed());
        assertEquals(List.of(new ProcessIdentity(41, 900), new ProcessIdentity(43, 902)), told.clients());
    }

    @Test
    void anAbandonedCleanUpEndsTheToldClientsAndRefusesAFolderThatIsNoConsoleSandbox() throws IOException {
        Path notASandbox = Files.createDirectories(tmp.resolve("records"));
        Files.writeString(notASandbox.resolve("keep"), "x");
        List<ProcessIdentity> terminated = new ArrayList<>();

        SandboxCleanup.finishAbandoned(new HostEnvironment(Map.of("TMPDIR", tmp.toString()), 0, "h", "Linux", HostPaths.under(tmp)), notASandbox,
                List.of(new ProcessIdentity(41, 900)), recording(terminated));

        assertEquals(List.of(new ProcessIdentity(41, 900)), terminated, "the client, by pid and start time");
        assertTrue(Files.exists(notASandbox.resolve("keep")), "a folder that is no csim-* sandbox in TMPDIR is left alone");
    }

    private static ProcessTable recording(List<ProcessIdentity> terminated) {
        return new ProcessTable() {
            @Override
            public Optional<ProcessInfo> find(long pid) {
                return Optional.empty();
            }

            @Override
            public boolean terminate(ProcessIdentity identity) {
                terminated.add(identity);
                return false;
            }

            @Override
            public Optional<Map<String, String>> environment(long pid) {
                return Optional.empty();
            }

            @Override
            public long selfStartTicks() {
                return 1;
            }

            @Override
            public List<Long> pids() {
                return List.of();
            }
        };
    }
}
