package dev.cumps.core.cli.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.Groff;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The generator over a made-up command tree that has what cumps's tree does not have yet: a nested
 * subcommand, a hidden command and option, positional parameters, text that roff and Markdown would
 * misread (a line starting with a dot or a quote, a backslash, {@code <tag>}, {@code |}, non-ASCII),
 * per-command exit codes. So a command another branch adds is documented without code here.
 */
class CliReferenceGeneratorTest {
    @Command(name = "tool", mixinStandardHelpOptions = true, description = "Does things with \\back, caf\u00e9, <tag> and a|b.",
            exitCodeList = {"0:fine", "3:odd"}, subcommands = {Sub.class, Secret.class})
    static final class Tool implements Runnable {
        @Option(names = "--global", paramLabel = "G", scope = CommandLine.ScopeType.INHERIT, description = "Everywhere.")
        String global;

        @Option(names = "--hidden-flag", hidden = true, description = "Never documented.")
        boolean hiddenFlag;

        @Override
        public void run() {
        }
    }

    @Command(name = "sub", description = {".starts with a dot", "'starts with a quote"}, subcommands = Nested.class)
    static final class Sub implements Runnable {
        @Option(names = {"-m", "--memory"}, paramLabel = "MiB", defaultValue = "512", description = "Memory (default: ${DEFAULT-VALUE}).")
        long memory;

        @Option(names = "--dir", paramLabel = "D", description = "Default ${TMPDIR:-/tmp}/x.")
        String dir;

        @Option(names = "--tag", paramLabel = "T", required = true, description = "Repeat --tag as needed.")
        List<String> tags;

        @ArgGroup(exclusive = true)
        Mode mode;

        @Parameters(paramLabel = "FILE", arity = "1..*", description = "Files.")
        List<String> files;

        @Override
        public void run() {
        }
    }

    static final class Mode {
        @Option(names = "--fast", description = "Fast.")
        boolean fast;

        @Option(names = "--slow", description = "Slow.")
        boolean slow;
    }

    @Command(name = "nested", description = "Deep.", exitCodeList = {"0:done", "4:not done"})
    static final class Nested implements Runnable {
        @Override
        public void run() {
        }
    }

    @Command(name = "secret", hidden = true, description = "Never shown.")
    static final class Secret implements Runnable {
        @Override
        public void run() {
        }
    }

    private static CliReference reference() {
        return new CliReference(new CommandLine(new Tool()).getCommandSpec(), "9.8.7");
    }

    @AfterEach
    void clearProperty() {
        System.clearProperty("TMPDIR");
    }

    @Test
    void markdownHasNestedContentsSectionsAndEscapedText() {
        String md = reference().markdown();

        assertTrue(md.contains("- [tool](#tool)\n  - [tool sub](#tool-sub)\n    - [tool sub nested](#tool-sub-nested)\n"), md);
        assertTrue(md.contains("\n## tool sub nested\n"), md);
        assertTrue(md.contains("```\ntool [GLOBAL OPTIONS] sub [-m MiB] [--dir D] --tag T... [--fast | --slow] FILE... COMMAND\n```"), md);
        assertTrue(md.contains("```\ntool [--global G] [-h] [-V] COMMAND\n```"), md);
        assertTrue(md.contains("Does things with \\\\back, caf\u00e9, \\<tag\\> and a\\|b."), md);
        assertTrue(md.contains("| `-m`, `--memory` | `MiB` | `512` | Memory (default: 512). |"), md);
        assertTrue(md.contains("| `--tag` | `T` (repeatable) |  | Required. Repeat --tag as needed. |"), md);
        assertTrue(md.contains("Parameters:\n\n| parameter | value | default | description |\n|---|---|---|---|\n| `FILE` |  |  | Required. Files. |"), md);
        assertTrue(md.contains("| 3 | odd |") && md.contains("| 4 | not done |"), md);
        assertTrue(md.contains("Global options: `--global` (see [tool](#tool))."), md);
        assertTrue(md.contains("generated from the command definitions of tool 9.8.7".substring(1)), md);
    }

    @Test
    void hiddenCommandsAndOptionsAreLeftOut() {
        CliReference reference = reference();

        for (String text : List.of(reference.markdown(), reference.manPage())) {
            assertFalse(text.contains("secret") || text.contains("Never shown"), text);
            assertFalse(text.contains("hidden") || text.contains("Never documented"), text);
        }
        assertEquals(List.of("tool", "tool sub", "tool sub nested"),
                reference.commands().flatten().stream().map(CommandDoc::qualifiedName).toList());
    }

    @Test
    void variablesStayAsWrittenWhateverTheEnvironment() {
        System.setProperty("TMPDIR", "/elsewhere");
        CliReference reference = reference();
        assertEquals("Default /elsewhere/x.", new CommandLine(new Tool()).getSubcommands().get("sub").getCommandSpec()
                .findOption("--dir").description()[0], "picocli's help would show the value of this run");

        assertTrue(reference.markdown().contains("Default ${TMPDIR:-/tmp}/x."));
        assertTrue(reference.manPage().contains("\nDefault ${TMPDIR:-/tmp}/x.\n"), reference.manPage());
        assertFalse(reference.markdown().contains("/elsewhere"));
    }

    @Test
    void manPageEscapesWhatRoffWouldMisread() {
        String man = reference().manPage();

        assertTrue(man.startsWith(".\\\" Generated from the command definitions"), man);
        assertTrue(man.contains("\n.TH TOOL 1 \"\" \"tool 9.8.7\" \"User Commands\"\n"), man);
        assertTrue(man.contains("\n.SH NAME\ntool \\- does things with \\eback, caf\\[u00E9], <tag> and a|b\n"), man);
        assertTrue(man.contains("\n.PP\n\\&.starts with a dot\n.PP\n\\&'starts with a quote\n"), man);
        assertTrue(man.contains("\n.TP\n\\fB\\-m\\fR, \\fB\\-\\-memory\\fR \\fIMiB\\fR\nMemory (default: 512).\n"), man);
        assertTrue(man.contains("\n.TP\n\\fB\\-\\-tag\\fR \\fIT\\fR ...\nRequired. Repeat \\-\\-tag as needed.\n"), man);
        assertTrue(man.contains("[\\fB\\-\\-fast\\fR\\ |\\ \\fB\\-\\-slow\\fR]"), man);
        assertTrue(man.contains("\n.SS \"tool sub nested\"\n"), man);
        assertTrue(man.contains("\n.PP\nParameters:\n.TP\n\\fIFILE\\fR ...\nRequired. Files.\n.PP\nOptions:\n.TP\n"), man);
        assertTrue(man.contains("\n.SH \"EXIT STATUS\"\n.TP\n0\nfine\n.TP\n3\nodd\n"), man);
        assertTrue(man.contains("\n.TP\n4\nnot done\n"), man);
    }

    @Test
    void theMadeUpPageFormatsWithoutAWarning(@TempDir Path scratch) {
        Groff.Result result = Groff.format(reference().manPage(), scratch);

        assertEquals(0, result.code(), result.warnings());
        assertEquals("", result.warnings());
        String page = Groff.plain(result.page());
        assertTrue(page.contains(".starts with a dot") && page.contains("'starts with a quote"), page);
        assertTrue(page.contains("\\back, caf\u00e9, <tag> and a|b"), page);
        assertTrue(page.replaceAll("\\s+", " ").contains("tool [GLOBAL OPTIONS] sub [-m MiB] [--dir D] --tag T... [--fast | --slow] FILE... COMMAND"),
                page);
        assertTrue(page.contains("--tag T ...\n") && page.contains("Required. Repeat --tag as needed."), page);
    }
}
