package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Record, pid and lock files that someone shaped to hurt: FIFOs (whose open blocks until a writer
 * comes), huge files, links to {@code /dev/zero}, and JSON that parses but lies. Every command must
 * answer (the harness gives each run 60 s) with the unreadable record named and the reason, keep
 * the other records usable, and never print a stack trace.
 */
@ExtendWith(CumpsExtension.class)
class UnsafeRecordFilesE2eTest {

    private static void mkfifo(CumpsHarness h, Path path) throws Exception {
        Files.createDirectories(path.getParent());
        h.exec(List.of("mkfifo", path.toString()), Map.of(), null).assertOk();
    }

    /** The unreadable entry of {@code status --json} for a name; status must succeed and be JSON. */
    private static String unreadableReason(CumpsHarness h, String name) {
        JsonNode entry = find(h.cumps("status", "--json").assertOk().json().get("unreadable_records"), "name", name);
        assertEquals(h.recordFile(name).toString(), entry.get("path").asText());
        return entry.get("reason").asText();
    }

    private static void assertNoTrace(Run run) {
        assertFalse(run.stderr().contains("\tat ") || run.stderr().contains("Exception"), run::toString);
    }

    private static void assertListedUnreadable(Run status, String name, String reason) {
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains(" " + name + " ") && l.contains("UNREADABLE") && l.contains(reason)),
                () -> name + " listed UNREADABLE with '" + reason + "'\n" + status);
    }

    @Test
    void aFifoRecordNeverHangsStatusEnvStopOrStart(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2)); // one live daemon per GPU
        long good = h.pidOf(h.cumps("start", "--gpus", "0", "--name", "good").assertOk());
        Path fifo = h.recordFile("piped");
        mkfifo(h, fifo);

        Run status = h.cumps("status").assertOk();
        assertListedUnreadable(status, "piped", "not a regular file (FIFO)");
        assertNoTrace(status);
        assertEquals("not a regular file (FIFO)", unreadableReason(h, "piped"));
        assertEquals("live", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "good")
                .get("record_state").asText());

        String env = h.cumps("env", "--name", "piped").assertOneLineError();
        assertTrue(env.contains("unreadable") && env.contains("not a regular file (FIFO)"), env);

        String stop = h.cumps("stop", "--name", "piped").assertOneLineError();
        assertTrue(stop.contains("not a regular file (FIFO)") && stop.contains("nothing was signalled"), stop);
        assertFalse(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS), "the FIFO was moved aside");
        assertTrue(Procs.runningDaemon(good), "the other daemon is untouched");

        // Again, and this time a start takes the name: the FIFO goes to .stale, the daemon comes up.
        mkfifo(h, fifo);
        long started = h.pidOf(h.cumps("start", "--gpus", "1", "--name", "piped").assertOk());
        assertTrue(Procs.runningDaemon(started));
        List<Path> stale;
        try (Stream<Path> s = Files.list(h.records().resolve(".stale"))) {
            stale = s.map(d -> d.resolve("daemon.json")).filter(f -> Files.exists(f, LinkOption.NOFOLLOW_LINKS)).toList();
        }
        assertEquals(2, stale.size(), stale.toString());
        assertTrue(stale.stream().allMatch(f -> !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)), "both FIFOs quarantined as they were");

        // The name lock was released every time: the daemon stops normally.
        h.cumps("stop", "--name", "piped").assertOk();
        assertTrue(Procs.awaitGone(started, CumpsHarness.PATIENCE));
        h.cumps("env", "--name", "good").assertOk();
        h.cumps("stop", "--name", "good").assertOk();
    }

    @Test
    void aHugeRecordAndALinkToDevZeroAreListedUnreadableAndStatusStillAnswers(CumpsHarness h) throws Exception {
        Path huge = h.recordFile("huge");
        Files.createDirectories(huge.getParent());
        try (RandomAccessFile raf = new RandomAccessFile(huge.toFile(), "rw")) {
            raf.setLength(3L * 1024 * 1024 * 1024); // sparse: no disk used
        }
        Path zero = h.recordFile("zero");
        Files.createDirectories(zero.getParent());
        Files.createSymbolicLink(zero, Path.of("/dev/zero"));

        Run status = h.cumps("status").assertOk();
        assertListedUnreadable(status, "huge", "larger than 64 KiB (3221225472 bytes)");
        assertListedUnreadable(status, "zero", "is a symbolic link");
        assertNoTrace(status);
        assertEquals("larger than 64 KiB (3221225472 bytes)", unreadableReason(h, "huge"));
        assertEquals("is a symbolic link", unreadableReason(h, "zero"));
        assertTrue(h.cumps("doctor", "--json").json().has("valid"), "doctor copes with them");
        assertTrue(h.cumps("env", "--name", "zero").assertOneLineError().contains("is a symbolic link"));
        assertTrue(Files.isSymbolicLink(zero), "nothing was written through the link");
    }

    @Test
    void aFifoPidFileNeverHangsStopOrDoctor(CumpsHarness h) throws Exception {
        long pid = h.pidOf(h.cumps("start", "--name", "pidfifo").assertOk());
        Path pidFile = h.defaultPipe("pidfifo").resolve("nvidia-cuda-mps-control.pid");
        Files.delete(pidFile);
        mkfifo(h, pidFile);

        Run doctor = h.cumps("doctor", "--json");
        assertFalse(doctor.timedOut(), doctor::toString);
        JsonNode report = doctor.json();
        assertTrue(report.has("valid"), doctor::toString);
        assertNoTrace(doctor);

        Run stop = h.cumps("stop", "--name", "pidfifo");
        assertFalse(stop.timedOut(), stop::toString);
        assertNoTrace(stop);
        stop.assertOk();
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "the daemon was stopped through its control pipe");
    }

    @Test
    void recordsThatParseButLieAreUnreadableWithTheReasonAndTheOthersStillWork(CumpsHarness h) throws Exception {
        long good = h.pidOf(h.cumps("start", "--name", "good").assertOk());
        String text = Files.readString(h.recordFile("good"));
        String pipe = h.record("good").get("pipe_directory").asText();
        long bigUid = h.uid + (1L << 32);
        Map<String, String> odd = new LinkedHashMap<>();
        odd.put("nul", text.replace("\"pipe_directory\": \"" + pipe + "\"", "\"pipe_directory\": \"" + pipe + "\\u0000x\""));
        odd.put("inf", text.replaceFirst("\"created_at\": [^,]*,", "\"created_at\": 1e400,"));
        odd.put("biguid", text.replace("\"uid\": " + h.uid, "\"uid\": " + bigUid));
        odd.put("dupkey", text.replace("\"uid\": " + h.uid, "\"uid\": " + h.uid + ",\n  \"pid\": 1"));
        odd.put("trailing", text + "{\"pid\": 1}\n");
        Map<String, String> reasons = Map.of(
                "nul", "field pipe_directory contains a NUL character",
                "inf", "not valid JSON: number 1e400 is out of range",
                "biguid", "field uid is out of range: " + bigUid,
                "dupkey", "not valid JSON: Duplicate field 'pid'",
                "trailing", "not valid JSON: unexpected data after the JSON value");
        for (Map.Entry<String, String> e : odd.entrySet()) {
            String content = e.getValue().replace("\"name\": \"good\"", "\"name\": \"" + e.getKey() + "\"");
            assertFalse(content.equals(text), e.getKey() + " differs from the good record");
            Path file = h.recordFile(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
        }

        Run status = h.cumps("status").assertOk();
        assertNoTrace(status);
        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        for (Map.Entry<String, String> e : reasons.entrySet()) {
            assertListedUnreadable(status, e.getKey(), "UNREADABLE");
            String reason = find(sj.get("unreadable_records"), "name", e.getKey()).get("reason").asText();
            assertTrue(reason.startsWith(e.getValue()), e.getKey() + ": " + reason);
        }
        assertEquals(1, sj.get("managed_daemons").size(), "only the good record names a daemon: " + sj.get("managed_daemons"));
        assertEquals("live", find(sj.get("managed_daemons"), "name", "good").get("record_state").asText());
        Run doctor = h.cumps("doctor", "--json");
        assertTrue(doctor.json().has("valid"), doctor::toString);
        assertNoTrace(doctor);

        for (String name : reasons.keySet()) {
            String env = h.cumps("env", "--name", name).assertOneLineError();
            assertTrue(env.contains("unreadable"), env);
            String stop = h.cumps("stop", "--name", name).assertOneLineError();
            assertTrue(stop.contains(reasons.get(name)) && stop.contains("nothing was signalled"), stop);
            assertTrue(Procs.runningDaemon(good), "stopping '" + name + "' left the daemon its pid names alone");
        }
        h.cumps("env", "--name", "good").assertOk();
        h.cumps("stop", "--name", "good").assertOk();
        assertTrue(Procs.awaitGone(good, CumpsHarness.PATIENCE));
    }

    /**
     * A record that names daemon A's pid and start time but daemon B's pipe directory, while B's pid
     * file is a link to A's or a forged copy naming A's pid: `quit` there would stop B, which nobody
     * asked to stop. Stop answers with one line and both daemons keep their pid and start time.
     */
    @Test
    void aRecordNamingOneDaemonsPidAndAnothersPipeDirectoryStopsNeither(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2)); // one live daemon per GPU
        long a = h.pidOf(h.cumps("start", "--gpus", "0", "--name", "aa").assertOk());
        long b = h.pidOf(h.cumps("start", "--gpus", "1", "--name", "bb").assertOk());
        long aTicks = Procs.stat(a).orElseThrow().startTicks();
        long bTicks = Procs.stat(b).orElseThrow().startTicks();
        String aPipe = h.record("aa").get("pipe_directory").asText();
        String bPipe = h.record("bb").get("pipe_directory").asText();
        Path bPidFile = Path.of(bPipe, "nvidia-cuda-mps-control.pid");
        String liar = Files.readString(h.recordFile("aa")).replace("\"name\": \"aa\"", "\"name\": \"liar\"")
                .replace("\"pipe_directory\": \"" + aPipe + "\"", "\"pipe_directory\": \"" + bPipe + "\"");
        Files.createDirectories(h.recordFile("liar").getParent());
        Files.writeString(h.recordFile("liar"), liar);

        Files.delete(bPidFile);
        Files.createSymbolicLink(bPidFile, Path.of(aPipe, "nvidia-cuda-mps-control.pid"));
        String linked = h.cumps("stop", "--name", "liar").assertOneLineError();
        assertTrue(linked.contains("nothing was signalled") && linked.contains(bPipe), linked);

        Files.delete(bPidFile);
        Files.writeString(bPidFile, a + "\n");
        String forged = h.cumps("stop", "--name", "liar").assertOneLineError();
        assertTrue(forged.contains("nothing was signalled") && forged.contains(bPipe), forged);

        assertEquals(aTicks, Procs.stat(a).filter(Procs.Stat::running).orElseThrow().startTicks(), "daemon aa untouched");
        assertEquals(bTicks, Procs.stat(b).filter(Procs.Stat::running).orElseThrow().startTicks(), "daemon bb untouched");
        Files.delete(bPidFile);
        Files.writeString(bPidFile, b + "\n");
        Files.delete(h.recordFile("liar"));
        h.cumps("stop", "--all").assertOk();
        assertTrue(Procs.awaitGone(a, CumpsHarness.PATIENCE) && Procs.awaitGone(b, CumpsHarness.PATIENCE));
    }

    /**
     * A record directory that is a link (even an empty one): start moves the link aside like any
     * unreadable record and records the daemon in a real directory; nothing is written through it.
     */
    @Test
    void aRecordDirectoryThatIsALinkIsMovedAsideNeverWrittenThrough(CumpsHarness h) throws Exception {
        Path elsewhere = Files.createDirectories(h.root.resolve("elsewhere"));
        Files.createDirectories(h.records());
        Files.createSymbolicLink(h.records().resolve("linked"), elsewhere);

        long pid = h.pidOf(h.cumps("start", "--name", "linked").assertOk());

        try (Stream<Path> s = Files.list(elsewhere)) {
            assertEquals(List.of(), s.toList(), "nothing was written through the link");
        }
        assertTrue(Files.isDirectory(h.records().resolve("linked"), LinkOption.NOFOLLOW_LINKS), "a real record directory");
        assertEquals(pid, h.record("linked").get("pid").asLong());
        h.cumps("stop", "--name", "linked").assertOk();
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }

    @Test
    void aLockFileThatIsAFifoOrALinkIsRefusedWithOneLineAndNothingIsStarted(CumpsHarness h) throws Exception {
        Path locks = h.records().resolve(".locks");
        mkfifo(h, locks.resolve("lockfifo.lock"));
        Path target = h.root.resolve("written-through-link");
        Files.createSymbolicLink(locks.resolve("locklink.lock"), target);

        String fifo = h.cumps("start", "--name", "lockfifo").assertOneLineError();
        assertTrue(fifo.contains("lockfifo.lock") && fifo.contains("not a regular file (FIFO)"), fifo);
        String link = h.cumps("start", "--name", "locklink").assertOneLineError();
        assertTrue(link.contains("locklink.lock") && link.contains("is a symbolic link"), link);

        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS), "nothing was created through the link");
        assertTrue(h.markedDaemons().isEmpty(), "no daemon was started: " + h.markedDaemons());
        assertFalse(Files.exists(h.recordFile("lockfifo"), LinkOption.NOFOLLOW_LINKS));
    }
}
