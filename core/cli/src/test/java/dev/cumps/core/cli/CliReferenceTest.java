package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.cli.CliRuns.Run;
import dev.cumps.core.testing.Groff;
import dev.cumps.core.testing.Repository;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The committed {@code docs/cli-reference.md} and {@code docs/man/cumps.1} are, byte for byte, what
 * {@code cumps reference} generates from the command definitions, so neither can drift from the
 * program; the man page formats without a groff warning; every visible command and option is in
 * both, and the hidden {@code reference} command in neither, nor in {@code --help} or completion.
 *
 * <p>After an intended change of a command, regenerate both with
 * {@code mvn -o -q -pl core/cli -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=CliReferenceTest -Dcumps.golden.update=true} (or
 * {@code cumps reference --format markdown > docs/cli-reference.md} and
 * {@code cumps reference --format man > docs/man/cumps.1}) and review the diff.
 */
class CliReferenceTest {
    /** The repository's docs folder; the tests run in the core module's folder. */
    private static final Path DOCS = Repository.root().resolve("docs");
    private static final String UPDATE = "mvn -o -q -pl core/cli -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=CliReferenceTest -Dcumps.golden.update=true";

    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private String generated(String format) {
        Run run = CliRuns.cli(sb, "reference", "--format", format);
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
        return run.out();
    }

    private void assertCommitted(String relative, String format) throws IOException {
        Path file = DOCS.resolve(relative);
        String expected = generated(format);
        if (Boolean.getBoolean("cumps.golden.update")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, expected, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.isRegularFile(file), "docs/" + relative + " is missing: generate it with " + UPDATE);
        assertEquals(expected, Files.readString(file, StandardCharsets.UTF_8), "docs/" + relative
                + " differs from the command definitions: regenerate it with " + UPDATE + " (or `cumps reference --format "
                + format + " > docs/" + relative + "`) and review the diff");
    }

    @Test
    void committedMarkdownReferenceIsTheGeneratedOne() throws IOException {
        assertCommitted("cli-reference.md", "markdown");
    }

    @Test
    void committedManPageIsTheGeneratedOne() throws IOException {
        assertCommitted("man/cumps.1", "man");
    }

    @Test
    void manPageFormatsWithoutAWarning(@TempDir Path scratch) {
        Groff.Result result = Groff.format(generated("man"), scratch);

        assertEquals(0, result.code(), result.warnings());
        assertEquals("", result.warnings(), "groff -man -ww warnings");
        String page = Groff.plain(result.page());
        for (String section : List.of("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "ENVIRONMENT", "FILES",
                "EXIT STATUS", "SEE ALSO")) {
            assertTrue(page.lines().anyMatch(l -> l.equals(section)), "section " + section + " in\n" + page);
        }
        assertTrue(page.contains("cumps - start, stop, inspect and diagnose"), page);
        assertTrue(page.contains("~/.cache/unilab/cuda-mps/<name>/daemon.json"), page);
        assertTrue(page.contains("CUDA_MPS_PIPE_DIRECTORY"), page);
        assertTrue(page.contains("nvidia-cuda-mps-control(1)"), page);
    }

    /** Every command picocli would run, nested ones included, with its visible options. */
    private static List<CommandSpec> visibleCommands(CommandSpec spec) {
        List<CommandSpec> all = new ArrayList<>();
        if (!spec.usageMessage().hidden()) {
            all.add(spec);
            spec.subcommands().values().forEach(c -> all.addAll(visibleCommands(c.getCommandSpec())));
        }
        return all;
    }

    @Test
    void everyVisibleCommandAndOptionIsInBothOutputsAndTheHiddenOneInNeither(@TempDir Path scratch) {
        String markdown = generated("markdown");
        String man = generated("man");
        String page = Groff.plain(Groff.format(man, scratch).page());
        CommandLine tree = new Cli(sb.host(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).commandLine();
        List<CommandSpec> commands = visibleCommands(tree.getCommandSpec());
        assertTrue(commands.size() > 10, "the command tree: " + commands.size());

        for (CommandSpec c : commands) {
            String name = c.qualifiedName();
            assertTrue(markdown.contains("\n## " + name + "\n"), "a section for " + name);
            assertTrue(markdown.contains("[" + name + "](#" + name.replace(' ', '-') + ")"), "a contents entry for " + name);
            assertTrue(c == tree.getCommandSpec() || man.contains(".SS \"" + name.replace("-", "\\-") + "\"\n"), "man: " + name);
            for (OptionSpec o : c.options()) {
                if (!o.hidden() && !o.inherited()) {
                    String section = markdown.substring(markdown.indexOf("\n## " + name + "\n") + 1);
                    String own = section.substring(0, section.indexOf("\n## ", 1) < 0 ? section.length() : section.indexOf("\n## ", 1));
                    assertTrue(own.contains("`" + o.longestName() + "`"), name + " " + o.longestName() + " in its Markdown section");
                    assertTrue(man.contains("\\fB" + o.longestName().replace("-", "\\-") + "\\fR"), name + " " + o.longestName());
                }
            }
        }
        assertTrue(tree.getSubcommands().get("reference").getCommandSpec().usageMessage().hidden());
        for (String text : List.of(markdown, man, page)) {
            assertFalse(text.contains("reference --format man|markdown") || text.contains("cumps reference\n")
                    || text.contains("## cumps reference"), "the hidden command is not documented");
        }
        assertFalse(CliRuns.cli(sb, "--help").out().contains("reference"), "hidden from --help");
        assertFalse(CliRuns.cli(sb, "completion").out().contains("reference"), "hidden from completion");
    }

    @Test
    void anotherFormatOrNoneIsAUsageErrorAndThePicocliPathServesIt() {
        Run html = CliRuns.cli(sb, "reference", "--format", "html");
        Run none = CliRuns.cli(sb, "reference");

        assertEquals(2, html.code());
        assertEquals("", html.out());
        assertEquals(1, html.err().lines().count(), html.err());
        assertTrue(html.err().startsWith("error: ") && html.err().contains("man, markdown"), html.err());
        assertEquals(2, none.code());
        assertTrue(none.err().startsWith("error: ") && none.err().contains("--format"), none.err());
        assertNull(CliRuns.fast(sb, "reference", "--format", "man"), "reference is not a hot command: picocli parses it");
    }
}
