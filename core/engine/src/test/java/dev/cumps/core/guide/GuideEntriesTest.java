package dev.cumps.core.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuideEntriesTest {
    private static final String GUIDE = """
            # Guide

            Intro.

            ## Troubleshooting

            <a id="first"></a>
            ### `first`: the first check

            **What it means.** One.

            ```sh
            # a comment in a script, not a heading
            #SBATCH --gres=gpu:1
            ```

            #### A sub-heading stays in the entry

            <a id="second"></a>
            ### `second`: the second check

            Two.

            ## Another chapter

            Not part of the second entry.
            """;

    @TempDir
    Path dir;

    @Test
    void anEntryRunsFromItsAnchorToTheNextAnchorKeepingCodeAndSubHeadings() {
        String first = GuideEntries.parse(GUIDE).get("first").orElseThrow();

        assertTrue(first.startsWith("### `first`: the first check\n\n**What it means.** One."), first);
        assertTrue(first.contains("# a comment in a script, not a heading\n#SBATCH --gres=gpu:1"), first);
        assertTrue(first.endsWith("#### A sub-heading stays in the entry"), first);
    }

    @Test
    void anEntryEndsAtAHeadingAsHighAsItsOwn() {
        assertEquals(Optional.of("### `second`: the second check\n\nTwo."), GuideEntries.parse(GUIDE).get("second"));
    }

    @Test
    void eachAnchorHasAnEntryAndAnUnknownOneHasNone() {
        GuideEntries entries = GuideEntries.parse(GUIDE);

        assertTrue(entries.get("first").orElseThrow().startsWith("### `first`"), entries.get("first").toString());
        assertTrue(entries.get("second").orElseThrow().startsWith("### `second`"), entries.get("second").toString());
        assertEquals(Optional.empty(), entries.get("third"));
    }

    @Test
    void theGuideFileIsReadAndAMissingEntryIsOneLineSayingWhat() throws IOException {
        Path guide = Files.writeString(dir.resolve("guide.md"), GUIDE);

        assertEquals("### `second`: the second check\n\nTwo.", GuideEntries.entry(guide, "second"));
        CumpsException e = assertThrows(CumpsException.class, () -> GuideEntries.entry(guide, "third"));
        assertEquals("the user guide " + guide + " has no entry #third; search it for the check's id", e.getMessage());
    }

    @Test
    void aLinkOrAFileTooLargeIsNotReadButRefusedWithOneLine() throws IOException {
        Path real = Files.writeString(dir.resolve("real.md"), GUIDE);
        Path link = Files.createSymbolicLink(dir.resolve("link.md"), real);
        Path huge = dir.resolve("huge.md");
        Files.writeString(huge, "x".repeat(GuideEntries.LIMIT_BYTES + 1));

        CumpsException viaLink = assertThrows(CumpsException.class, () -> GuideEntries.read(link));
        CumpsException tooLarge = assertThrows(CumpsException.class, () -> GuideEntries.read(huge));

        assertTrue(viaLink.getMessage().startsWith("the user guide " + link + " could not be read: is a symbolic link"), viaLink.getMessage());
        assertTrue(tooLarge.getMessage().startsWith("the user guide " + huge + " could not be read: larger than"), tooLarge.getMessage());
        assertEquals(1, tooLarge.getMessage().lines().count());
    }
}
