package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated GPU processes both nvidia-smi stand-ins list: a file per running client, its memory
 * in the per-app query and in the GPU's memory.used, and a utilisation that grows with the clients
 * and moves with the clock.
 */
class SimAppsTest {
    private static final SimConfig TWO = SimConfig.defaults(2);
    private static final String GPU0 = TWO.gpus().get(0).uuid();

    @TempDir
    Path dir;

    @Test
    void onlyFilesOfRunningProcessesAreListed() throws IOException {
        long self = ProcessHandle.current().pid();
        SimApps.write(dir, self, GPU0, 512);
        SimApps.write(dir, 4_194_000L, GPU0, 64); // no such process
        Files.writeString(dir.resolve("notapid"), GPU0 + ",1\n");
        Files.writeString(dir.resolve("12"), "garbage\n");

        assertEquals(List.of(new SimApps.App(self, GPU0, 512)), SimApps.live(Optional.of(dir)));
    }

    @Test
    void aClientWhoseSandboxWasRemovedDoesNotBringItBack() throws IOException {
        Path sandbox = dir.resolve("csim-gone");
        Path apps = sandbox.resolve("apps");

        assertThrows(NoSuchFileException.class, () -> SimApps.write(apps, ProcessHandle.current().pid(), GPU0, 64));

        assertFalse(Files.exists(sandbox), "the removed sandbox stays removed");
        Files.createDirectory(sandbox);
        SimApps.write(apps, ProcessHandle.current().pid(), GPU0, 64);
        SimApps.write(apps, 4_194_000L, GPU0, 64);
        assertEquals(List.of(new SimApps.App(ProcessHandle.current().pid(), GPU0, 64)), SimApps.live(Optional.of(apps)));
    }

    @Test
    void computeAppsListEachProcessWithItsMemoryOnItsGpu() {
        List<SimApps.App> apps = List.of(new SimApps.App(101, GPU0, 512), new SimApps.App(102, GPU0, 256));

        NvidiaSmi.Output out = NvidiaSmi.run(List.of("--query-compute-apps=pid,gpu_uuid,used_memory", "--format=csv,noheader,nounits"),
                TWO, apps, 0);

        assertEquals(new NvidiaSmi.Output(0, "101, " + GPU0 + ", 512\n102, " + GPU0 + ", 256\n", ""), out);
    }

    @Test
    void computeAppsWithHeaderAndUnitsLookLikeTheRealTool() {
        NvidiaSmi.Output out = NvidiaSmi.run(List.of("--query-compute-apps=pid,used_memory", "--format=csv"), TWO,
                List.of(new SimApps.App(101, GPU0, 512)), 0);

        assertEquals(new NvidiaSmi.Output(0, "pid, used_gpu_memory [MiB]\n101, 512 MiB\n", ""), out);
    }

    @Test
    void noProcessesPrintNothing() {
        NvidiaSmi.Output out = NvidiaSmi.run(List.of("--query-compute-apps=pid,gpu_uuid,used_memory", "--format=csv,noheader,nounits"),
                TWO, List.of(), 0);

        assertEquals(new NvidiaSmi.Output(0, "", ""), out);
    }

    @Test
    void unknownAppFieldIsRefused() {
        NvidiaSmi.Output out = NvidiaSmi.run(List.of("--query-compute-apps=pid,bogus", "--format=csv"), TWO, List.of(), 0);

        assertEquals(2, out.exitCode());
        assertEquals("Field \"bogus\" is not a valid field to query.\n\n", out.stdout());
    }

    @Test
    void memoryUsedSumsTheGpusProcessesAndUtilisationFollowsClientsAndClock() {
        List<SimApps.App> apps = List.of(new SimApps.App(101, GPU0, 512), new SimApps.App(102, GPU0, 256));
        List<String> args = List.of("--query-gpu=index,utilization.gpu,memory.used", "--format=csv,noheader,nounits");

        assertEquals("0, 67, 768\n1, 0, 0\n", NvidiaSmi.run(args, TWO, apps, 7).stdout());
        assertEquals("0, 68, 768\n1, 0, 0\n", NvidiaSmi.run(args, TWO, apps, 8).stdout());
    }

    @Test
    void utilisationIsZeroWhenIdleAndNeverAboveAHundred() {
        assertEquals(0, SimApps.utilization(0, 19));
        assertEquals(49, SimApps.utilization(1, 19));
        assertEquals(100, SimApps.utilization(4, 19));
    }
}
