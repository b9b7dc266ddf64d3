package dev.cumps.core.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.json.Json;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordCodec;
import dev.cumps.core.record.RecordState;
import dev.cumps.core.record.UnreadableRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import dev.cumps.core.topology.TopologyMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StatusServiceTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private HostStatus status() {
        return sb.services().status().collect();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> json, String key) {
        return (List<Map<String, Object>>) json.get(key);
    }

    private List<HostStatus.PipeRow> pipesUnder(HostStatus s, Path dir) {
        return s.controlPipes().stream().filter(p -> p.path().startsWith(dir)).toList();
    }

    @Test
    void statusWithoutNvidiaSmiStillReportsWithADiagnostic() {
        sb.mps.smi(FakeMpsHost.Smi.NOT_FOUND);
        DaemonRecord r = sb.handRecord("kept", 4_130_000L, 1, sb.dir.resolve("p"), sb.dir.resolve("l"));

        HostStatus s = status();

        assertFalse(s.nvidiaSmiAvailable());
        assertTrue(s.diagnostic().orElse("").contains("nvidia-smi was not found"), s.diagnostic().toString());
        assertTrue(s.gpus().isEmpty());
        assertEquals(List.of(r.name()), s.daemons().stream().map(ManagedDaemon::name).toList(), "records are still listed");
        Map<String, Object> json = Sandbox.parseObject(Json.write(s.toJsonMap()));
        assertEquals(false, json.get("nvidia_smi_available"));
        assertTrue(((String) json.get("diagnostic")).contains("nvidia-smi"));
    }

    @ParameterizedTest
    @EnumSource(value = FakeMpsHost.Smi.class, names = {"TIMED_OUT", "GARBAGE", "NON_ZERO"})
    void brokenNvidiaSmiBecomesADiagnosticNotAnError(FakeMpsHost.Smi mode) {
        sb.mps.smi(mode);

        HostStatus s = status();

        assertTrue(s.diagnostic().isPresent(), mode.name());
        assertTrue(s.gpus().isEmpty());
        assertTrue(s.compatibleModes().isEmpty());
    }

    /** uni-cumps orders the control pipes by path (cumps listed the records' first, by name). */
    @Test
    void controlPipesAreOrderedByPath() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.start("zeta", 0);
        sb.start("alpha", 1);
        Path handmade = sb.dir.resolve("a-handmade");
        Sandbox.mkdir700(handmade);
        Sandbox.mkfifo(handmade.resolve("control"));
        sb.env("CUDA_MPS_PIPE_DIRECTORY", handmade.toString());

        List<String> paths = status().controlPipes().stream().map(p -> p.path().toString()).toList();

        assertEquals(3, paths.size(), paths.toString());
        assertEquals(paths.stream().sorted().toList(), paths);
        assertEquals(handmade.resolve("control").toString(), paths.get(0));
        Map<String, Object> json = Sandbox.parseObject(Json.write(status().toJsonMap()));
        assertEquals(paths, list(json, "control_pipes").stream().map(p -> p.get("path")).toList());
    }

    /** A control pipe names its owner; one neither the caller's nor root's is marked not trusted. */
    @Test
    void aControlPipeOfAnotherUserIsListedWithItsOwnerAndNotTrusted() throws Exception {
        Path squatted = sb.nvidiaPipeDirectory();
        Sandbox.mkdir700(squatted);
        Sandbox.mkfifo(squatted.resolve("control"));
        Files.setAttribute(squatted.resolve("control"), "unix:uid", 65534);
        DaemonRecord mine = sb.start("mine");

        Map<String, Object> json = Sandbox.parseObject(Json.write(status().toJsonMap()));

        Map<String, Object> theirs = list(json, "control_pipes").stream().filter(p -> p.get("path").equals(squatted.resolve("control").toString()))
                .findFirst().orElseThrow();
        assertEquals(65534, ((Number) theirs.get("owner_uid")).intValue());
        assertEquals(false, theirs.get("trusted"));
        Map<String, Object> ours = list(json, "control_pipes").stream()
                .filter(p -> p.get("path").equals(mine.pipeDirectory().resolve("control").toString())).findFirst().orElseThrow();
        assertEquals(sb.uid, ((Number) ours.get("owner_uid")).intValue());
        assertEquals(true, ours.get("trusted"));
    }

    /** uni-cumps writes null for an unset or empty CUDA_VISIBLE_DEVICES, and cumps reads an empty mask as none (every GPU visible). */
    @Test
    void anEmptyCudaVisibleDevicesIsNullInJsonAsWhenUnset() {
        sb.env("CUDA_VISIBLE_DEVICES", "");
        Map<String, Object> empty = Sandbox.parseObject(Json.write(status().toJsonMap()));
        assertTrue(empty.containsKey("cuda_visible_devices"));
        assertNull(empty.get("cuda_visible_devices"));

        sb.env("CUDA_VISIBLE_DEVICES", null);
        Map<String, Object> unset = Sandbox.parseObject(Json.write(status().toJsonMap()));
        assertNull(unset.get("cuda_visible_devices"));
        assertEquals(unset.get("gpus"), empty.get("gpus"), "the same GPUs are visible");

        sb.env("CUDA_VISIBLE_DEVICES", "0");
        assertEquals("0", Sandbox.parseObject(Json.write(status().toJsonMap())).get("cuda_visible_devices"));
    }

    @Test
    void controlPipesShowSocketsAndFifosWithTheirOwners() {
        DaemonRecord r = sb.start("owned");
        Path foreignPipe = sb.dir.resolve("handmade");
        Sandbox.mkdir700(foreignPipe);
        Sandbox.mkfifo(foreignPipe.resolve("control"));
        sb.env("CUDA_MPS_PIPE_DIRECTORY", foreignPipe.toString());

        HostStatus s = status();

        List<HostStatus.PipeRow> rows = pipesUnder(s, sb.dir);
        assertEquals(2, rows.size(), rows.toString());
        HostStatus.PipeRow managed = rows.stream().filter(p -> p.path().equals(r.pipeDirectory().resolve("control"))).findFirst().orElseThrow();
        assertEquals(ControlPipe.Kind.UNIX_SOCKET, managed.kind());
        assertEquals(List.of("owned"), managed.managedNames());
        HostStatus.PipeRow unmanaged = rows.stream().filter(p -> p.path().equals(foreignPipe.resolve("control"))).findFirst().orElseThrow();
        assertEquals(ControlPipe.Kind.FIFO, unmanaged.kind());
        assertFalse(unmanaged.managed());
        Map<String, Object> json = Sandbox.parseObject(Json.write(s.toJsonMap()));
        Map<String, Object> fifoJson = list(json, "control_pipes").stream()
                .filter(p -> p.get("path").equals(foreignPipe.resolve("control").toString())).findFirst().orElseThrow();
        assertEquals("fifo", fifoJson.get("kind"));
        assertEquals(List.of(), fifoJson.get("managed_names"));
    }

    @Test
    void leftoverSocketInTheRuntimeRootIsListedAsUnmanaged() throws Exception {
        DaemonRecord r = sb.start("crashed");
        Files.delete(sb.recordFile("crashed"));

        HostStatus s = status();

        HostStatus.PipeRow row = pipesUnder(s, sb.dir).stream().findFirst().orElseThrow();
        assertEquals(r.pipeDirectory().resolve("control"), row.path());
        assertFalse(row.managed());
    }

    @Test
    void callersPipeDirectorySpelledDifferentlyIsStillTheManagedPipe() {
        DaemonRecord r = sb.start("spelled");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", r.pipeDirectory().getParent() + "/./pipe");

        HostStatus s = status();

        List<HostStatus.PipeRow> rows = pipesUnder(s, sb.dir);
        assertEquals(1, rows.size(), rows.toString());
        assertEquals(List.of("spelled"), rows.get(0).managedNames());
    }

    @Test
    void recordsOfOtherUsersAndHostsAreNotListed() {
        DaemonRecord mine = sb.start("mine");
        sb.foreignRecord("their-uid", 4242, Sandbox.HOSTNAME, 4_130_001L, 1);
        sb.foreignRecord("their-host", sb.uid, "otherhost", 4_130_002L, 1);

        HostStatus s = status();

        assertEquals(List.of("mine"), s.daemons().stream().map(ManagedDaemon::name).toList());
        assertTrue(s.unreadable().isEmpty());
        Map<String, Object> json = Sandbox.parseObject(Json.write(s.toJsonMap()));
        assertEquals(List.of("mine"), list(json, "managed_daemons").stream().map(d -> d.get("name")).toList());
        assertEquals(mine.pid(), ((Number) list(json, "managed_daemons").get(0).get("pid")).longValue());
    }

    @Test
    void unreadableRecordsAreListedWithTheirReasonAndNeverCrashStatus() {
        DaemonRecord ok = sb.start("fine");
        sb.writeRaw("malformed", "{\"name\": ");
        String valid = RecordCodec.encode(ok);
        sb.writeRaw("missing", valid.replace("\"fine\"", "\"missing\"").replaceAll("\\s*\"pid\": \\d+,", ""));
        sb.writeRaw("wrongtype", valid.replace("\"fine\"", "\"wrongtype\"").replaceAll("\"pid\": \\d+", "\"pid\": \"seven\""));

        HostStatus s = status();

        assertEquals(List.of("fine"), s.daemons().stream().map(ManagedDaemon::name).toList());
        Map<String, String> reasons = new TreeMap<>();
        for (UnreadableRecord u : s.unreadable()) {
            reasons.put(u.name(), u.reason());
        }
        assertEquals(Set.of("malformed", "missing", "wrongtype"), reasons.keySet());
        assertTrue(reasons.get("malformed").contains("not valid JSON"), reasons.get("malformed"));
        assertTrue(reasons.get("missing").contains("field pid is missing"), reasons.get("missing"));
        assertTrue(reasons.get("wrongtype").contains("field pid is not an integer"), reasons.get("wrongtype"));
        Map<String, Object> json = Sandbox.parseObject(Json.write(s.toJsonMap()));
        Map<String, Object> first = list(json, "unreadable_records").get(0);
        assertEquals(Set.of("name", "path", "reason", "record_state"), first.keySet());
        assertEquals("unreadable", first.get("record_state"));
    }

    @Test
    void recordDirectoryWithAnInvalidNameIsReportedNotFatal() {
        sb.start("fine");
        sb.writeRaw("Old_Backup", "{}");

        HostStatus s = status();

        assertEquals(List.of("fine"), s.daemons().stream().map(ManagedDaemon::name).toList());
        assertEquals(List.of("Old_Backup"), s.unreadable().stream().map(UnreadableRecord::name).toList());
    }

    @Test
    void recordStateIsLiveOrStale() {
        DaemonRecord down = sb.start("down");
        sb.processes.kill(down.pid());
        DaemonRecord reused = sb.start("reused");
        sb.processes.reuse(reused.pid(), "python3", reused.processStartTicks() + 1);
        sb.start("up"); // stale records do not block their GPU

        HostStatus s = status();

        Map<String, RecordState> states = new TreeMap<>();
        s.daemons().forEach(d -> states.put(d.name(), d.state()));
        assertEquals(Map.of("down", RecordState.STALE, "reused", RecordState.STALE, "up", RecordState.LIVE), states);
        Map<String, Object> json = Sandbox.parseObject(Json.write(s.toJsonMap()));
        Map<String, Object> byName = new TreeMap<>();
        list(json, "managed_daemons").forEach(d -> byName.put((String) d.get("name"), d.get("record_state")));
        assertEquals(Map.of("down", "stale", "reused", "stale", "up", "live"), byName);
    }

    @Test
    void statusJsonHasTheDocumentedShape() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1).withComputeMode("Default"));
        sb.env("CUDA_VISIBLE_DEVICES", "0,1");
        sb.services().starter().start(Sandbox.request("1", "shape", null, null), st -> { });

        String text = Json.write(status().toJsonMap());
        Map<String, Object> json = Sandbox.parseObject(text);

        assertTrue(json.keySet().containsAll(Set.of("schema_version", "platform", "nvidia_smi_available", "diagnostic",
                "cuda_visible_devices", "gpus", "control_pipes", "managed_daemons", "compatible_topology_modes",
                "unreadable_records")), json.keySet().toString());
        assertEquals(1, json.get("schema_version"));
        assertEquals("Linux", json.get("platform"), "Python's platform.system(), as uni-cumps reports it");
        assertEquals("linux", json.get("platform_id"));
        assertEquals(true, json.get("nvidia_smi_available"));
        assertNull(json.get("diagnostic"));
        assertEquals("0,1", json.get("cuda_visible_devices"));
        List<Map<String, Object>> gpus = list(json, "gpus");
        assertEquals(2, gpus.size());
        assertEquals(1, gpus.get(1).get("index"));
        assertEquals(FakeGpu.uuidFor(1), gpus.get(1).get("uuid"));
        assertEquals("Default", gpus.get(1).get("compute_mode"));
        assertEquals(81559, gpus.get(1).get("memory_total_mib"));
        assertEquals(List.of("shape"), gpus.get(1).get("managed_names"));
        Map<String, Object> pipe = list(json, "control_pipes").stream()
                .filter(p -> ((String) p.get("path")).startsWith(sb.dir.toString())).findFirst().orElseThrow();
        assertTrue(pipe.keySet().containsAll(Set.of("path", "kind", "managed_names")));
        assertEquals("unix_socket", pipe.get("kind"));
        Map<String, Object> daemon = list(json, "managed_daemons").get(0);
        assertEquals(new TreeSet<>(Set.of("created_at", "gpu_uuids", "host", "log_directory", "name", "pid", "pipe_directory",
                "process_start_ticks", "topology_mode", "uid", "process_live", "record_state")), new TreeSet<>(daemon.keySet()));
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"), json.get("compatible_topology_modes"));
        assertEquals(List.of(), json.get("unreadable_records"));
    }

    @Test
    void visibilityMaskDecidesWhichGpusAreVisibleAndWhichModesFit() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.env("CUDA_VISIBLE_DEVICES", FakeGpu.uuidFor(1).toUpperCase(Locale.ROOT).replace("GPU-", ""));

        HostStatus s = status();

        assertEquals(List.of(false, true), s.gpus().stream().map(HostStatus.GpuRow::visible).toList());
        assertEquals(List.of(TopologyMode.SINGLE_GPU), s.compatibleModes());
    }

    @Test
    void aMaskEntryMatchingNoGpuIsADiagnostic() {
        sb.env("CUDA_VISIBLE_DEVICES", "7");

        HostStatus s = status();

        assertTrue(s.diagnostic().orElse("").contains("'7' matches no GPU"), s.diagnostic().toString());
        assertEquals(List.of(false), s.gpus().stream().map(HostStatus.GpuRow::visible).toList());
    }

    @Test
    void statusChangesNothingAndSignalsNothing() {
        DaemonRecord r = sb.start("quiet");
        List<String> before = sb.snapshot(sb.dir);
        sb.mps.runner().clear();

        status();

        assertEquals(before, sb.snapshot(sb.dir));
        assertTrue(sb.mps.runner().specsFor(FakeMpsHost.CONTROL).isEmpty());
        assertTrue(sb.processes.contains(r.pid()));
    }

    @Test
    void recordFiledUnderAnotherNameIsUnreadable() {
        DaemonRecord r = sb.start("real");
        sb.writeRaw("copy", RecordCodec.encode(r));

        HostStatus s = status();

        assertEquals(List.of("real"), s.daemons().stream().map(ManagedDaemon::name).toList());
        UnreadableRecord copy = s.unreadable().get(0);
        assertEquals("copy", copy.name());
        assertTrue(copy.reason().contains("'real'"), copy.reason());
    }
}
