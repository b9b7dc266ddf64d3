package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cumps terminate-client} against the simulated host, everything a real process: of two
 * attached clients exactly the one named ends (the other keeps its pid and start time) and the next
 * snapshot lacks it; without {@code --yes} nothing ends; a client of another user's record is never
 * touched.
 */
@ExtendWith(CumpsExtension.class)
class TerminateClientE2eTest {
    private static final Map<String, String> PLAIN = Map.of("PATH", "/usr/bin:/bin");

    /** cumps on the simulated host, with the records in the harness's record root. */
    private static Run sim(CumpsHarness h, String... args) {
        List<String> all = new ArrayList<>(List.of("--simulate", "--records", h.records().toString()));
        all.addAll(List.of(args));
        return h.cumps(PLAIN, all.toArray(String[]::new));
    }

    private static long attach(CumpsHarness h, String daemon, int memory) {
        long pid = Long.parseLong(sim(h, "attach-client", "--name", daemon, "--memory", Integer.toString(memory)).assertOk().stdout().strip());
        h.remember(pid);
        assertTrue(Procs.running(pid), "the client runs after cumps returned");
        return pid;
    }

    private static long startTicks(long pid) {
        return Procs.stat(pid).orElseThrow(() -> new AssertionError("pid " + pid + " is gone")).startTicks();
    }

    private static List<Long> clientPids(CumpsHarness h, String daemon) {
        JsonNode d = find(sim(h, "clients", "--json").assertOk().json().get("daemons"), "name", daemon);
        List<Long> pids = new ArrayList<>();
        for (JsonNode server : d.get("servers")) {
            for (JsonNode client : server.get("clients")) {
                pids.add(client.get("pid").asLong());
            }
        }
        return pids;
    }

    private static long serverPid(CumpsHarness h, String daemon) {
        JsonNode d = find(sim(h, "clients", "--json").assertOk().json().get("daemons"), "name", daemon);
        return d.get("servers").get(0).get("pid").asLong();
    }

    @Test
    void terminateEndsExactlyTheNamedClientAndOnlyWithYes(CumpsHarness h) {
        sim(h, "start", "--gpus", "0", "--name", "busy").assertOk();
        long doomed = attach(h, "busy", 1024);
        long spared = attach(h, "busy", 256);
        long doomedStart = startTicks(doomed);
        long sparedStart = startTicks(spared);
        long server = serverPid(h, "busy");

        Run preview = sim(h, "terminate-client", "--name", "busy", "--pid", Long.toString(doomed));
        assertEquals("error: MPS client pid " + doomed + " was not terminated; rerun with --yes to terminate it", preview.assertOneLineError());
        assertTrue(preview.stdout().startsWith("would terminate MPS client pid " + doomed + " (user "), preview.stdout());
        assertTrue(preview.stdout().contains("MpsClientMain") && preview.stdout().contains("of server pid " + server + " of daemon 'busy'"),
                preview.stdout());
        assertEquals(doomedStart, startTicks(doomed), "without --yes the client runs on");
        assertEquals(List.of(doomed, spared), clientPids(h, "busy"));

        Run done = sim(h, "terminate-client", "--name", "busy", "--pid", Long.toString(doomed), "--yes").assertOk();
        assertTrue(done.stdout().startsWith("terminated MPS client pid " + doomed + " ("), done.stdout());
        assertTrue(done.stdout().strip().endsWith("of server pid " + server + " of daemon 'busy'"), done.stdout());
        assertTrue(Procs.awaitGone(doomed, CumpsHarness.PATIENCE), "the terminated client ends");
        assertEquals(List.of(spared), clientPids(h, "busy"), "the next snapshot lacks it");
        assertEquals(sparedStart, startTicks(spared), "the other client runs on: same pid, same start time");

        String again = sim(h, "terminate-client", "--name", "busy", "--pid", Long.toString(doomed), "--yes").assertOneLineError();
        assertEquals("error: pid " + doomed + " is not a client of any MPS server of daemon 'busy' (see `cumps clients --name busy`)", again);
        assertEquals(sparedStart, startTicks(spared));

        sim(h, "stop", "--name", "busy").assertOk();
        assertTrue(Procs.awaitGone(spared, CumpsHarness.PATIENCE), "a client ends with its daemon");
    }

    @Test
    void aClientOfAnotherUsersRecordIsNeverTouched(CumpsHarness h) throws IOException {
        sim(h, "start", "--gpus", "0", "--name", "theirs").assertOk();
        long client = attach(h, "theirs", 512);
        long clientStart = startTicks(client);
        Path file = h.recordFile("theirs");
        String original = Files.readString(file, StandardCharsets.UTF_8);
        // The record now says another user wrote it, and the file and its directory are theirs.
        Files.writeString(file, original.replaceFirst("\"uid\": [0-9]+", "\"uid\": 65534"), StandardCharsets.UTF_8);
        Files.setAttribute(file, "unix:uid", 65534);
        Files.setAttribute(file.getParent(), "unix:uid", 65534);
        try {
            for (String[] form : List.of(new String[] {"--yes"}, new String[] {})) {
                List<String> args = new ArrayList<>(List.of("terminate-client", "--name", "theirs", "--pid", Long.toString(client)));
                args.addAll(List.of(form));
                String line = sim(h, args.toArray(String[]::new)).assertOneLineError();
                assertTrue(line.contains("65534") && line.contains("'theirs'"), line);
                assertEquals(clientStart, startTicks(client), "another user's client runs on");
            }
        } finally {
            Files.setAttribute(file.getParent(), "unix:uid", h.uid);
            Files.setAttribute(file, "unix:uid", h.uid);
            Files.writeString(file, original, StandardCharsets.UTF_8);
        }
        sim(h, "stop", "--name", "theirs").assertOk();
        assertTrue(Procs.awaitGone(client, CumpsHarness.PATIENCE), "a client ends with its daemon");
    }

    @Test
    void badInputIsOneLineAndEndsNothing(CumpsHarness h) {
        assertEquals("error: no record named 'nope'; only daemons recorded by cumps or uni-cumps can be acted on (see `cumps status`)",
                sim(h, "terminate-client", "--name", "nope", "--pid", "12", "--yes").assertOneLineError());
        Run usage = sim(h, "terminate-client", "--name", "nope", "--pid", "abc");
        assertEquals(2, usage.exitCode(), usage.toString());
        assertTrue(usage.assertErrorLine().contains("--pid"), usage.toString());
    }
}
