package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cumps.sim.testing.SimHost;
import dev.cumps.sim.testing.SimulatedHostExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Python {@code nvidia-smi} stand-in against the Java reference ({@link SimConfig#fromEnvironment}
 * then {@link NvidiaSmi#run}): for every argument list, environment override and config file below,
 * the same exit status, stdout bytes and stderr; for every invalid setup, exit 70 with the
 * {@code cumps-sim:} line where the Java one refuses too.
 */
@ExtendWith(SimulatedHostExtension.class)
class StandInParityTest {
    private static final List<List<String>> ARGS = List.of(
            List.of(), List.of("-L"), List.of("--list-gpus"),
            List.of("--query-gpu=index,uuid,name,compute_mode,memory.total,mig.mode.current,driver_version,pci.bus_id",
                    "--format=csv,noheader,nounits"),
            List.of("--query-gpu=index,uuid,name,memory.total", "--format=csv"),
            List.of("--query-gpu", "gpu_uuid,gpu_name,gpu_bus_id,count", "--format", "csv,nounits", "-i", "1"),
            List.of("--query-gpu=index", "--format=csv", "--id=GPU-5F0C1A2E-0000-4000-8000-000000000000"),
            List.of("--query-gpu=index", "--format=csv", "-i", "0, 1"), List.of("--query-gpu=index", "--format=csv", "-i", "7"),
            List.of("--query-gpu=index,,count ", "--format= CSV , NoHeader"), List.of("--query-gpu=bogus", "--format=csv"),
            List.of("--query-gpu=index", "--format=json"), List.of("--query-gpu=index", "--format=noheader"),
            List.of("--query-gpu=index", "--format=csv,"), List.of("--query-gpu=,", "--format=csv"),
            List.of("--query-gpu=index"), List.of("-L", "--query-gpu=index", "--format=csv"), List.of("-x"), List.of("-i"),
            List.of("-i", "1", "-L"), List.of("--id=1,0", "--query-gpu=index,name", "--format=csv,noheader"),
            List.of("--query-gpu=index,uuid,utilization.gpu,memory.used,memory.total", "--format=csv,noheader,nounits"),
            List.of("--query-gpu=utilization.gpu,memory.used", "--format=csv"),
            List.of("--query-compute-apps=pid,gpu_uuid,used_memory", "--format=csv,noheader,nounits"),
            List.of("--query-compute-apps=pid,used_gpu_memory,process_name", "--format=csv"),
            List.of("--query-compute-apps=pid,bogus", "--format=csv"), List.of("--query-compute-apps=pid"),
            List.of("--query-compute-apps=pid", "--query-gpu=index", "--format=csv"));

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SimMachine machine;

    @BeforeEach
    void setUp(SimHost host) throws IOException {
        machine = new SimMachine(host, null);
    }

    private SimMachine.Run python(Map<String, String> env, List<String> args) throws IOException, InterruptedException {
        machine.env.clear();
        machine.env.putAll(env);
        return machine.run(SimTools.NVIDIA_SMI, null, Duration.ofSeconds(20), args.toArray(String[]::new));
    }

    /**
     * Every argument list of {@link #ARGS} in one Python process: {@code standin.py}'s own
     * {@code from_environment} and {@code smi_run} (what the executable calls between reading its
     * environment and writing its output), so that the whole matrix costs one interpreter start.
     * {@link #theExecutableWritesWhatItComputes} covers the executable path around them.
     */
    private void assertSameAsJava(Map<String, String> env) throws Exception {
        SimConfig config = SimConfig.fromEnvironment(env);
        List<Map<String, Object>> cases = new ArrayList<>();
        for (List<String> args : ARGS) {
            cases.add(Map.of("args", args, "env", env));
        }
        JsonNode results = batch(cases);
        for (int i = 0; i < ARGS.size(); i++) {
            NvidiaSmi.Output java = NvidiaSmi.run(ARGS.get(i), config);
            JsonNode r = results.get(i);
            assertEquals(java, new NvidiaSmi.Output(r.get(0).asInt(), r.get(1).asText(), r.get(2).asText()), env + " " + ARGS.get(i));
        }
    }

    private JsonNode batch(List<Map<String, Object>> cases) throws IOException, InterruptedException {
        Path driver = machine.root.resolve("batch.py");
        Files.writeString(driver, String.join("\n",
                "import json, sys",
                "ns = {'__name__': 'standin'}",
                "exec(compile(open(sys.argv[1]).read(), sys.argv[1], 'exec'), ns)",
                "out = []",
                "for c in json.load(sys.stdin):",
                "    out.append(list(ns['smi_run'](c['args'], ns['from_environment'](c['env']))))",
                "json.dump(out, sys.stdout)", ""));
        Path input = machine.root.resolve("cases.json");
        Path output = machine.root.resolve("results.json");
        MAPPER.writeValue(input.toFile(), cases);
        ProcessBuilder builder = new ProcessBuilder(Python3.find().orElseThrow().toString(), "-IS", driver.toString(),
                machine.bin.resolve(SimTools.NVIDIA_SMI).toString()).redirectInput(input.toFile()).redirectOutput(output.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        // An explicit environment: each case passes its own to from_environment; nothing of the test JVM's.
        builder.environment().clear();
        builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8"));
        Process p = builder.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the batch finished");
        assertEquals(0, p.exitValue(), "the batch ran");
        return MAPPER.readTree(output.toFile());
    }

    @Test
    void theExecutableWritesWhatItComputes() throws Exception {
        for (List<String> args : List.of(List.<String>of(), List.of("-L"), List.of("--query-gpu=bogus", "--format=csv"), List.of("-x"),
                List.of("--query-gpu=index,name", "--format=csv", "-i", "7"))) {
            NvidiaSmi.Output java = NvidiaSmi.run(args, SimConfig.fromEnvironment(Map.of()));
            SimMachine.Run py = python(Map.of(), args);
            assertEquals(java, new NvidiaSmi.Output(py.exitCode(), py.stdout(), py.stderr()), args.toString());
        }
        Map<String, String> garbage = Map.of(SimConfig.ENV_SMI_FAULT, "garbage", SimConfig.ENV_GPUS, "3");
        SimMachine.Run py = python(garbage, List.of("-L"));
        assertEquals(NvidiaSmi.run(List.of("-L"), SimConfig.fromEnvironment(garbage)),
                new NvidiaSmi.Output(py.exitCode(), py.stdout(), py.stderr()));
    }

    @Test
    void defaultMachineAndEveryOverridePrintTheSameBytes() throws Exception {
        assertSameAsJava(Map.of());
        assertSameAsJava(Map.of(SimConfig.ENV_GPUS, " 10 ", SimConfig.ENV_COMPUTE_MODE, "default", SimConfig.ENV_MIG, "1"));
        assertSameAsJava(Map.of(SimConfig.ENV_GPUS, "1", SimConfig.ENV_COMPUTE_MODE, "2", SimConfig.ENV_MPS_FAULT, "SLOW",
                SimConfig.ENV_MPS_SLOW_MS, "50"));
        assertSameAsJava(Map.of(SimConfig.ENV_DRIVER, "470"));
        assertSameAsJava(Map.of(SimConfig.ENV_DRIVER, "535"));
        assertSameAsJava(Map.of(SimConfig.ENV_DRIVER, " r550 "));
        assertSameAsJava(Map.of(SimConfig.ENV_DRIVER, "R555"));
    }

    @Test
    void faultsPrintTheSameBytes() throws Exception {
        for (String fault : List.of("fail", "garbage", "missing", "NONE", " ")) {
            Map<String, String> env = Map.of(SimConfig.ENV_SMI_FAULT, fault);
            SimConfig config = SimConfig.fromEnvironment(env);
            for (List<String> args : List.of(List.<String>of(), List.of("--query-gpu=index", "--format=csv"))) {
                NvidiaSmi.Output java = NvidiaSmi.run(args, config);
                SimMachine.Run py = python(env, args);
                assertEquals(java, new NvidiaSmi.Output(py.exitCode(), py.stdout(), py.stderr()), fault + " " + args);
                if (!fault.equals("NONE")) {
                    break;
                }
            }
        }
    }

    @Test
    void aConfigFileIsReadAsTheJavaStandInReadsIt() throws Exception {
        Path file = machine.root.resolve("custom.json");
        List<SimGpu> gpus = new ArrayList<>();
        gpus.add(new SimGpu("GPU-0123abcd-0000-4000-8000-00000000000a", "Tesla \u00e9xotic name that is longer than thirty chars",
                40960, "prohibited", "ENABLED"));
        gpus.add(new SimGpu("GPU-0123abcd-0000-4000-8000-00000000000b", "A100 \"quoted\" \\ name", 1, null, null));
        new SimConfig("535.1\t\"x\"", gpus, SmiFault.NONE, MpsFault.DIES, 10).write(file);
        assertSameAsJava(Map.of(SimConfig.ENV_CONFIG, file.toString()));
        for (DriverProfile profile : DriverProfile.values()) {
            SimConfig.defaults(1).withDriver(profile).write(file);
            assertSameAsJava(Map.of(SimConfig.ENV_CONFIG, file.toString()));
        }
        Files.writeString(file, "{\"driverVersion\":\"1.0\",\"gpus\":[{\"uuid\":\"GPU-5f0c1a2e-0000-4000-8000-000000000000\","
                + "\"name\":\"N\\u00e9\",\"memoryTotalMiB\":\"2048\",\"computeMode\":\"3\"}],\"smiFault\":\"none\"}");
        assertSameAsJava(Map.of(SimConfig.ENV_CONFIG, file.toString(), SimConfig.ENV_MIG, "enabled"));
        Files.writeString(file, "{\"driverVersion\":\"1.0\",\"gpus\":[{\"uuid\":\"GPU-5f0c1a2e-0000-4000-8000-000000000000\","
                + "\"name\":\"N\",\"memoryTotalMiB\":1}],\"smiFault\":\"garbage\"}");
        assertSameAsJava(Map.of(SimConfig.ENV_CONFIG, file.toString()));
    }

    @Test
    void anInvalidSetupExitsSeventyWhereJavaRefusesIt() throws Exception {
        Path file = machine.root.resolve("bad.json");
        List<Map<String, String>> envs = new ArrayList<>();
        for (String[] pair : new String[][] {{SimConfig.ENV_GPUS, "two"}, {SimConfig.ENV_GPUS, "0"}, {SimConfig.ENV_GPUS, "1_0"},
                {SimConfig.ENV_COMPUTE_MODE, "shared"}, {SimConfig.ENV_MIG, "maybe"}, {SimConfig.ENV_SMI_FAULT, "explode"},
                {SimConfig.ENV_MPS_FAULT, "explode"}, {SimConfig.ENV_MPS_SLOW_MS, "soon"}, {SimConfig.ENV_DRIVER, "999"},
                {SimConfig.ENV_CONFIG, machine.root.resolve("absent.json").toString()}, {SimConfig.ENV_CONFIG, file.toString()}}) {
            Map<String, String> env = new HashMap<>();
            env.put(pair[0], pair[1]);
            envs.add(env);
        }
        for (String text : List.of("{\"driverVersion\":\"1\",\"gpus\":[],\"extra\":1}", "{\"gpus\":[]}", "[1]", "{",
                "{\"driverVersion\":\"1\",\"gpus\":[{\"uuid\":\"GPU-1\",\"name\":\"n\",\"memoryTotalMiB\":1}]}",
                "{\"driverVersion\":\"1\",\"gpus\":[{\"uuid\":\"GPU-5f0c1a2e-0000-4000-8000-000000000000\",\"name\":\"n\"}]}",
                "{\"driverVersion\":\"1\",\"gpus\":[]}",
                "{\"driverVersion\":\"1\",\"gpus\":[{\"uuid\":\"GPU-5f0c1a2e-0000-4000-8000-000000000000\",\"name\":\"n\","
                        + "\"memoryTotalMiB\":1}],\"driverBranch\":\"999\"}")) {
            Files.writeString(file, text);
            assertThrows(Exception.class, () -> SimConfig.fromEnvironment(Map.of(SimConfig.ENV_CONFIG, file.toString())), text);
            SimMachine.Run py = python(Map.of(SimConfig.ENV_CONFIG, file.toString()), List.of("-L"));
            assertEquals(70, py.exitCode(), text + ": " + py);
            assertTrue(py.stderr().startsWith("cumps-sim: nvidia-smi stand-in: ") && py.stderr().lines().count() == 1, py.stderr());
            assertEquals("", py.stdout());
        }
        Files.writeString(file, "{");
        for (Map<String, String> env : envs) {
            assertThrows(Exception.class, () -> SimConfig.fromEnvironment(env), env.toString());
            SimMachine.Run py = python(env, List.of("-L"));
            assertEquals(70, py.exitCode(), env + ": " + py);
            assertTrue(py.stderr().startsWith("cumps-sim: nvidia-smi stand-in: ") && py.stderr().lines().count() == 1, py.stderr());
        }
    }
}
