package dev.cumps.app.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No production source file is over {@value #LIMIT} lines without a reason: its Javadoc then has a line
 * that starts with {@code Size:} and says why the class is that long (docs/architecture.md, "Class size").
 * Run from the window module, where the core's sources are one folder up; a file that grows past the limit
 * fails this test until it is split or says why it stays whole.
 */
class ClassSizeTest {

    static final int LIMIT = 300;
    private static final String REASON = "Size:";

    @Test
    void everyLongClassSaysWhyItIsLong() throws IOException {
        List<String> unexplained = new ArrayList<>();
        for (Path root : ProductionSources.roots()) {
            unexplained.addAll(unexplained(root));
        }
        assertEquals(List.of(), unexplained, "split these, or give each a Javadoc line starting with '" + REASON + "'");
    }

    @Test
    void aLongClassWithoutAReasonIsFound(@TempDir Path dir) throws IOException {
        Path bare = dir.resolve("Long.java");
        Files.writeString(bare, "/** A class. */\nfinal class Long {\n" + "    // line\n".repeat(LIMIT) + "}\n");
        Path explained = dir.resolve("Explained.java");
        Files.writeString(explained, "/**\n * A class.\n *\n * <p>Size: one state machine, read top to bottom.\n */\n"
                + "final class Explained {\n" + "    // line\n".repeat(LIMIT) + "}\n");
        Path shortOne = dir.resolve("Short.java");
        Files.writeString(shortOne, "final class Short {\n}\n");
        assertEquals(List.of("Long.java: " + (LIMIT + 3) + " lines"), unexplained(dir));
    }

    /** The files under {@code root} over the limit without a reason, as "path: N lines" relative to it. */
    static List<String> unexplained(Path root) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                if (lines.size() > LIMIT && lines.stream().map(String::strip).noneMatch(ClassSizeTest::isReason)) {
                    found.add(root.relativize(file) + ": " + lines.size() + " lines");
                }
            }
        }
        return found;
    }

    private static boolean isReason(String line) {
        String text = line.startsWith("*") ? line.substring(1).strip() : line;
        return text.startsWith(REASON) || text.startsWith("<p>" + REASON);
    }
}
