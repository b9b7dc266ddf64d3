package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What cumps does with records that no longer (or never did) name a daemon it may touch. */
@ExtendWith(CumpsExtension.class)
class RecordSafetyE2eTest {

    @Test
    void killedDaemonShowsStaleAndStopRemovesTheRecordWithoutSignallingAnything(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2)); // one live daemon per GPU
        long bystander = h.pidOf(h.cumps("start", "--name", "bystander", "--gpus", "0").assertOk());
        long pid = h.pidOf(h.cumps("start", "--name", "crash", "--gpus", "1").assertOk());
        Procs.kill(pid);
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));

        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains("crash") && l.contains(" STALE ")), status.stdout());
        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        assertEquals("stale", find(sj.get("managed_daemons"), "name", "crash").get("record_state").asText());
        assertEquals("live", find(sj.get("managed_daemons"), "name", "bystander").get("record_state").asText());

        assertTrue(h.cumps("env", "--name", "crash").assertOneLineError().contains("stale"));

        String stop = h.cumps("stop", "--name", "crash").assertOneLineError();
        assertTrue(stop.contains("stale"), stop);
        assertFalse(Files.exists(h.recordFile("crash")), "stale record removed");
        assertTrue(Procs.runningDaemon(bystander), "the other daemon was not touched");
        assertTrue(Files.exists(h.recordFile("bystander")));
        h.cumps("stop", "--name", "bystander").assertOk();
    }

    @Test
    void reusedPidIsStaleAndStopNeverSignalsTheProcessNowHoldingIt(CumpsHarness h) throws Exception {
        long pid = h.pidOf(h.cumps("start", "--name", "reuse").assertOk());
        // Same pid, other start time: what a reused pid looks like.
        Path file = h.recordFile("reuse");
        ObjectNode rec = (ObjectNode) h.record("reuse");
        rec.put("process_start_ticks", rec.get("process_start_ticks").asLong() + 1);
        Files.writeString(file, CumpsHarness.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(rec));

        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        assertEquals("stale", find(sj.get("managed_daemons"), "name", "reuse").get("record_state").asText());
        String stop = h.cumps("stop", "--name", "reuse").assertOneLineError();
        assertTrue(stop.contains("stale"), stop);
        assertFalse(Files.exists(file));
        // stop has exited, so whatever it did is done: no quit reached the daemon and it runs on.
        assertFalse(Files.readString(Path.of(rec.get("log_directory").asText()).resolve("control.log")).contains("Cmd:quit"),
                "no quit was sent to the process holding the pid");
        assertTrue(Procs.runningDaemon(pid), "the process holding the pid was not signalled");

        Procs.kill(pid);
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }

    @Test
    void recordOfAnotherUidIsNeitherListedNorActedOn(CumpsHarness h) throws Exception {
        foreignRecordIsLeftAlone(h, rec -> rec.put("uid", h.uid + 4242), "uid " + (h.uid + 4242));
    }

    @Test
    void recordOfAnotherHostIsNeitherListedNorActedOn(CumpsHarness h) throws Exception {
        foreignRecordIsLeftAlone(h, rec -> rec.put("host", "elsewhere.example"), "elsewhere.example");
    }

    private static void foreignRecordIsLeftAlone(CumpsHarness h, Consumer<ObjectNode> makeForeign, String owner)
            throws Exception {
        // A real daemon behind the record, so that a wrong stop would be visible.
        long pid = h.pidOf(h.cumps("start", "--name", "theirs").assertOk());
        Path file = h.recordFile("theirs");
        ObjectNode rec = (ObjectNode) h.record("theirs");
        makeForeign.accept(rec);
        Files.writeString(file, CumpsHarness.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(rec));
        byte[] before = Files.readAllBytes(file);

        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        assertEquals(0, sj.get("managed_daemons").size(), "another owner's record is not listed");
        assertEquals(0, sj.get("unreadable_records").size());
        String text = h.cumps("status").assertOk().stdout();
        String daemons = text.substring(text.indexOf("Daemons ("));
        assertFalse(daemons.contains("theirs"), "not in the daemon table:\n" + text);
        assertTrue(text.lines().anyMatch(l -> l.contains("/theirs/pipe/control") && l.contains("UNMANAGED")),
                "its socket shows only as an unmanaged pipe:\n" + text);

        String stop = h.cumps("stop", "--name", "theirs").assertOneLineError();
        assertTrue(stop.contains(owner), stop);
        String env = h.cumps("env", "--name", "theirs").assertOneLineError();
        assertTrue(env.contains(owner), env);
        String start = h.cumps("start", "--name", "theirs").assertOneLineError();
        assertTrue(start.contains(owner), start);
        assertTrue(h.cumps("stop", "--all").assertOk().json().get("stopped").isEmpty());

        assertArrayEquals(before, Files.readAllBytes(file), "the record file is untouched");
        assertTrue(Procs.runningDaemon(pid), "its daemon is untouched");
        Procs.kill(pid);
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }

    @Test
    void unreadableRecordsAreListedWithTheReasonAndANewStartQuarantinesThem(CumpsHarness h) throws Exception {
        Path broken = h.recordFile("broken");
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "{\"name\": \"broken\", \"pid\": ");
        Path partial = h.recordFile("partial");
        Files.createDirectories(partial.getParent());
        Files.writeString(partial, "{\n  \"created_at\": 1.5,\n  \"name\": \"partial\"\n}\n");

        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains("broken") && l.contains("UNREADABLE")), status.stdout());
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains("partial") && l.contains("UNREADABLE")), status.stdout());
        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        JsonNode b = find(sj.get("unreadable_records"), "name", "broken");
        assertTrue(b.get("reason").asText().contains("not valid JSON"), b.toString());
        assertEquals(broken.toString(), b.get("path").asText());
        JsonNode p = find(sj.get("unreadable_records"), "name", "partial");
        assertTrue(p.get("reason").asText().contains("missing"), p.toString());
        assertTrue(h.cumps("doctor", "--json").json().has("valid"), "doctor copes with unreadable records");
        assertTrue(h.cumps("env", "--name", "broken").assertOneLineError().contains("unreadable"));

        Run start = h.cumps("start", "--name", "broken").assertOk();
        h.pidOf(start);
        // The move is reported as one line, not the logger's default two-line record with a date.
        assertTrue(start.stderr().lines().anyMatch(l -> l.startsWith("cumps: INFO: moved unreadable record broken to ")),
                start.stderr());
        assertTrue(start.stderr().lines().noneMatch(l -> l.contains("dev.cumps.core.lifecycle")), start.stderr());
        List<Path> quarantined;
        try (Stream<Path> s = Files.list(h.records().resolve(".stale"))) {
            quarantined = s.toList();
        }
        assertEquals(1, quarantined.size());
        assertTrue(quarantined.get(0).getFileName().toString().matches("broken-\\d{13}"), quarantined.toString());
        assertEquals("{\"name\": \"broken\", \"pid\": ", Files.readString(quarantined.get(0).resolve("daemon.json")));
        assertEquals("live", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "broken")
                .get("record_state").asText());
        h.cumps("stop", "--name", "broken").assertOk();
        assertTrue(Files.exists(partial), "the other unreadable record is left alone");
    }
}
