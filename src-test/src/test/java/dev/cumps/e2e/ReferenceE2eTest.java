package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cumps.e2e.CumpsHarness.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The built {@code cumps.jar} prints, with {@code cumps reference}, exactly the committed
 * {@code docs/man/cumps.1} and {@code docs/cli-reference.md} (the files a package installs and the
 * docs link), also under another TMPDIR and HOME than the ones the files were generated under; the
 * hidden command stays out of the jar's {@code --help}.
 */
@ExtendWith(CumpsExtension.class)
class ReferenceE2eTest {
    /** The repository's docs folder; the suite runs in the src-test module's folder. */
    private static final Path DOCS = Path.of("").toAbsolutePath().getParent().resolve("docs");
    private static final String REGENERATE = " differs from what the built cumps generates: regenerate it with"
            + " `mvn -o -q -pl core/cli -am test -Dtest=CliReferenceTest -Dcumps.golden.update=true` and review the diff";

    @Test
    void theBuiltJarPrintsTheCommittedManPageAndReference(CumpsHarness h) throws Exception {
        Map<String, String> elsewhere = Map.of("TMPDIR", h.tmp.resolve("other-tmp").toString(), "COLUMNS", "50");

        Run man = h.cumps(elsewhere, "reference", "--format", "man").assertOk();
        Run markdown = h.cumps(elsewhere, "reference", "--format", "markdown").assertOk();

        assertEquals(Files.readString(DOCS.resolve("man/cumps.1"), StandardCharsets.UTF_8), man.stdout(), "docs/man/cumps.1" + REGENERATE);
        assertEquals(Files.readString(DOCS.resolve("cli-reference.md"), StandardCharsets.UTF_8), markdown.stdout(),
                "docs/cli-reference.md" + REGENERATE);
        assertEquals("", man.stderr() + markdown.stderr());
        assertFalse(h.cumps("--help").assertOk().stdout().contains("reference"), "hidden from --help");
    }
}
