package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimConfigTest {

    @TempDir
    Path dir;

    @Test
    void defaultsAreDeterministicH100s() {
        SimConfig config = SimConfig.defaults(3);

        assertEquals("550.54.15", config.driverVersion());
        assertEquals(List.of("GPU-5f0c1a2e-0000-4000-8000-000000000000", "GPU-5f0c1a2e-0000-4000-8000-000000000001",
                "GPU-5f0c1a2e-0000-4000-8000-000000000002"), config.gpus().stream().map(SimGpu::uuid).toList());
        SimGpu gpu = config.gpus().get(0);
        assertEquals("NVIDIA H100 80GB HBM3", gpu.name());
        assertEquals(81559, gpu.memoryTotalMiB());
        assertEquals("Exclusive_Process", gpu.computeMode());
        assertEquals("Disabled", gpu.migMode());
        assertEquals(SmiFault.NONE, config.smiFault());
        assertEquals(MpsFault.NONE, config.mpsFault());
    }

    @Test
    void writtenConfigLoadsBackEqual() throws IOException {
        SimConfig config = SimConfig.defaults(1).withSmiFault(SmiFault.GARBAGE).withMpsFault(MpsFault.NO_ANSWER);
        Path file = dir.resolve("sim.json");

        config.write(file);

        assertEquals(config, SimConfig.load(file));
        String json = Files.readString(file);
        assertEquals(true, json.contains("\"no-answer\""), json);
    }

    @Test
    void handWrittenConfigMayLeaveFaultsOut() throws IOException {
        Path file = dir.resolve("sim.json");
        Files.writeString(file, """
                {"driverVersion": "535.104.05",
                 "gpus": [{"uuid": "GPU-0a1b2c3d-0000-4000-8000-00000000abcd", "name": "NVIDIA A100-SXM4-40GB",
                           "memoryTotalMiB": 40960, "computeMode": "default", "migMode": "enabled"}]}
                """);

        SimConfig config = SimConfig.load(file);

        assertEquals("Default", config.gpus().get(0).computeMode());
        assertEquals("Enabled", config.gpus().get(0).migMode());
        assertEquals(MpsFault.NONE, config.mpsFault());
        assertEquals(SimConfig.DEFAULT_SLOW_MILLIS, config.mpsSlowMillis());
    }

    @Test
    void environmentWithoutConfigGivesTwoDefaultGpus() throws IOException {
        assertEquals(SimConfig.defaults(2), SimConfig.fromEnvironment(Map.of()));
    }

    @Test
    void environmentOverridesTheConfigFile() throws IOException {
        Path file = dir.resolve("sim.json");
        SimConfig.defaults(1).withMpsFault(MpsFault.DIES).write(file);

        SimConfig config = SimConfig.fromEnvironment(Map.of(
                "CUMPS_SIM_CONFIG", file.toString(),
                "CUMPS_SIM_GPUS", "4",
                "CUMPS_SIM_COMPUTE_MODE", "Default",
                "CUMPS_SIM_MIG", "Enabled",
                "CUMPS_SIM_SMI_FAULT", "hang",
                "CUMPS_SIM_MPS_SLOW_MS", "250"));

        assertEquals(4, config.gpus().size());
        assertEquals(List.of("Default"), config.gpus().stream().map(SimGpu::computeMode).distinct().toList());
        assertEquals(List.of("Enabled"), config.gpus().stream().map(SimGpu::migMode).distinct().toList());
        assertEquals(SmiFault.HANG, config.smiFault());
        assertEquals(MpsFault.DIES, config.mpsFault(), "kept from the file");
        assertEquals(250, config.mpsSlowMillis());
    }

    @Test
    void invalidOverridesAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> SimConfig.fromEnvironment(Map.of("CUMPS_SIM_GPUS", "two")));
        assertThrows(IllegalArgumentException.class,
                () -> SimConfig.fromEnvironment(Map.of("CUMPS_SIM_MPS_FAULT", "explodes")));
        assertThrows(IllegalArgumentException.class,
                () -> SimConfig.fromEnvironment(Map.of("CUMPS_SIM_COMPUTE_MODE", "Shared")));
    }

    @Test
    void gpuUuidMustHaveNvidiaShape() {
        assertThrows(IllegalArgumentException.class,
                () -> new SimGpu("GPU-1234", "NVIDIA H100 80GB HBM3", 81559, "Default", "Disabled"));
    }

    @Test
    void theDriverBranchDefaultsToTheNewestAndRoundTrips() throws IOException {
        assertEquals(DriverProfile.R550, SimConfig.defaults(1).driverBranch());
        SimConfig r535 = SimConfig.defaults(1).withDriver(DriverProfile.R535);
        Path file = dir.resolve("sim.json");

        r535.write(file);

        assertEquals("535.261.03", r535.driverVersion());
        assertEquals(r535, SimConfig.load(file));
        assertEquals(true, Files.readString(file).contains("\"driverBranch\" : \"535\""), Files.readString(file));
    }

    @Test
    void theDriverOverridePicksTheBranchAndItsDriverVersion() throws IOException {
        SimConfig config = SimConfig.fromEnvironment(Map.of(SimConfig.ENV_DRIVER, "r535"));

        assertEquals(DriverProfile.R535, config.driverBranch());
        assertEquals("535.261.03", config.driverVersion());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> SimConfig.fromEnvironment(Map.of(SimConfig.ENV_DRIVER, "999")));
        assertEquals("unknown driver branch '999' (known: 470, 535, 550, 555)", unknown.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"470, 470.256.02", "r535, 535.261.03", "550, 550.54.15", "R555, 555.58.02"})
    void everyBranchHasItsDriverVersionAndRoundTrips(String branch, String version) throws IOException {
        SimConfig config = SimConfig.fromEnvironment(Map.of(SimConfig.ENV_DRIVER, branch));
        Path file = dir.resolve("sim.json");

        config.write(file);

        assertEquals(version, config.driverVersion());
        assertEquals(config, SimConfig.load(file));
        assertEquals(DriverProfile.of(branch), SimConfig.load(file).driverBranch());
        assertEquals(DriverProfile.R550, DriverProfile.NEWEST, "the default stays R550: R555 is a feature branch");
    }
}
