package dev.cumps.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.Repository;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every decision record says whether it holds and since when, and the index lists each one: a reader
 * of {@code docs/decisions/README.md} sees every decision and which are still in force.
 */
class DecisionRecordsTest {
    /** The repository's decision records; the core tests run in the core module's folder. */
    private static final Path DECISIONS = Repository.root().resolve("docs/decisions");
    private static final Pattern FILE = Pattern.compile("(\\d{4})-[a-z0-9-]+\\.md");
    private static final Pattern STATUS = Pattern.compile(
            "\\*\\*Status:\\*\\* (proposed|accepted|superseded by \\[\\d{4}]\\([^)]+\\))[^·]*· \\*\\*Date:\\*\\* \\d{4}-\\d{2}-\\d{2}");

    @Test
    void everyRecordHasAStatusAndADateAndIsIndexed() throws IOException {
        String index = Files.readString(DECISIONS.resolve("README.md"), StandardCharsets.UTF_8);
        List<String> numbers = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.list(DECISIONS)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                Matcher match = FILE.matcher(name);
                if (!match.matches() || match.group(1).equals("0000")) {
                    continue;
                }
                numbers.add(match.group(1));
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                String head = String.join(" ", lines.subList(0, Math.min(6, lines.size())));
                if (!lines.get(0).startsWith("# " + match.group(1) + ": ")) {
                    problems.add(name + ": the title does not start with '# " + match.group(1) + ": '");
                }
                if (!STATUS.matcher(head).find()) {
                    problems.add(name + ": no '**Status:** … · **Date:** YYYY-MM-DD' line under the title");
                }
                if (!index.contains("(" + name + ")")) {
                    problems.add(name + ": not listed in docs/decisions/README.md");
                }
            }
        }
        assertEquals(List.of(), problems);
        assertEquals(numbers.stream().distinct().count(), numbers.size(), "two records share a number: " + numbers);
        assertTrue(numbers.size() >= 10, "the records were found: " + numbers);
    }
}
