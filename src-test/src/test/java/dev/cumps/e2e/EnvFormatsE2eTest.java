package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.core.env.ComposeDotenvRules;
import dev.cumps.core.env.EnvConsumers;
import dev.cumps.e2e.CumpsHarness.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real {@code cumps --simulate env --shell FORMAT} for each format, read back by that format's
 * real consumer, for a daemon whose directories hold a space, both quotes, {@code $}, {@code %},
 * {@code #} and a backslash: every consumer gets exactly the recorded values.
 */
@ExtendWith(CumpsExtension.class)
class EnvFormatsE2eTest {
    private static final List<String> NAMES = List.of("CUDA_VISIBLE_DEVICES", "CUDA_MPS_PIPE_DIRECTORY", "CUDA_MPS_LOG_DIRECTORY");

    @Test
    void everyFormatOfTheRealCliReadsBackTheRecordedValues(CumpsHarness h) throws Exception {
        Map<String, String> plain = Map.of("PATH", "/usr/bin:/bin");
        Path pipe = h.root.resolve("p '%#\\\"");
        Path log = h.root.resolve("l \"$HOME' ${X}%n");
        Run started = h.cumps(plain, "--simulate", "start", "--gpus", "0", "--name", "odd",
                "--pipe-dir", pipe.toString(), "--log-dir", log.toString()).assertOk();
        h.pidOf(started);
        JsonNode record = started.json();
        List<String> expected = List.of(record.get("gpu_uuids").get(0).asText(), pipe.toString(), log.toString());
        assertEquals(List.of(pipe.toString(), log.toString()),
                List.of(record.get("pipe_directory").asText(), record.get("log_directory").asText()), "the record holds the awkward paths");
        Map<String, String> expectedMap = new LinkedHashMap<>();
        for (int i = 0; i < NAMES.size(); i++) {
            expectedMap.put(NAMES.get(i), expected.get(i));
        }

        assertEquals(expected, EnvConsumers.evalInPosixShell("dash", env(h, plain, "posix"), NAMES), "posix in dash");
        assertEquals(expected, EnvConsumers.evalInPosixShell("bash", env(h, plain, "posix"), NAMES), "posix in bash");
        Path fishHome = Files.createDirectory(h.root.resolve("fish-home"));
        assertEquals(expected, EnvConsumers.sourceInFish(env(h, plain, "fish"), NAMES, fishHome), "fish");
        assertEquals(expectedMap, EnvConsumers.parseWithSystemd(env(h, plain, "systemd")), "systemd");
        List<String> dockerArgs = NAMES.stream().flatMap(n -> List.of("--env", n + "=" + expectedMap.get(n)).stream()).toList();
        assertEquals(dockerArgs, EnvConsumers.wordsInPosixShell("bash", env(h, plain, "docker")), "docker words");
        String dotenv = env(h, plain, "dotenv");
        assertEquals(expectedMap, ComposeDotenvRules.parse(dotenv), "dotenv by compose's rules");
        // The log path holds ${X}, one of python-dotenv's gaps (docs/cli.md); the GPU and the pipe
        // path (a backslash, both quotes, % and #) come back exactly.
        assertEquals(expected.subList(0, 2), EnvConsumers.loadWithPythonDotenv(dotenv, NAMES.subList(0, 2)), "dotenv in python-dotenv");

        h.cumps(plain, "--simulate", "stop", "--name", "odd").assertOk();
        h.cumps(plain, "--simulate", "reset").assertOk();
    }

    private static String env(CumpsHarness h, Map<String, String> plain, String format) {
        return h.cumps(plain, "--simulate", "env", "--name", "odd", "--shell", format).assertOk().stdout();
    }
}
