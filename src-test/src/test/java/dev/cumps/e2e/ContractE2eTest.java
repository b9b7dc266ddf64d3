package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.core.testing.JsonContract;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real {@code cumps}'s JSON keeps uni-cumps's contract: each output of {@code start},
 * {@code status --json}, {@code doctor --json}, {@code env --json} and {@code stop} holds every key
 * of its golden shape (core's {@code src/test/resources/contract/}) with uni-cumps's type.
 */
@ExtendWith(CumpsExtension.class)
class ContractE2eTest {

    private static void assertConforms(String shape, Run run) {
        JsonNode json = run.json();
        List<String> problems = JsonContract.violations(shape, CumpsHarness.JSON.convertValue(json, Object.class));
        assertTrue(problems.isEmpty(), () -> "cumps " + run.args() + " breaks the uni-cumps contract '" + shape + "': " + problems + "\n" + run);
    }

    @Test
    void everyJsonOutputKeepsTheUniCumpsContract(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        Run noDaemon = h.cumps("doctor", "--gpus", "0", "--json");
        assertEquals(1, noDaemon.exitCode(), noDaemon.toString());
        assertConforms("doctor", noDaemon);

        Run started = h.cumps("start", "--gpus", "1", "--name", "c1").assertOk();
        long pid = h.pidOf(started);
        assertConforms("start", started);

        Map<String, String> mask = Map.of("CUDA_VISIBLE_DEVICES", "1");
        Run status = h.cumps(mask, "status", "--json").assertOk();
        assertConforms("status", status);
        JsonNode sj = status.json();
        assertEquals("Linux", sj.get("platform").asText());
        assertEquals(1, sj.get("gpus").size(), "gpus are the visible GPUs, as in uni-cumps");
        assertEquals(CumpsHarness.GPU1, sj.get("gpus").get(0).get("uuid").asText());
        assertEquals(2, sj.get("all_gpus").size());

        Run doctor = h.cumps(mask, "doctor", "--gpus", "1", "--json");
        assertConforms("doctor", doctor);
        JsonNode plan = doctor.json().get("plan");
        assertEquals(1, plan.get("gpus").get(0).get("index").asInt());
        assertEquals(CumpsHarness.GPU1, plan.get("gpus").get(0).get("uuid").asText());
        assertTrue(doctor.json().get("managed_daemons").get(0).get("process_live").asBoolean());

        assertConforms("env", h.cumps("env", "--name", "c1", "--json").assertOk());
        assertConforms("stop", h.cumps("stop", "--name", "c1").assertOk());
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));

        h.pidOf(h.cumps("start", "--gpus", "0", "--name", "c0").assertOk());
        assertConforms("stop", h.cumps("stop", "--all").assertOk());
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void unparsableNvidiaSmiOutputIsNotAvailableAndStillKeepsTheContract(CumpsHarness h) {
        Run status = h.cumps(Map.of("CUMPS_SIM_SMI_FAULT", "garbage"), "status", "--json").assertOk();

        assertConforms("status", status);
        assertEquals(false, status.json().get("nvidia_smi_available").asBoolean());
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"),
                LifecycleE2eTest.strings(status.json().get("compatible_topology_modes")));
    }

    @Test
    void theSimulatedHostKeepsTheContractToo(CumpsHarness h) throws Exception {
        Map<String, String> plain = Map.of("PATH", "/usr/bin:/bin");
        assertConforms("status", h.cumps(plain, "--simulate", "status", "--json").assertOk());
        h.cumps(plain, "--simulate", "reset").assertOk();
        assertTrue(Files.notExists(h.tmp.resolve("cumps-sim-" + h.uid)));
    }
}
