package dev.cumps.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LaunchEnvironmentTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    /** Evaluates the generated text in a real POSIX sh and prints one variable back, byte for byte. */
    private String evalInSh(String exports, String variable) throws IOException {
        Path file = sb.dir.resolve("exports.sh");
        Files.writeString(file, exports, StandardCharsets.UTF_8);
        return Sandbox.run("sh", "-c", "eval \"$(cat \"$1\")\"; printf %s \"$" + variable + "\"", "sh", file.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"with space", "it's", "dollar$HOME", "back\\slash", "tick`date`", "all 'of' $(them) \\n"})
    void posixExportsReproduceAwkwardPathsExactlyInSh(String awkward) throws IOException {
        Path pipe = sb.dir.resolve(awkward + "-p");
        Path log = sb.dir.resolve(awkward + "-l");
        sb.services().starter().start(Sandbox.request(null, "odd", pipe, log), s -> { });

        String exports = sb.services().env().launchEnvironment(Optional.of("odd")).posix();

        assertEquals(pipe.toString(), evalInSh(exports, "CUDA_MPS_PIPE_DIRECTORY"));
        assertEquals(log.toString(), evalInSh(exports, "CUDA_MPS_LOG_DIRECTORY"));
        assertEquals(FakeGpu.uuidFor(0), evalInSh(exports, "CUDA_VISIBLE_DEVICES"));
        assertEquals(3, exports.lines().filter(l -> l.startsWith("export ")).count(), exports);
    }

    @Test
    void newlineInARecordedPathIsRefused() {
        sb.handRecord("nl", 4_140_000L, 4, sb.dir.resolve("a\nb"), sb.dir.resolve("l"));
        sb.processes.put(4_140_000L, "nvidia-cuda-mps", 4);

        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().env().launchEnvironment(Optional.of("nl")));

        assertTrue(e.getMessage().contains("newline"), e.getMessage());
    }

    /** ESC, carriage return and DEL would act on the terminal that shows the exports. */
    @ParameterizedTest
    @ValueSource(strings = {"\u001b]0;owned\u0007", "\u001b[2J", "over\rwrite", "del\u007f"})
    void otherControlCharactersInARecordedValueAreRefused(String hostile) {
        sb.handRecord("ctl", 4_140_001L, 4, sb.dir.resolve("p" + hostile), sb.dir.resolve("l"));
        sb.processes.put(4_140_001L, "nvidia-cuda-mps", 4);

        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().env().launchEnvironment(Optional.of("ctl")));

        assertTrue(e.getMessage().contains("CUDA_MPS_PIPE_DIRECTORY") && e.getMessage().contains("control character U+"), e.getMessage());
    }

    @Test
    void staleTargetIsAnError() {
        DaemonRecord r = sb.start("dead");
        sb.processes.kill(r.pid());

        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().env().launchEnvironment(Optional.of("dead")));

        assertTrue(e.getMessage().contains("stale"), e.getMessage());
    }

    @Test
    void foreignAndMissingTargetsAreErrors() {
        sb.foreignRecord("theirs", 4242, Sandbox.HOSTNAME, 4_140_001L, 1);
        sb.processes.put(4_140_001L, "nvidia-cuda-mps", 1);

        CumpsException foreign = assertThrows(CumpsException.class, () -> sb.services().env().launchEnvironment(Optional.of("theirs")));
        CumpsException missing = assertThrows(CumpsException.class, () -> sb.services().env().launchEnvironment(Optional.of("nobody")));

        assertTrue(foreign.getMessage().contains("uid 4242"), foreign.getMessage());
        assertTrue(missing.getMessage().contains("no record named 'nobody'"), missing.getMessage());
    }

    @Test
    void jsonHasNameAndEnv() {
        DaemonRecord r = sb.start("js");

        Map<String, Object> json = Sandbox.parseObject(Json.write(sb.services().env().launchEnvironment(Optional.of("js")).jsonMap()));

        assertEquals(Set.of("env", "name"), json.keySet());
        assertEquals("js", json.get("name"));
        assertEquals(Map.of("CUDA_VISIBLE_DEVICES", FakeGpu.uuidFor(0), "CUDA_MPS_PIPE_DIRECTORY", r.pipeDirectory().toString(),
                "CUDA_MPS_LOG_DIRECTORY", r.logDirectory().toString()), json.get("env"));
    }

    @Test
    void producingTheEnvironmentChangesNeitherTheProcessNorTheHostEnvironment() {
        sb.start("pure");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", "/callers/own");
        Map<String, String> processBefore = new HashMap<>(System.getenv());
        CoreServices services = sb.services();
        HostEnvironment host = services.host();
        Map<String, String> hostBefore = new HashMap<>(host.env());

        LaunchEnvironment env = services.env().launchEnvironment(Optional.of("pure"));

        assertEquals(processBefore, System.getenv());
        assertEquals(hostBefore, host.env());
        assertEquals("/callers/own", host.get("CUDA_MPS_PIPE_DIRECTORY").orElseThrow());
        assertTrue(!env.variables().get("CUDA_MPS_PIPE_DIRECTORY").equals("/callers/own"));
        assertThrows(UnsupportedOperationException.class, () -> env.variables().put("X", "y"));
    }

    @Test
    void defaultTargetIsTheSoleLiveRecord() {
        DaemonRecord dead = sb.start("dead");
        sb.processes.kill(dead.pid());
        sb.start("alive");

        assertEquals("alive", sb.services().env().launchEnvironment(Optional.empty()).name());
    }

    @Test
    void defaultTargetWithSeveralLiveRecordsAsksForName() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1)); // one live daemon per GPU
        sb.start("one", 0);
        sb.start("two", 1);

        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().env().launchEnvironment(Optional.empty()));

        assertTrue(e.getMessage().contains("--name"), e.getMessage());
    }

    @Test
    void defaultTargetWithNoLiveRecordAsksForName() {
        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().env().launchEnvironment(Optional.empty()));

        assertTrue(e.getMessage().contains("--name"), e.getMessage());
    }

    @Test
    void posixLinesAreInAStableOrder() {
        sb.start("order");

        List<String> names = sb.services().env().launchEnvironment(Optional.of("order")).posix().lines()
                .map(l -> l.substring("export ".length(), l.indexOf('='))).toList();

        assertEquals(List.of("CUDA_VISIBLE_DEVICES", "CUDA_MPS_PIPE_DIRECTORY", "CUDA_MPS_LOG_DIRECTORY"), names);
    }
}
