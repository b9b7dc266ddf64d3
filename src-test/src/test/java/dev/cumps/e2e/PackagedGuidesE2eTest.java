package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.testing.Repository;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user guide as the packages install it ({@code packaging/stage-guide.sh}, called by {@code stage-deb.sh}
 * for {@code /usr/share/doc/cumps}): the {@code cumps} package both guides as in {@code docs/} and no picture
 * (a headless server has no window to show), the {@code mps-console} package every image either shows,
 * beside them at the path the Markdown names. The launchers pass the English guide ({@code -Dcumps.guide});
 * the Chinese window finds the Chinese one beside it. A guide that shows an image outside {@code docs/} or a
 * missing one stops the build with one line.
 */
class PackagedGuidesE2eTest {
    private static final Pattern IMAGE = Pattern.compile("!\\[[^]]*]\\(([^)\\s]+)");

    @TempDir
    Path dir;

    @Test
    void bothGuidesAndEveryImageTheyShowAreInstalledAndTheChineseWindowFindsItsGuide() throws Exception {
        Path repo = Repository.root();
        Path doc = dir.resolve("usr/share/doc/cumps");

        Path headless = dir.resolve("cumps-only/usr/share/doc/cumps");
        Result guidesOnly = run(repo.resolve("packaging/stage-guide.sh"), "--guides", headless.toString());
        Result guides = run(repo.resolve("packaging/stage-guide.sh"), "--guides", doc.toString());
        Result staged = run(repo.resolve("packaging/stage-guide.sh"), "--images", doc.toString());

        assertEquals(0, guidesOnly.status(), guidesOnly.stderr());
        try (Stream<Path> files = Files.walk(headless)) {
            assertEquals(List.of("guide.md", GuideLink.CHINESE_NAME), files.filter(Files::isRegularFile)
                    .map(p -> headless.relativize(p).toString()).sorted().toList(), "the cumps package: the guides, no picture");
        }
        assertEquals(0, guides.status(), guides.stderr());
        assertEquals(0, staged.status(), staged.stderr());
        List<String> images = new ArrayList<>();
        for (String name : List.of("guide.md", GuideLink.CHINESE_NAME)) {
            assertArrayEquals(Files.readAllBytes(repo.resolve("docs").resolve(name)), Files.readAllBytes(doc.resolve(name)), name);
            Matcher m = IMAGE.matcher(Files.readString(doc.resolve(name), StandardCharsets.UTF_8));
            while (m.find()) {
                images.add(m.group(1));
            }
        }
        assertTrue(images.stream().anyMatch(i -> i.contains("zh-CN")) && images.stream().anyMatch(i -> i.contains("-en")),
                "the guides show pictures of both windows: " + images);
        for (String image : images) {
            Path installed = doc.resolve(image);
            assertTrue(Files.isRegularFile(installed, LinkOption.NOFOLLOW_LINKS), "installed beside the guide: " + image);
            assertArrayEquals(Files.readAllBytes(repo.resolve("docs").resolve(image)), Files.readAllBytes(installed), image);
        }

        // The launcher names guide.md; each window's language picks its guide from there.
        GuideLink link = GuideLink.of(doc.resolve("guide.md").toString());
        assertEquals(Optional.of(doc.resolve(GuideLink.CHINESE_NAME)), link.file("zh"));
        assertEquals(Optional.of(doc.resolve("guide.md")), link.file("en"));
    }

    @Test
    void aGuideShowingAnImageOutsideDocsOrAMissingOneStopsTheBuildInOneLine() throws Exception {
        Path repo = Repository.root();
        Path tree = dir.resolve("tree");
        Path script = Files.createDirectories(tree.resolve("packaging")).resolve("stage-guide.sh");
        Files.copy(repo.resolve("packaging/stage-guide.sh"), script);
        Path docs = Files.createDirectories(tree.resolve("docs"));
        Files.writeString(docs.resolve(GuideLink.CHINESE_NAME), "# 指南\n", StandardCharsets.UTF_8);

        Files.writeString(docs.resolve("guide.md"), "# Guide\n\n![secret](../../etc/passwd)\n", StandardCharsets.UTF_8);
        Result outside = run(script, "--images", dir.resolve("out1").toString());
        assertEquals(1, outside.status());
        assertEquals("error: docs/guide*.md shows the image ../../etc/passwd, which is not a path inside docs/\n", outside.stderr());

        Files.writeString(docs.resolve("guide.md"), "# Guide\n\n![gone](screenshots/gone.png)\n", StandardCharsets.UTF_8);
        Result missing = run(script, "--images", dir.resolve("out2").toString());
        assertEquals(1, missing.status());
        assertEquals("error: docs/guide*.md shows the image screenshots/gone.png, which is not a regular file in docs/\n", missing.stderr());
        assertTrue(Files.notExists(dir.resolve("out1")) && Files.notExists(dir.resolve("out2")), "nothing installed");
    }

    private record Result(int status, String stderr) {
    }

    /** {@code bash script mode dir} with a PATH of the system's tools only, bounded by a deadline. */
    private Result run(Path script, String mode, String arg) throws IOException, InterruptedException {
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        ProcessBuilder builder = new ProcessBuilder("/bin/bash", script.toString(), mode, arg)
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("PATH", "/usr/bin:/bin");
        env.put("LC_ALL", "C.UTF-8");
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("stage-guide.sh did not finish within 120 s");
        }
        return new Result(process.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
    }
}
