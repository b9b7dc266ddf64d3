package dev.cumps.e2e;

import static dev.cumps.e2e.CumpsHarness.GPU1;
import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Starts that must be refused before anything is launched, each with one clear line. */
@ExtendWith(CumpsExtension.class)
class StartRefusalsE2eTest {

    @ParameterizedTest
    @ValueSource(strings = {"Bad_Name", "-x", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
    void badNamesAreRefused(String name, CumpsHarness h) {
        assertEquals(65, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".length());
        String line = h.cumps("start", "--name", name).assertOneLineError();
        assertTrue(line.contains("invalid daemon name"), line);
        assertTrue(h.cumps("stop", "--name", name).assertOneLineError().contains("invalid daemon name"));
        assertTrue(h.cumps("env", "--name", name).assertOneLineError().contains("invalid daemon name"));
        assertFalse(Files.exists(h.records().resolve(name)));
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void tooLongSocketPathSuggestsAShorterPipeDir(CumpsHarness h) {
        Path pipe = h.root.resolve("p".repeat(90));
        String line = h.cumps("start", "--name", "long", "--pipe-dir", pipe.toString()).assertOneLineError();
        assertTrue(line.contains("shorter --pipe-dir"), line);
        assertFalse(Files.exists(pipe), "nothing created");
        assertFalse(Files.exists(h.recordFile("long")));
    }

    @Test
    void symlinkedRuntimeRootIsRefusedNamingTheLink(CumpsHarness h) throws Exception {
        Path elsewhere = h.privateDir("elsewhere");
        Files.createSymbolicLink(h.runtimeRoot(), elsewhere);
        String line = h.cumps("start").assertOneLineError();
        assertTrue(line.contains(h.runtimeRoot() + " is a symbolic link"), line);
        try (var s = Files.list(elsewhere)) {
            assertEquals(0, s.count(), "nothing was created through the link");
        }
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void runtimeDirOwnedByAnotherUserIsRefused(CumpsHarness h) throws Exception {
        assertTrue(h.uid == 0, "needs root to give a directory to another uid: run the tests as root (CI does; a root-only check fails, never skips)");
        Path rt = h.runtimeRoot();
        Files.createDirectory(rt, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.setAttribute(rt, "unix:uid", 4242);
        String line = h.cumps("start").assertOneLineError();
        assertTrue(line.contains("owned by uid 4242"), line);
        try (var s = Files.list(rt)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void existingPipeDirWithMode0755IsRefused(CumpsHarness h) throws Exception {
        Path pipe = h.root.resolve("open");
        Files.createDirectory(pipe);
        Files.setPosixFilePermissions(pipe, PosixFilePermissions.fromString("rwxr-xr-x"));
        String line = h.cumps("start", "--name", "open", "--pipe-dir", pipe.toString()).assertOneLineError();
        assertTrue(line.contains("rwxr-xr-x") && line.contains("0700"), line);
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(pipe)), "mode left as it was");
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void multiGpuTopologiesFailClosedAndSeveralGpusNeedASelector(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        String list = h.cumps("start", "--gpus", "0,1").assertOneLineError();
        assertTrue(list.contains("single_task_multi_gpu") && list.contains("not supported"), list);
        String all = h.cumps("start", "--gpus", "all").assertOneLineError();
        assertTrue(all.contains("task_per_gpu") && all.contains("not supported"), all);
        String none = h.cumps("start").assertOneLineError();
        assertTrue(none.contains("2 GPUs are visible") && none.contains("--gpus"), none);
        Run doctor = h.cumps("doctor", "--gpus", "all", "--json");
        assertEquals(1, doctor.exitCode());
        assertEquals("fail", find(doctor.json().get("checks"), "id", "topology").get("status").asText());
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"),
                LifecycleE2eTest.strings(h.cumps("status", "--json").assertOk().json().get("compatible_topology_modes")));
        assertFalse(Files.exists(h.records()), "no record written");
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void migEnabledGpuIsRefusedNamingMig(CumpsHarness h) {
        Map<String, String> mig = Map.of("CUMPS_SIM_MIG", "Enabled");
        String line = h.cumps(mig, "start").assertOneLineError();
        assertTrue(line.contains("MIG"), line);
        Run doctor = h.cumps(mig, "doctor", "--json");
        assertEquals(1, doctor.exitCode());
        assertEquals("fail", find(doctor.json().get("checks"), "id", "mig").get("status").asText());
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void visibleDevicesOneStartsOnGpuOneAndDoctorWarnsAboutTheNonzeroIndex(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        Map<String, String> cvd = Map.of("CUDA_VISIBLE_DEVICES", "1");
        Run start = h.cumps(cvd, "start").assertOk();
        long pid = h.pidOf(start);
        assertEquals(List.of(GPU1), LifecycleE2eTest.strings(start.json().get("gpu_uuids")));
        assertEquals("gpu-5f0c1a2e-0000-4000-8000-000000000001", start.json().get("name").asText());

        Run doctor = h.cumps(cvd, "doctor", "--json").assertOk();
        JsonNode dj = doctor.json();
        assertTrue(dj.get("valid").asBoolean(), "a warning does not invalidate");
        JsonNode check = find(dj.get("checks"), "id", "env_visible_index");
        assertEquals("warn", check.get("status").asText());
        assertTrue(check.get("observed").asText().contains(GPU1), check.toString());
        assertTrue(Procs.runningDaemon(pid));
        h.cumps(cvd, "stop").assertOk();
    }
}
