package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Sockets cumps may clear, sockets it must leave alone, and daemons it does not own. */
@ExtendWith(CumpsExtension.class)
class ControlPipesE2eTest {

    @Test
    void orphanedSocketsInTheDefaultPipeDirAreClearedOnRestart(CumpsHarness h) throws Exception {
        long first = h.pidOf(h.cumps("start", "--name", "orphan").assertOk());
        Procs.kill(first);
        assertTrue(Procs.awaitGone(first, CumpsHarness.PATIENCE));
        Path control = h.defaultPipe("orphan").resolve("control");
        assertTrue(Files.exists(control, LinkOption.NOFOLLOW_LINKS), "kill -9 leaves the socket behind");

        Run again = h.cumps("start", "--name", "orphan").assertOk();
        long second = h.pidOf(again);
        assertNotEquals(first, second);
        assertTrue(Procs.runningDaemon(second));
        assertTrue(CumpsHarness.accepts(control), "the new daemon owns a fresh socket");
        try (Stream<Path> s = Files.list(h.records().resolve(".stale"))) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("orphan-")), "the stale record was quarantined");
        }
        h.cumps("stop", "--name", "orphan").assertOk();
    }

    @Test
    void controlSocketInAnExplicitPipeDirThatNoRecordOwnsIsNeverRemoved(CumpsHarness h) throws Exception {
        Path pipe = h.privateDir("xp");
        Path control = pipe.resolve("control");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(control));
        }
        assertTrue(Files.exists(control, LinkOption.NOFOLLOW_LINKS));

        String line = h.cumps("start", "--name", "xp", "--pipe-dir", pipe.toString()).assertOneLineError();
        assertTrue(line.contains(control + " already exists") && line.contains("--pipe-dir"), line);
        assertTrue(Files.exists(control, LinkOption.NOFOLLOW_LINKS), "the socket was left in place");
        assertFalse(Files.exists(h.recordFile("xp")));
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void startRefusesAPipeDirServedByAHandStartedDaemon(CumpsHarness h) throws Exception {
        Path pipe = h.privateDir("hand/pipe");
        long hand = h.startDaemonByHand(pipe, h.privateDir("hand/log"));
        String line = h.cumps("start", "--name", "hand", "--pipe-dir", pipe.toString()).assertOneLineError();
        assertTrue(line.contains("(pid " + hand + ") is already running"), line);
        assertTrue(Procs.runningDaemon(hand));
        assertTrue(CumpsHarness.accepts(pipe.resolve("control")), "its socket is untouched");
        Procs.kill(hand);
        assertTrue(Procs.awaitGone(hand, CumpsHarness.PATIENCE));
    }

    @Test
    void unmanagedPipeIsListedReadOnlyAndStopAllLeavesItsDaemonAlone(CumpsHarness h) throws Exception {
        Path pipe = h.privateDir("um/pipe");
        Path handLog = h.privateDir("um/log");
        long hand = h.startDaemonByHand(pipe, handLog);
        Map<String, String> caller = Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString());
        long managed = h.pidOf(h.cumps(caller, "start", "--name", "managed").assertOk());

        JsonNode sj = h.cumps(caller, "status", "--json").assertOk().json();
        JsonNode row = find(sj.get("control_pipes"), "path", pipe.resolve("control").toString());
        assertEquals(List.of(), LifecycleE2eTest.strings(row.get("managed_names")));
        assertEquals("unix_socket", row.get("kind").asText());
        assertEquals(List.of("managed"), LifecycleE2eTest.strings(
                find(sj.get("control_pipes"), "path", h.defaultPipe("managed").resolve("control").toString()).get("managed_names")));
        String text = h.cumps(caller, "status").assertOk().stdout();
        assertTrue(text.lines().anyMatch(l -> l.contains(pipe.resolve("control").toString()) && l.contains("UNMANAGED")), text);

        Run all = h.cumps(caller, "stop", "--all").assertOk();
        assertEquals(1, all.json().get("stopped").size());
        assertEquals("managed", all.json().get("stopped").get(0).get("name").asText());
        assertTrue(Procs.awaitGone(managed, CumpsHarness.PATIENCE));
        // stop --all has exited, so whatever it did is done: the unmanaged daemon never got a quit, and runs on.
        assertFalse(Files.readString(handLog.resolve("control.log")).contains("Cmd:quit"), "no quit was sent to the unmanaged daemon");
        assertTrue(Procs.runningDaemon(hand), "stop --all did not touch the unmanaged daemon");
        assertTrue(CumpsHarness.accepts(pipe.resolve("control")));

        Procs.kill(hand);
        assertTrue(Procs.awaitGone(hand, CumpsHarness.PATIENCE));
    }
}
