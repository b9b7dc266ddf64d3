package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The {@code nvidia-smi} stand-in's output as a pure function of its arguments. */
class NvidiaSmiTest {

    private static final SimConfig TWO = SimConfig.defaults(2);

    static Stream<Arguments> queries() {
        return Stream.of(
                Arguments.of(List.of("--query-gpu=index,uuid,name,memory.total", "--format=csv"), """
                        index, uuid, name, memory.total [MiB]
                        0, GPU-5f0c1a2e-0000-4000-8000-000000000000, NVIDIA H100 80GB HBM3, 81559 MiB
                        1, GPU-5f0c1a2e-0000-4000-8000-000000000001, NVIDIA H100 80GB HBM3, 81559 MiB
                        """),
                Arguments.of(List.of("--query-gpu=index,memory.total", "--format=csv,noheader"), """
                        0, 81559 MiB
                        1, 81559 MiB
                        """),
                Arguments.of(List.of("--query-gpu=index,memory.total", "--format=csv,nounits"), """
                        index, memory.total [MiB]
                        0, 81559
                        1, 81559
                        """),
                Arguments.of(List.of("--query-gpu", "uuid,compute_mode,mig.mode.current", "--format",
                        "csv,noheader,nounits", "-i", "1"), """
                        GPU-5f0c1a2e-0000-4000-8000-000000000001, Exclusive_Process, Disabled
                        """),
                Arguments.of(List.of("--query-gpu=gpu_name,driver_version,pci.bus_id,count", "--format=csv",
                        "--id=GPU-5f0c1a2e-0000-4000-8000-000000000000"), """
                        name, driver_version, pci.bus_id, count
                        NVIDIA H100 80GB HBM3, 550.54.15, 00000000:18:00.0, 2
                        """),
                Arguments.of(List.of("-L"), """
                        GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-5f0c1a2e-0000-4000-8000-000000000000)
                        GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-5f0c1a2e-0000-4000-8000-000000000001)
                        """));
    }

    @ParameterizedTest
    @MethodSource("queries")
    void printsWhatTheRealToolPrints(List<String> args, String expected) {
        NvidiaSmi.Output output = NvidiaSmi.run(args, TWO);

        assertEquals(new NvidiaSmi.Output(0, expected, ""), output);
    }

    @Test
    void unknownFieldIsRefusedLikeTheRealTool() {
        NvidiaSmi.Output output = NvidiaSmi.run(List.of("--query-gpu=index,fan.sped", "--format=csv"), TWO);

        assertEquals(2, output.exitCode());
        assertEquals("Field \"fan.sped\" is not a valid field to query.\n\n", output.stdout());
    }

    @Test
    void unknownGpuIdFindsNoDevice() {
        NvidiaSmi.Output output = NvidiaSmi.run(List.of("-L", "-i", "7"), TWO);

        assertEquals(new NvidiaSmi.Output(6, "No devices were found\n", ""), output);
    }

    @Test
    void noArgumentsPrintsASummaryNamingEveryGpu() {
        NvidiaSmi.Output output = NvidiaSmi.run(List.of(), TWO);

        assertEquals(0, output.exitCode());
        assertTrue(output.stdout().contains("Driver Version: 550.54.15"), output.stdout());
        assertEquals(2, output.stdout().lines().filter(l -> l.contains("NVIDIA H100 80GB HBM3")).count());
    }

    @Test
    void failFaultReportsTheDriverIsUnreachable() {
        NvidiaSmi.Output output = NvidiaSmi.run(List.of("-L"), TWO.withSmiFault(SmiFault.FAIL));

        assertEquals(9, output.exitCode());
        assertTrue(output.stdout().startsWith("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA"
                + " driver."), output.stdout());
    }

    @Test
    void migEnabledShowsInTheQuery() {
        SimConfig mig = TWO.withGpus(TWO.gpus().stream().map(g -> g.withMigMode("Enabled")).toList());

        NvidiaSmi.Output output = NvidiaSmi.run(List.of("--query-gpu=mig.mode.current", "--format=csv,noheader"), mig);

        assertEquals("Enabled\nEnabled\n", output.stdout());
    }
}
