package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gate of the in-process control client (decision 0018): {@code status --json} over several live daemons of
 * NVIDIA's real R550 control program starts no control client at all, only the one {@code nvidia-smi} query; with
 * {@code CUMPS_CONTROL_CLIENT=nvidia} it starts one per daemon (so the count can fail). Programs are counted by a
 * logging wrapper on {@code PATH}, put in place after the daemons started (their start goes through NVIDIA's program,
 * linked as {@link RealNvidia#installControl} links it); only runs for this test's pipe directories are counted (CI
 * runs NVIDIA's daemon at {@code /tmp/nvidia-mps}, which status asks too).
 */
@ExtendWith(CumpsExtension.class)
class ControlProcessGateE2eTest {
    private static final int DAEMONS = 25;

    @Test
    void statusAsksLiveRealDaemonsWithoutStartingAControlClient(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(DAEMONS));
        RealNvidia real = RealNvidia.branch("550");
        real.installControl(h);
        for (int i = 0; i < DAEMONS; i++) {
            h.cumps("start", "--gpus", Integer.toString(i), "--name", "d" + i).assertOk();
        }
        Path calls = h.root.resolve("calls");
        Path control = h.bin.resolve(SimTools.MPS_CONTROL);
        Files.delete(control);
        wrap(control, real.control(), calls, "control");
        Path smi = h.bin.resolve(SimTools.NVIDIA_SMI);
        Path standIn = h.bin.resolve(SimTools.NVIDIA_SMI + ".stand-in");
        Files.move(smi, standIn);
        wrap(smi, standIn, calls, "smi");
        try {
            Files.writeString(calls, "");
            JsonNode status = h.cumps("status", "--json").assertOk().json();
            assertEquals(DAEMONS, answering(status), status.toPrettyString());
            assertEquals(Map.of("control", 0L, "smi", 1L), counted(h, calls), "programs started by status --json");

            Files.writeString(calls, "");
            JsonNode forced = h.cumps(Map.of("CUMPS_CONTROL_CLIENT", "nvidia"), "status", "--json").assertOk().json();
            assertEquals(DAEMONS, answering(forced), forced.toPrettyString());
            assertEquals(Map.of("control", (long) DAEMONS, "smi", 1L), counted(h, calls), "with CUMPS_CONTROL_CLIENT=nvidia");
        } finally {
            for (int i = 0; i < DAEMONS; i++) {
                h.cumps("stop", "--name", "d" + i).assertOk();
            }
        }
    }

    /**
     * The simulator's daemons speak NVIDIA's protocol too: forced in-process ({@code CUMPS_CONTROL_CLIENT=builtin}; two
     * daemons are below the count at which a command-line run asks in-process by itself), {@code status --json} asks them
     * without starting the stand-in's client; forced to the program, it starts one per daemon.
     */
    @Test
    void simulatedDaemonsAreAskedInProcessToo(CumpsHarness h) throws Exception {
        int daemons = 2;
        h.configure(SimConfig.defaults(daemons));
        for (int i = 0; i < daemons; i++) {
            h.cumps("start", "--gpus", Integer.toString(i), "--name", "s" + i).assertOk();
        }
        Path calls = h.root.resolve("calls");
        for (String program : List.of(SimTools.MPS_CONTROL, SimTools.NVIDIA_SMI)) {
            Path standIn = h.bin.resolve(program + ".stand-in");
            Files.move(h.bin.resolve(program), standIn);
            wrap(h.bin.resolve(program), standIn, calls, program.equals(SimTools.MPS_CONTROL) ? "control" : "smi");
        }
        try {
            Files.writeString(calls, "");
            JsonNode status = h.cumps(Map.of("CUMPS_CONTROL_CLIENT", "builtin"), "status", "--json").assertOk().json();
            assertEquals(daemons, answering(status), status.toPrettyString());
            assertEquals(Map.of("control", 0L, "smi", 1L), counted(h, calls), "programs started by status --json, in-process");

            Files.writeString(calls, "");
            JsonNode forced = h.cumps(Map.of("CUMPS_CONTROL_CLIENT", "nvidia"), "status", "--json").assertOk().json();
            assertEquals(daemons, answering(forced), forced.toPrettyString());
            assertEquals(status.get("live").get("daemons").size(), forced.get("live").get("daemons").size());
            assertEquals(Map.of("control", (long) daemons, "smi", 1L), counted(h, calls), "with CUMPS_CONTROL_CLIENT=nvidia");
        } finally {
            for (int i = 0; i < daemons; i++) {
                h.cumps("stop", "--name", "s" + i).assertOk();
            }
        }
    }

    private static long answering(JsonNode status) {
        long n = 0;
        for (JsonNode d : status.get("live").get("daemons")) {
            if (d.get("managed").asBoolean() && d.get("state").asText().equals("answering")) {
                n++;
            }
        }
        return n;
    }

    /** Runs per program, counting the control program only for pipe directories under this test's folder. */
    private static Map<String, Long> counted(CumpsHarness h, Path calls) throws IOException {
        List<String> lines = Files.readAllLines(calls, StandardCharsets.UTF_8);
        long control = lines.stream().filter(l -> l.startsWith("control " + h.root + "/")).count();
        long smi = lines.stream().filter(l -> l.startsWith("smi ")).count();
        return Map.of("control", control, "smi", smi);
    }

    private static void wrap(Path at, Path target, Path calls, String name) throws IOException {
        Files.writeString(at, "#!/bin/sh\necho \"" + name + " $CUDA_MPS_PIPE_DIRECTORY\" >> '" + calls + "'\nexec '" + target + "' \"$@\"\n");
        Files.setPosixFilePermissions(at, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
