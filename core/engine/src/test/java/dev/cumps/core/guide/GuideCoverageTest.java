package dev.cumps.core.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.testing.Repository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user guide covers the doctor, and the documentation has no dead link: every
 * {@link DoctorCheckId} has an entry in {@code docs/guide.md} (its anchor, then a heading naming the
 * check's id and title) and every explicit anchor there names a check; every relative link of the
 * README and of {@code docs/**}{@code .md} names a file that exists (an image too) and, into a
 * Markdown file, an anchor it has; every {@code docs/*.md} is reachable from the README by links.
 */
class GuideCoverageTest {
    private static final Path REPO = Repository.root();
    private static final Path GUIDE = REPO.resolve(GuideLink.SOURCE_PATH);
    private static final Path README = REPO.resolve("README.md");


    @Test
    void everyDoctorCheckHasAnEntryThatNamesItsIdAndTitle() {
        GuideEntries entries = GuideEntries.read(GUIDE);
        List<String> problems = new ArrayList<>();
        for (DoctorCheckId id : DoctorCheckId.values()) {
            var entry = entries.get(id.anchor());
            if (entry.isEmpty()) {
                problems.add(id.id() + ": no <a id=\"" + id.anchor() + "\"></a> in docs/guide.md");
                continue;
            }
            String heading = entry.get().lines().findFirst().orElse("");
            if (!heading.startsWith("#") || !heading.contains("`" + id.id() + "`") || !heading.contains(id.english())) {
                problems.add(id.id() + ": the entry's first line is not a heading naming `" + id.id() + "` and '" + id.english()
                        + "': " + heading);
            }
            for (String part : List.of("**What it means.**", "**How to fix it.**", "**Verify.**")) {
                if (!entry.get().contains(part)) {
                    problems.add(id.id() + ": the entry has no " + part);
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyAnchorOfTheGuideNamesADoctorCheck() throws IOException {
        Set<String> checks = new HashSet<>(Arrays.stream(DoctorCheckId.values()).map(DoctorCheckId::anchor).toList());
        List<String> anchors = Files.readAllLines(GUIDE).stream().map(GuideEntries.ANCHOR::matcher).filter(Matcher::matches)
                .map(m -> m.group(1)).toList();
        List<String> strays = anchors.stream().filter(a -> !checks.contains(a)).toList();
        assertTrue(strays.isEmpty(), "anchors in docs/guide.md that name no doctor check: " + strays);
        assertEquals(DoctorCheckId.values().length, anchors.size(), "one anchor per check: " + anchors);
    }

    @Test
    void everyRelativeLinkNamesAnExistingFileAndAnchor() throws IOException {
        List<String> dead = new ArrayList<>();
        for (Path doc : documents()) {
            for (MarkdownLinks.Link link : MarkdownLinks.links(doc)) {
                if (link.external()) {
                    continue;
                }
                Path target = link.resolved();
                if (!Files.exists(target)) {
                    dead.add(link + " (no such file: " + REPO.relativize(target) + ")");
                } else if (link.fragment() != null && target.toString().endsWith(".md")
                        && !MarkdownLinks.anchors(target).contains(link.fragment())) {
                    dead.add(link + " (" + REPO.relativize(target) + " has no anchor #" + link.fragment() + ")");
                }
            }
        }
        assertTrue(dead.isEmpty(), "dead links:\n" + String.join("\n", dead));
    }

    @Test
    void everyDocumentInDocsIsReachableFromTheReadme() throws IOException {
        Set<Path> reached = new HashSet<>();
        Deque<Path> todo = new ArrayDeque<>(List.of(README));
        while (!todo.isEmpty()) {
            Path doc = todo.pop();
            if (!reached.add(doc)) {
                continue;
            }
            for (MarkdownLinks.Link link : MarkdownLinks.links(doc)) {
                Path target = link.resolved();
                if (!link.external() && target.toString().endsWith(".md") && Files.isRegularFile(target)) {
                    todo.push(target);
                }
            }
        }
        List<Path> unreached;
        try (Stream<Path> docs = Files.list(REPO.resolve("docs"))) {
            unreached = docs.filter(p -> p.toString().endsWith(".md")).filter(p -> !reached.contains(p)).map(REPO::relativize).sorted()
                    .toList();
        }
        assertTrue(unreached.isEmpty(), "not reachable from README.md by links: " + unreached);
    }

    @Test
    void theLinkCheckFindsADeadLinkAndAMissingAnchor(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.md"), "# A\n\n## Some heading\n[b](b.md) [gone](gone.md) [x](a.md#some-heading) [y](#nowhere)\n"
                + "```\n[in code](ignored.md)\n```\n");
        Files.writeString(dir.resolve("b.md"), "<a id=\"here\"></a>\n");
        List<MarkdownLinks.Link> links = MarkdownLinks.links(dir.resolve("a.md"));

        assertEquals(List.of("b.md", "gone.md", "a.md#some-heading", "#nowhere"), links.stream().map(MarkdownLinks.Link::target).toList());
        assertTrue(Files.exists(links.get(0).resolved()));
        assertTrue(!Files.exists(links.get(1).resolved()));
        assertTrue(MarkdownLinks.anchors(dir.resolve("a.md")).contains("some-heading"));
        assertTrue(!MarkdownLinks.anchors(links.get(3).resolved()).contains(links.get(3).fragment()));
        assertEquals(Set.of("here"), MarkdownLinks.anchors(dir.resolve("b.md")));
    }

    /** The README and every Markdown file under docs/. */
    private static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(README));
        try (Stream<Path> all = Files.walk(REPO.resolve("docs"))) {
            all.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }
}
