package dev.cumps.e2e;

import static dev.cumps.e2e.CumpsHarness.DEFAULT_NAME;
import static dev.cumps.e2e.CumpsHarness.GPU0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.DriverProfile;
import dev.cumps.sim.SimConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The operator's everyday cycle, run as a new user would: start, status, env, doctor, stop. */
@ExtendWith(CumpsExtension.class)
class LifecycleE2eTest {

    @Test
    void fullCycleStartStatusEnvDoctorStop(CumpsHarness h) throws Exception {
        // start: the record is printed in uni-cumps's format and names the live daemon
        double startedAt = System.currentTimeMillis() / 1000.0;
        Run start = h.cumps("start").assertOk();
        double finishedAt = System.currentTimeMillis() / 1000.0;
        assertPythonStyleRecord(start.stdout());
        JsonNode rec = start.json();
        long pid = h.pidOf(start);
        assertEquals(DEFAULT_NAME, rec.get("name").asText());
        assertEquals(List.of(GPU0), strings(rec.get("gpu_uuids")));
        assertEquals("single_gpu", rec.get("topology_mode").asText());
        assertEquals(h.uid, rec.get("uid").asInt());
        assertEquals(h.defaultPipe(DEFAULT_NAME).toString(), rec.get("pipe_directory").asText());
        assertEquals(h.runtimeRoot().resolve(DEFAULT_NAME).resolve("log").toString(), rec.get("log_directory").asText());
        Procs.Stat stat = Procs.stat(pid).orElseThrow();
        assertEquals("nvidia-cuda-mps", stat.comm(), "the recorded pid is the control daemon");
        assertTrue(stat.running());
        assertEquals(stat.startTicks(), rec.get("process_start_ticks").asLong(), "process_start_ticks is field 22 of /proc/<pid>/stat");
        double createdAt = rec.get("created_at").asDouble();
        assertTrue(startedAt - 1 <= createdAt && createdAt <= finishedAt + 1, "created_at " + createdAt + " is the time of the start, between "
                + startedAt + " and " + finishedAt);
        Path file = h.recordFile(DEFAULT_NAME);
        assertEquals(start.stdout(), Files.readString(file), "the file holds what start printed");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(h.defaultPipe(DEFAULT_NAME))));

        // status: LIVE in the table, live in JSON, and the socket owned by the name
        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains(DEFAULT_NAME) && l.contains(" LIVE ") && l.contains(Long.toString(pid))),
                status.stdout());
        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        assertEquals(1, sj.get("managed_daemons").size());
        assertEquals("live", sj.get("managed_daemons").get(0).get("record_state").asText());
        assertEquals(pid, sj.get("managed_daemons").get(0).get("pid").asLong());
        JsonNode pipe = find(sj.get("control_pipes"), "path", h.defaultPipe(DEFAULT_NAME).resolve("control").toString());
        assertEquals("unix_socket", pipe.get("kind").asText());
        assertEquals(List.of(DEFAULT_NAME), strings(pipe.get("managed_names")));
        assertTrue(sj.get("nvidia_smi_available").asBoolean());
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"), strings(sj.get("compatible_topology_modes")));
        assertEquals(List.of("single_gpu"), strings(sj.get("usable_topology_modes")));

        // env: eval in sh reproduces the three variables; --json has {name, env}
        Run env = h.cumps("env").assertOk();
        assertEquals(3, env.stdout().lines().filter(l -> l.startsWith("export ")).count(), env.stdout());
        List<String> evaluated = evalInSh(h, env.stdout());
        assertEquals(List.of(GPU0, rec.get("pipe_directory").asText(), rec.get("log_directory").asText()), evaluated);
        JsonNode ej = h.cumps("env", "--json").assertOk().json();
        assertEquals(List.of("env", "name"), fieldNames(ej));
        assertEquals(DEFAULT_NAME, ej.get("name").asText());
        assertEquals(GPU0, ej.get("env").get("CUDA_VISIBLE_DEVICES").asText());
        assertEquals(rec.get("pipe_directory").asText(), ej.get("env").get("CUDA_MPS_PIPE_DIRECTORY").asText());
        assertEquals(rec.get("log_directory").asText(), ej.get("env").get("CUDA_MPS_LOG_DIRECTORY").asText());
        assertEquals(3, ej.get("env").size());

        // doctor: valid, exit 0, in both forms
        Run doctor = h.cumps("doctor", "--json").assertOk();
        JsonNode dj = doctor.json();
        assertTrue(dj.get("valid").asBoolean(), doctor.stdout());
        for (JsonNode check : dj.get("checks")) {
            assertFalse(check.get("status").asText().equals("fail"), "no failing check: " + check);
        }
        assertEquals(pid, dj.get("cuda_process_sharing").get("daemon_pid").asLong());
        assertEquals("mps", dj.get("cuda_process_sharing").get("effective").asText());
        assertTrue(h.cumps("doctor").assertOk().stdout().contains("VALID"));

        // stop: prints {"stopped": [record]}, the daemon exits, the record goes
        Run stop = h.cumps("stop").assertOk();
        JsonNode stopped = stop.json();
        assertEquals(List.of("stopped"), fieldNames(stopped));
        assertEquals(1, stopped.get("stopped").size());
        assertEquals(rec, stopped.get("stopped").get(0));
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "daemon pid " + pid + " is gone after stop");
        assertFalse(Files.exists(file), "record removed");

        // status: no daemons left
        JsonNode after = h.cumps("status", "--json").assertOk().json();
        assertEquals(0, after.get("managed_daemons").size());
        assertTrue(h.cumps("status").assertOk().stdout().matches("(?s).*Daemons \\(records in [^)]*\\)\\n  \\(none\\).*"));
        assertEquals(List.of(), h.markedDaemons(), "no daemon left running");
    }

    @Test
    void envQuotesPathsWithSpacesQuotesAndDollarsSoEvalReproducesThem(CumpsHarness h) throws Exception {
        Path pipe = h.root.resolve("p q'$x");
        Path log = h.root.resolve("l \"$HOME\"");
        Run start = h.cumps("start", "--name", "odd", "--pipe-dir", pipe.toString(), "--log-dir", log.toString()).assertOk();
        h.pidOf(start);
        Run env = h.cumps("env", "--name", "odd").assertOk();
        assertEquals(List.of(GPU0, pipe.toString(), log.toString()), evalInSh(h, env.stdout()));
        h.cumps("stop", "--name", "odd").assertOk();
    }

    @Test
    void stopAllStopsEveryLiveDaemonAndCleansStaleRecords(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(3)); // one live daemon per GPU
        long a = h.pidOf(h.cumps("start", "--name", "a", "--gpus", "0").assertOk());
        long b = h.pidOf(h.cumps("start", "--name", "b", "--gpus", "1").assertOk());
        long c = h.pidOf(h.cumps("start", "--name", "c", "--gpus", "2").assertOk());
        Procs.kill(c);
        assertTrue(Procs.awaitGone(c, CumpsHarness.PATIENCE));

        Run all = h.cumps("stop", "--all").assertOk();
        JsonNode report = all.json();
        List<String> stopped = new ArrayList<>();
        report.get("stopped").forEach(r -> stopped.add(r.get("name").asText()));
        assertEquals(List.of("a", "b"), stopped);
        assertEquals("stale_removed", find(report.get("outcomes"), "name", "c").get("result").asText());
        assertEquals("", all.stderr());
        assertTrue(Procs.awaitGone(a, CumpsHarness.PATIENCE));
        assertTrue(Procs.awaitGone(b, CumpsHarness.PATIENCE));
        for (String name : List.of("a", "b", "c")) {
            assertFalse(Files.exists(h.recordFile(name)), name + " record removed");
        }
    }

    @Test
    void foregroundDaemonThatIsToldToQuitRemovesItsRecord(CumpsHarness h) throws Exception {
        Path out = h.root.resolve("fg.out");
        Process fg = h.start(Map.of(), out, h.root.resolve("fg.err"), "start", "--foreground", "--name", "fg");
        CumpsHarness.await("the foreground record", CumpsHarness.PATIENCE, () -> Files.exists(h.recordFile("fg")));
        long pid = h.recordedPid("fg");
        assertTrue(Procs.runningDaemon(pid));
        assertEquals(fg.pid(), Procs.stat(pid).map(s -> parentOf(pid)).orElseThrow(), "the -f daemon is cumps's child");

        h.exec(List.of(h.bin.resolve("nvidia-cuda-mps-control").toString()),
                Map.of("CUDA_MPS_PIPE_DIRECTORY", h.record("fg").get("pipe_directory").asText()), "quit\n").assertOk();
        assertTrue(fg.waitFor(20, TimeUnit.SECONDS), "cumps --foreground returns when its daemon quits");
        assertEquals(0, fg.exitValue());
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
        assertFalse(Files.exists(h.recordFile("fg")), "record removed when the daemon exited");
    }

    /**
     * The simulator's -f daemon logs to stdout and writes no control.log, as NVIDIA's does, and on the 470 and 535
     * profiles no pid file either: cumps records the process it started, and a pinned limit on 470 is refused.
     */
    @ParameterizedTest(name = "profile {0}")
    @EnumSource(value = DriverProfile.class, names = {"R470", "R535"})
    void foregroundOnABranchWithoutPidFileRecordsTheProcessCumpsStarted(DriverProfile profile, CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(1).withDriver(profile));
        Path out = h.root.resolve("fg.out");
        Process fg = h.start(Map.of(), out, h.root.resolve("fg.err"), "start", "--foreground", "--name", "fg");
        CumpsHarness.await("the foreground record", CumpsHarness.PATIENCE, () -> Files.exists(h.recordFile("fg")) || !fg.isAlive());
        assertTrue(fg.isAlive(), () -> "cumps --foreground is still running: " + readQuietly(h.root.resolve("fg.err")));
        long pid = h.recordedPid("fg");
        assertEquals(fg.pid(), parentOf(pid), "the recorded daemon is the process cumps started");
        Path pipe = Path.of(h.record("fg").get("pipe_directory").asText());
        Path log = Path.of(h.record("fg").get("log_directory").asText());
        assertFalse(Files.exists(pipe.resolve("nvidia-cuda-mps-control.pid")), "no pid file on " + profile);
        assertFalse(Files.exists(log.resolve("control.log")), "-f logs to stdout, not control.log");
        CumpsHarness.await("the daemon's start line on stdout", CumpsHarness.PATIENCE,
                () -> readQuietly(out).contains("Starting control daemon using socket " + pipe.resolve("control")));

        h.exec(List.of(h.bin.resolve("nvidia-cuda-mps-control").toString()), Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()), "quit\n")
                .assertOk();
        assertTrue(fg.waitFor(20, TimeUnit.SECONDS), "cumps --foreground returns when its daemon quits");
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
        assertFalse(Files.exists(h.recordFile("fg")), "record removed when the daemon exited");

        if (profile == DriverProfile.R470) {
            Run pinned = h.cumps("start", "--foreground", "--name", "fp", "--pinned-mem-limit", "2G");
            assertTrue(pinned.assertOneLineError().contains("does not know set_default_device_pinned_mem_limit"), pinned.toString());
            assertFalse(Files.exists(h.recordFile("fp")));
            assertEquals(List.of(), h.markedDaemons(), "the refused start left no daemon");
        }
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    @Test
    void foregroundCtrlCQuitsTheDaemon(CumpsHarness h) throws Exception {
        Process fg = h.start(Map.of(CumpsHarness.DEFAULT_SIGINT, ""), h.root.resolve("fg.out"), h.root.resolve("fg.err"),
                "start", "--foreground", "--name", "fg");
        CumpsHarness.await("the foreground record", CumpsHarness.PATIENCE, () -> Files.exists(h.recordFile("fg")));
        long pid = h.recordedPid("fg");
        interrupt(h, fg);
        assertTrue(fg.waitFor(20, TimeUnit.SECONDS), "cumps exits after Ctrl-C");
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "Ctrl-C sent quit and the daemon exited");
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void foregroundCtrlCRemovesTheRecord(CumpsHarness h) throws Exception {
        Process fg = h.start(Map.of(CumpsHarness.DEFAULT_SIGINT, ""), h.root.resolve("fg.out"), h.root.resolve("fg.err"),
                "start", "--foreground", "--name", "fg");
        CumpsHarness.await("the foreground record", CumpsHarness.PATIENCE, () -> Files.exists(h.recordFile("fg")));
        long pid = h.recordedPid("fg");
        interrupt(h, fg);
        assertTrue(fg.waitFor(20, TimeUnit.SECONDS), "cumps exits after Ctrl-C");
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
        assertFalse(Files.exists(h.recordFile("fg")), "Ctrl-C removes the foreground record");
        assertEquals(0, h.cumps("status", "--json").assertOk().json().get("managed_daemons").size());
    }

    // ------------------------------------------------------------------ helpers

    /** {@code kill -INT <pid>} of the cumps JVM this test started, as Ctrl-C would. */
    static void interrupt(CumpsHarness h, Process cumps) {
        h.exec(List.of("/bin/kill", "-INT", Long.toString(cumps.pid())), Map.of(), null).assertOk();
    }

    static long parentOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 1).strip().split("\\s+")[1]);
        } catch (IOException e) {
            return -1;
        }
    }

    /** Evaluates env's output in sh and returns the three variables, one per line. */
    static List<String> evalInSh(CumpsHarness h, String exports) throws Exception {
        Path script = Files.createTempFile(h.root, "env", ".sh");
        Files.writeString(script, exports);
        CumpsHarness.Exec r = h.exec(List.of("/bin/sh", "-c", "unset CUDA_VISIBLE_DEVICES CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY; "
                + "eval \"$(cat \"$1\")\"; printf '%s\\n' \"$CUDA_VISIBLE_DEVICES\" \"$CUDA_MPS_PIPE_DIRECTORY\" \"$CUDA_MPS_LOG_DIRECTORY\"",
                "sh", script.toString()), Map.of(), null).assertOk();
        return r.stdout().lines().toList();
    }

    /** Keys sorted, 2-space indent, {@code "key": value}, created_at written as a float. */
    static void assertPythonStyleRecord(String text) throws Exception {
        JsonNode node = CumpsHarness.JSON.readTree(text);
        List<String> keys = fieldNames(node);
        assertEquals(List.of("created_at", "gpu_uuids", "host", "log_directory", "name", "pid", "pipe_directory",
                "process_start_ticks", "topology_mode", "uid"), keys, "exactly uni-cumps's keys, sorted");
        List<String> lines = text.lines().toList();
        assertEquals("{", lines.get(0));
        assertEquals("}", lines.get(lines.size() - 1));
        long topLevel = lines.stream().filter(l -> l.matches("^  \"[a-z_]+\": .*")).count();
        assertEquals(keys.size(), topLevel, "each key on its own line, indented by two spaces:\n" + text);
        assertTrue(text.lines().anyMatch(l -> l.matches("^  \"created_at\": \\d+\\.\\d+,$")), "created_at is a float:\n" + text);
        assertTrue(text.contains("  \"gpu_uuids\": [\n    \"GPU-"), "list items indented by four spaces:\n" + text);
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    static JsonNode find(JsonNode array, String field, String value) {
        for (JsonNode element : array) {
            if (element.has(field) && element.get(field).asText().equals(value)) {
                return element;
            }
        }
        throw new AssertionError("no element with " + field + "=" + value + " in " + array);
    }
}
