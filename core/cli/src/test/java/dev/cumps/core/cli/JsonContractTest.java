package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.JsonContract;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What {@code cumps} prints as JSON keeps uni-cumps's contract: every key of the golden shapes in
 * {@code src/test/resources/contract/}, with its type. Runs the CLI in-process on the fake host.
 */
class JsonContractTest {
    private Sandbox sb;
    private String out;
    private String err;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private Map<String, Object> cumps(int expectedExit, String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), globals -> sb.services()).run(args);
        out = o.toString();
        err = e.toString();
        assertEquals(expectedExit, code, () -> String.join(" ", args) + "\n" + out + err);
        return Sandbox.parseObject(out);
    }

    private static void assertConforms(String shape, Map<String, Object> json) {
        List<String> problems = JsonContract.violations(shape, json);
        assertTrue(problems.isEmpty(), () -> shape + " breaks the uni-cumps contract: " + problems + "\n" + json);
    }

    @Test
    void startStopAndEnvOutputKeepTheContract() {
        Map<String, Object> started = cumps(0, "start", "--gpus", "1", "--name", "one");
        assertConforms("start", started);
        assertConforms("record", Sandbox.parseObject(readRecord("one")));
        assertConforms("env", cumps(0, "env", "--name", "one", "--json"));
        Map<String, Object> stopped = cumps(0, "stop", "--name", "one");
        assertConforms("stop", stopped);
        assertEquals(1, ((List<?>) stopped.get("stopped")).size());

        cumps(0, "start", "--gpus", "0", "--name", "two");
        Map<String, Object> all = cumps(0, "stop", "--all");
        assertConforms("stop", all);
        assertEquals(1, ((List<?>) all.get("stopped")).size());
    }

    @Test
    void statusListsTheVisibleGpusUnderGpusAndEveryGpuUnderAllGpus() {
        sb.env("CUDA_VISIBLE_DEVICES", "1");
        cumps(0, "start", "--gpus", "1", "--name", "one");

        Map<String, Object> status = cumps(0, "status", "--json");

        assertConforms("status", status);
        assertEquals("Linux", status.get("platform"));
        assertEquals(List.of(Map.of("index", 1, "uuid", FakeGpu.uuidFor(1))), ((List<?>) status.get("gpus")).stream()
                .map(g -> Map.of("index", ((Map<?, ?>) g).get("index"), "uuid", ((Map<?, ?>) g).get("uuid"))).toList());
        assertEquals(2, ((List<?>) status.get("all_gpus")).size());
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"), status.get("compatible_topology_modes"));
        assertEquals(List.of("single_gpu"), status.get("usable_topology_modes"));
    }

    @ParameterizedTest
    @EnumSource(value = FakeMpsHost.Smi.class, names = {"NOT_FOUND", "TIMED_OUT", "GARBAGE", "NON_ZERO"})
    void anyFailedGpuQueryIsNotAvailableAndStillKeepsTheContract(FakeMpsHost.Smi mode) {
        sb.mps.smi(mode);

        Map<String, Object> status = cumps(0, "status", "--json");

        assertConforms("status", status);
        assertEquals(false, status.get("nvidia_smi_available"), mode.name());
        assertTrue(status.get("diagnostic") instanceof String);
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"), status.get("compatible_topology_modes"));
        assertConforms("doctor", cumps(1, "doctor", "--json"));
    }

    @Test
    void doctorKeepsTheContractWhenValidAndWhenNot() {
        Map<String, Object> invalid = cumps(1, "doctor", "--gpus", "0", "--json");
        assertConforms("doctor", invalid);
        assertTrue(((Map<?, ?>) invalid.get("cuda_process_sharing")).get("error") instanceof String);

        cumps(0, "start", "--gpus", "0", "--name", "zero");
        Map<String, Object> valid = cumps(0, "doctor", "--gpus", "0", "--json");
        assertConforms("doctor", valid);
        assertEquals(List.of(Map.of("index", 0, "uuid", FakeGpu.uuidFor(0))), ((Map<?, ?>) valid.get("plan")).get("gpus"));
        Map<?, ?> daemon = (Map<?, ?>) ((List<?>) valid.get("managed_daemons")).get(0);
        assertEquals(true, daemon.get("process_live"));
        assertEquals("mps", ((Map<?, ?>) valid.get("cuda_process_sharing")).get("configured"));
        assertFalse(((Map<?, ?>) valid.get("cuda_process_sharing")).containsKey("error"));
    }

    @Test
    void aSelectorThatDoesNotResolveStillGivesAPlanObject() {
        Map<String, Object> report = cumps(1, "doctor", "--gpus", "7", "--json");

        assertConforms("doctor", report);
        assertEquals(Map.of("selector", "7", "topology_mode", "single_gpu", "gpus", List.of(), "resolved", false), report.get("plan"));
    }

    /** The check itself fails on what a uni-cumps consumer would trip over, so the tests above can fail. */
    @Test
    void theContractCatchesAMissingKeyAChangedTypeAndAWrongConstant() {
        cumps(0, "start", "--gpus", "0", "--name", "zero");
        Map<String, Object> status = cumps(0, "status", "--json");
        Map<String, Object> doctor = cumps(0, "doctor", "--gpus", "0", "--json");

        Map<String, Object> noPlatform = new LinkedHashMap<>(status);
        noPlatform.remove("platform");
        assertEquals(List.of("$.platform: missing"), JsonContract.violations("status", noPlatform));

        Map<String, Object> shortModes = new LinkedHashMap<>(status);
        shortModes.put("compatible_topology_modes", List.of("single_gpu"));
        assertEquals(1, JsonContract.violations("status", shortModes).size());

        Map<String, Object> record = new LinkedHashMap<>(Sandbox.parseObject(readRecord("zero")));
        record.put("created_at", 1764410400L);
        assertEquals(List.of("$.created_at: expected float, got Long 1764410400"), JsonContract.violations("record", record));

        Map<String, Object> stringGpus = new LinkedHashMap<>(doctor);
        Map<String, Object> plan = new LinkedHashMap<>(cast(doctor.get("plan")));
        plan.put("gpus", List.of(FakeGpu.uuidFor(0)));
        stringGpus.put("plan", plan);
        assertEquals(1, JsonContract.violations("doctor", stringGpus).size(), JsonContract.violations("doctor", stringGpus).toString());

        Map<String, Object> boolSharing = new LinkedHashMap<>(doctor);
        Map<String, Object> sharing = new LinkedHashMap<>(cast(doctor.get("cuda_process_sharing")));
        sharing.put("configured", true);
        boolSharing.put("cuda_process_sharing", sharing);
        List<String> problems = new ArrayList<>(JsonContract.violations("doctor", boolSharing));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("configured: expected str?"), problems.toString());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object value) {
        return (Map<String, Object>) value;
    }

    private String readRecord(String name) {
        try {
            return Files.readString(sb.recordFile(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
