package dev.cumps.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Props;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * {@code eval "$(cumps env)"} in a real {@code sh} gives back exactly the recorded directories, for
 * any path a launcher can export: every character but the control characters (NUL, LF, CR, ESC, DEL,
 * tab...), which would break the export or act on the terminal showing it and are refused with one
 * clear line. Paths are ASCII here because the core tests run under {@code LC_ALL=C},
 * where the JVM cannot name a non-ASCII path at all; {@code LifecycleE2eTest} evaluates a real
 * {@code cumps env} with spaces, quotes and {@code $} under UTF-8.
 */
class LaunchEnvironmentPropertyTest {
    private static final String GPU = "GPU-5f0c1a2e-0000-4000-8000-000000000000";

    /** Paths of any printable ASCII, weighted towards what shells treat specially. */
    static Gen<String> exportablePaths() {
        Gen<Character> special = Props.chars("'\"$`\\ !*?[]{};&|<>()#~=%^,:");
        Gen<Character> any = Props.chars(' ', '~');
        return Props.strings(Generate.frequency(Pair.of(2, special), Pair.of(2, any)), 0, 40).map(p -> "/" + p);
    }

    private static DaemonRecord record(String pipe, String log) {
        return new DaemonRecord("prop", 1000, "h", "single_gpu", List.of(GPU), Path.of(pipe), Path.of(log), 42, 7, 1.5);
    }

    @Test
    void evalInShReproducesEveryExportablePathExactly() {
        Props.qt(200).forAll(exportablePaths(), exportablePaths()).checkAssert((pipe, log) -> {
            try {
                assertEvalGivesBack(pipe, log);
            } catch (IOException | InterruptedException e) {
                throw new AssertionError("running sh for " + pipe + " and " + log, e);
            }
        });
    }

    private static void assertEvalGivesBack(String pipe, String log) throws IOException, InterruptedException {
        LaunchEnvironment env = LaunchEnvironment.of(record(pipe, log));
        // The exports come in as $1; printf %s shows each value between NUL separators, byte for byte.
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c",
                "eval \"$1\"; printf '%s\\0%s\\0%s\\0' \"$CUDA_VISIBLE_DEVICES\" \"$CUDA_MPS_PIPE_DIRECTORY\" \"$CUDA_MPS_LOG_DIRECTORY\"",
                "sh", env.posix());
        builder.environment().clear(); // an explicit environment: nothing of the test JVM's
        builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "LC_ALL", "C"));
        builder.redirectErrorStream(true);
        Process sh = builder.start();
        sh.getOutputStream().close();
        byte[] out = sh.getInputStream().readAllBytes();
        assertTrue(sh.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, sh.exitValue(), new String(out, StandardCharsets.UTF_8));
        // (Path.of folds repeated and trailing slashes: the record holds, and exports, that form.)
        assertEquals(GPU + "\0" + Path.of(pipe) + "\0" + Path.of(log) + "\0", new String(out, StandardCharsets.UTF_8));
    }

    static Gen<Character> controlCharacters() {
        return Props.chars("\n\r\t\u001b\u007f\u0001\u0008"); // ASCII: under LC_ALL=C no path can hold C1
    }

    @Test
    void pathsWithAControlCharacterAreRefusedWithOneLine() {
        Props.qt(2000).forAll(exportablePaths(), exportablePaths(), controlCharacters(), Generate.booleans()).checkAssert((before, after, control, inPipe) -> {
            String broken = before + control + after.substring(1);
            DaemonRecord record = inPipe ? record(broken, "/l") : record("/p", broken);
            CumpsException e = assertThrows(CumpsException.class, () -> LaunchEnvironment.of(record));
            assertTrue(e.getMessage().codePoints().noneMatch(Character::isISOControl), "one printable line: " + e.getMessage());
        });
    }
}
