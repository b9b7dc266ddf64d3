package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code cumps --simulate}: the whole cycle on a machine with no GPU, in a sandbox private to this test's TMPDIR. */
@ExtendWith(CumpsExtension.class)
class SimulateE2eTest {

    @Test
    void simulatedHostRunsTheWholeCycleAndResetRemovesTheSandbox(CumpsHarness h) throws Exception {
        // A new user has no stand-ins on PATH: --simulate must bring its own.
        Map<String, String> plain = Map.of("PATH", "/usr/bin:/bin");
        Path sandbox = h.tmp.resolve("cumps-sim-" + h.uid);
        // The default name fits the 95-byte socket limit only under a short TMPDIR; a long uid needs --name.
        String defaultPipe = sandbox + "/rt/uni-cumps-" + h.uid + "/" + CumpsHarness.DEFAULT_NAME + "/pipe/control";
        List<String> start = new ArrayList<>(List.of("--simulate", "start", "--gpus", "0"));
        if (defaultPipe.length() > 95) {
            start.addAll(List.of("--name", "sim"));
        }

        Run started = h.cumps(plain, start.toArray(String[]::new)).assertOk();
        assertTrue(started.stderr().contains("SIMULATED host"), "JSON output is labelled SIMULATED on stderr: " + started.stderr());
        long pid = h.pidOf(started);
        assertTrue(Procs.runningDaemon(pid));
        assertTrue(started.json().get("pipe_directory").asText().startsWith(sandbox.toString()), "runtime dirs are in the sandbox");
        String name = started.json().get("name").asText();
        assertFalse(Files.exists(h.records()), "the real record root is not used");

        Run status = h.cumps(plain, "--simulate", "status").assertOk();
        assertTrue(status.stdout().contains("SIMULATED"), status.stdout());
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains(name) && l.contains(" LIVE ")), status.stdout());
        JsonNode sj = h.cumps(plain, "--simulate", "status", "--json").assertOk().json();
        assertTrue(sj.get("simulated").asBoolean());
        assertEquals(2, sj.get("gpus").size(), "two simulated GPUs by default");

        List<String> env = LifecycleE2eTest.evalInSh(h, h.cumps(plain, "--simulate", "env").assertOk().stdout());
        assertEquals(CumpsHarness.GPU0, env.get(0));
        assertEquals(started.json().get("pipe_directory").asText(), env.get(1));

        Run doctor = h.cumps(plain, "--simulate", "doctor", "--gpus", "0").assertOk();
        assertTrue(doctor.stdout().contains("SIMULATED") && doctor.stdout().contains("VALID"), doctor.stdout());

        JsonNode stopped = h.cumps(plain, "--simulate", "stop").assertOk().json();
        assertEquals(name, stopped.get("stopped").get(0).get("name").asText());
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));

        h.pidOf(h.cumps(plain, start.toArray(String[]::new)).assertOk());
        Run reset = h.cumps(plain, "--simulate", "reset").assertOk();
        assertTrue(reset.json().get("removed").asBoolean());
        assertFalse(Files.exists(sandbox), "reset removed the sandbox");
        assertEquals(List.of(), h.markedDaemons(), "reset stopped the simulated daemons");
    }

    @Test
    void resetWithoutSimulateIsAOneLineError(CumpsHarness h) {
        assertTrue(h.cumps("reset").assertOneLineError().contains("--simulate"));
    }
}
