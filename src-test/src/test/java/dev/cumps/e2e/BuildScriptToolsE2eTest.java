package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.testing.Repository;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code packaging/build.sh} names a missing tool up front, before it builds anything: every tool it
 * runs is checked at its start, {@code python3} included (which it runs to write the launchers; a
 * machine without it read {@code line 85: python3: command not found} halfway through the build).
 */
class BuildScriptToolsE2eTest {
    /** What build.sh runs from PATH, each stood in by a script that does nothing: only its presence is checked here. */
    private static final List<String> TOOLS = List.of("jlink", "jdeps", "dpkg-deb", "dpkg-shlibdeps", "rsvg-convert", "unzip", "gzip", "strip",
            "readelf");

    @TempDir
    Path dir;

    @Test
    void aMissingPython3IsNamedBeforeAnythingIsBuilt() throws Exception {
        Path bin = toolsBesides(Map.of());

        Result result = build(bin);

        assertEquals("error: python3 is missing; see packaging/README.md for what to install\n", result.stderr());
        assertEquals(1, result.exit());
        assertEquals(false, Files.exists(dir.resolve("out")), "nothing built");
    }

    @Test
    void aJdkOlderThan25IsNamedWithItsVersionBeforeAnythingIsBuilt() throws Exception {
        Path bin = toolsBesides(Map.of("python3", "#!/bin/sh\nexit 0\n", "jlink", "#!/bin/sh\necho 17.0.12\n"));

        Result result = build(bin);

        assertEquals("error: jlink 17.0.12 is older than 25; set JAVA_HOME to a JDK 25\n", result.stderr());
        assertEquals(1, result.exit());
        assertEquals(false, Files.exists(dir.resolve("out")), "nothing built");
    }

    private record Result(String stderr, int exit) {
    }

    /** A PATH of the shell's own tools (real) and every tool build.sh runs, stood in by scripts; {@code extra} adds or replaces stand-ins. */
    private Path toolsBesides(Map<String, String> extra) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("bash", "dirname", "env", "sed", "head")) {
            Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin").resolve(tool).toRealPath());
        }
        Map<String, String> stubs = new LinkedHashMap<>();
        TOOLS.forEach(tool -> stubs.put(tool, "#!/bin/sh\nexit 0\n"));
        stubs.putAll(extra);
        for (Map.Entry<String, String> stub : stubs.entrySet()) {
            Path file = Files.writeString(bin.resolve(stub.getKey()), stub.getValue());
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return bin;
    }

    private Result build(Path bin) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("/bin/bash", Repository.root().resolve("packaging/build.sh").toString(), "--skip-maven")
                .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("PATH", bin.toString());
        env.put("LC_ALL", "C.UTF-8");
        env.put("MPS_CONSOLE_OUT", dir.resolve("out").toString());
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("build.sh did not finish within 120 s");
        }
        return new Result(Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8), process.exitValue());
    }
}
