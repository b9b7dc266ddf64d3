package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SmiFault;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A broken nvidia-smi becomes a diagnostic in status and a one-line error in start; never a hang or a trace. */
@ExtendWith(CumpsExtension.class)
class NvidiaSmiFaultsE2eTest {

    @Test
    void hungNvidiaSmiIsStoppedAndReported(CumpsHarness h) {
        Map<String, String> hang = Map.of("CUMPS_SIM_SMI_FAULT", "hang");
        // status comes back by itself (within the harness's limit, far beyond nvidia-smi's own timeout), exit 0
        Run status = h.cumps(hang, "status", "--json").assertOk();
        JsonNode sj = status.json();
        assertTrue(sj.get("diagnostic").asText().contains("did not answer"), sj.get("diagnostic").toString());
        assertEquals(0, sj.get("gpus").size());
        assertEquals(List.of(), smiStandIns(h), "the hung nvidia-smi was killed");

        String start = h.cumps(hang, "start").assertOneLineError();
        assertTrue(start.contains("did not answer"), start);
        assertEquals(List.of(), smiStandIns(h));
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void garbageFromNvidiaSmiIsReportedNamingTheMalformedRow(CumpsHarness h) {
        Map<String, String> garbage = Map.of("CUMPS_SIM_SMI_FAULT", "garbage");
        JsonNode sj = h.cumps(garbage, "status", "--json").assertOk().json();
        String diagnostic = sj.get("diagnostic").asText();
        assertTrue(diagnostic.contains("malformed row 1") && diagnostic.contains("NVML: [unexpected token"), diagnostic);
        assertFalse(sj.get("nvidia_smi_available").asBoolean(), "the GPU query failed, as uni-cumps reports it");
        String text = h.cumps(garbage, "status").assertOk().stdout();
        assertTrue(text.contains("diagnostic: nvidia-smi printed a malformed row 1"), text);
        assertTrue(text.contains("nvidia-smi: not available"), text);
        String start = h.cumps(garbage, "start").assertOneLineError();
        assertTrue(start.contains("malformed row"), start);
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void failingNvidiaSmiIsDescribedWithItsExitStatusAndMessage(CumpsHarness h) {
        Map<String, String> fail = Map.of("CUMPS_SIM_SMI_FAULT", "fail");
        JsonNode sj = h.cumps(fail, "status", "--json").assertOk().json();
        String diagnostic = sj.get("diagnostic").asText();
        assertTrue(diagnostic.contains("exited with status 9") && diagnostic.contains("couldn't communicate with the NVIDIA driver"),
                diagnostic);
        Run doctor = h.cumps(fail, "doctor", "--json");
        assertEquals(1, doctor.exitCode(), doctor.toString());
        assertFalse(doctor.json().get("valid").asBoolean());
        String start = h.cumps(fail, "start").assertOneLineError();
        assertTrue(start.contains("exited with status 9"), start);
    }

    @Test
    void missingNvidiaSmiLeavesStatusWorkingAndStartRefusing(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(1).withSmiFault(SmiFault.MISSING));
        assertFalse(Files.exists(h.bin.resolve("nvidia-smi")));

        Run status = h.cumps("status", "--json").assertOk();
        JsonNode sj = status.json();
        assertFalse(sj.get("nvidia_smi_available").asBoolean());
        assertTrue(sj.get("diagnostic").asText().contains("not found"), sj.get("diagnostic").toString());
        assertTrue(h.cumps("status").assertOk().stdout().contains("nvidia-smi: not available"));
        String start = h.cumps("start").assertOneLineError();
        assertTrue(start.contains("nvidia-smi was not found"), start);
        Run doctor = h.cumps("doctor");
        assertEquals(1, doctor.exitCode(), doctor.toString());
        assertTrue(doctor.stdout().contains("INVALID"), doctor.stdout());
    }

    private static List<Long> smiStandIns(CumpsHarness h) {
        return h.markedProcesses().stream().filter(pid -> Procs.cmdline(pid).contains("NvidiaSmiMain")).toList();
    }
}
