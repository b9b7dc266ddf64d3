package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The source tree's {@code cumps} launcher tells the doctor where the user guide is: laid out as
 * {@code <repo>/core/cli/target/cumps} beside {@code cumps.jar}, it passes {@code -Dcumps.guide} for
 * {@code <repo>/docs/guide.md}, so {@code cumps doctor} links each check that did not pass to
 * {@code file://<repo>/docs/guide.md#anchor}; without that file, or with a link in its place, the
 * lines read {@code guide: docs/guide.md#anchor}. The doctor runs with a PATH that has no
 * nvidia-smi, so on every host {@code nvidia_smi} fails and the checks after it are skipped.
 */
class LauncherGuideE2eTest {
    private Path root;
    private Path repo;
    private Path launcher;

    @BeforeEach
    void layOutASourceTree() throws IOException {
        Path builtJar = Path.of(System.getProperty("cumps.jar")).toAbsolutePath();
        root = Files.createTempDirectory("cumps-guide-").toRealPath();
        repo = root.resolve("repo");
        Path target = Files.createDirectories(repo.resolve("core/cli/target"));
        launcher = target.resolve("cumps");
        Files.copy(builtJar.resolveSibling("cumps"), launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(builtJar, target.resolve("cumps.jar"));
        Files.createDirectories(repo.resolve("docs"));
    }

    @AfterEach
    void removeScratch() throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The {@code guide:} lines of {@code cumps doctor} run through the launcher. */
    private List<String> guideLines() throws IOException, InterruptedException {
        Path out = root.resolve("out.txt");
        Path err = root.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "--records", root.resolve("records").toString(), "doctor")
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("HOME", root.resolve("home").toString());
        env.put("PATH", root.resolve("no-tools").toString());
        env.put("LC_ALL", "C");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("CUMPS_AOT", "off");
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("cumps doctor did not finish within 120 s");
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(1, process.exitValue(), "no nvidia-smi: invalid\n" + stdout + Files.readString(err, StandardCharsets.UTF_8));
        assertTrue(stdout.contains("FAIL    nvidia-smi answers"), stdout);
        return stdout.lines().filter(l -> l.startsWith("        guide: ")).toList();
    }

    @Test
    void theGuideOfTheSourceTreeIsLinkedByItsFileUri() throws Exception {
        Path guide = Files.writeString(repo.resolve("docs/guide.md"), "# guide\n");

        List<String> lines = guideLines();

        assertFalse(lines.isEmpty());
        assertEquals("        guide: " + guide.toUri() + "#nvidia-smi", lines.get(0));
        assertTrue(lines.stream().allMatch(l -> l.startsWith("        guide: " + guide.toUri() + "#")), lines.toString());
    }

    @Test
    void withoutTheGuideTheLinesNameItsPlaceInTheSources() throws Exception {
        List<String> lines = guideLines();

        assertEquals("        guide: docs/guide.md#nvidia-smi", lines.get(0));
        assertTrue(lines.stream().allMatch(l -> l.startsWith("        guide: docs/guide.md#")), lines.toString());
    }

    @Test
    void aLinkInPlaceOfTheGuideIsNotPassed() throws Exception {
        Path elsewhere = Files.writeString(root.resolve("elsewhere.md"), "# not the guide\n");
        Files.createSymbolicLink(repo.resolve("docs/guide.md"), elsewhere);

        assertEquals("        guide: docs/guide.md#nvidia-smi", guideLines().get(0));
    }
}
