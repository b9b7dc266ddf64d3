package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every {@code cumps} command line the user guide and the README show (in code blocks and inline
 * code; shell comments left out) names a command that exists and only options that command (or the root) has, checked
 * against the real command tree, so the guide cannot drift from the CLI.
 */
class GuideCommandsTest {
    /** {@code cumps} as a word of a command line, and its arguments up to a shell operator. */
    private static final Pattern INVOCATION = Pattern.compile("(?<![\\w./-])cumps((?:[ \\t]+[^\\s|&;)<>`]+)*)");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    /** A shell comment: {@code #} at the start or after a blank, to the end of the line. */
    private static final Pattern COMMENT = Pattern.compile("(^|\\s)#.*$");

    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void everyCumpsCommandLineInTheGuideAndReadmeNamesARealCommandAndItsOptions() throws IOException {
        CommandLine tree = new Cli(sb.host(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).commandLine();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path doc : List.of(Repository.root().resolve("docs/guide.md"), Repository.root().resolve("README.md"))) {
            for (String code : code(doc)) {
                Matcher m = INVOCATION.matcher(COMMENT.matcher(code).replaceFirst(""));
                while (m.find()) {
                    if (m.group(1).isBlank()) {
                        continue;
                    }
                    String problem = check(tree.getCommandSpec(), m.group(1).strip().split("[ \\t]+"));
                    checked++;
                    if (problem != null) {
                        problems.add(doc.getFileName() + ": `cumps" + m.group(1) + "`: " + problem);
                    }
                }
            }
        }
        assertTrue(checked > 40, "command lines found: " + checked);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void aMadeUpCommandOrOptionIsFound() {
        CommandLine tree = new Cli(sb.host(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).commandLine();
        CommandSpec root = tree.getCommandSpec();
        assertTrue(check(root, new String[] {"--simulate", "start", "--gpus", "0", "--name", "x"}) == null);
        assertTrue(check(root, new String[] {"stat"}) != null);
        assertTrue(check(root, new String[] {"env", "--format", "fish"}) != null);
        assertTrue(check(root, new String[] {"--records", "/tmp/r", "doctor", "--fix", "--yes"}) == null);
    }

    /** Null when {@code args} name a real command with its options; else what is wrong. */
    private static String check(CommandSpec root, String[] args) {
        CommandSpec command = root;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.startsWith("--")) {
                String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
                OptionSpec option = command.findOption(name);
                if (option == null && command != root) {
                    option = root.findOption(name);
                }
                if (option == null) {
                    return "no option " + name + " for " + command.qualifiedName();
                }
                if (option.arity().max() > 0 && !arg.contains("=")) {
                    i++;
                }
            } else if (command == root && !arg.startsWith("-")) {
                CommandLine sub = root.subcommands().get(arg);
                if (sub == null) {
                    return "no command " + arg;
                }
                command = sub.getCommandSpec();
            }
        }
        return null;
    }

    /** The contents of fenced code blocks (line by line) and of inline code spans elsewhere. */
    private static List<String> code(Path doc) throws IOException {
        List<String> code = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readString(doc, StandardCharsets.UTF_8).lines().toList()) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            } else if (fenced) {
                code.add(line);
            } else {
                Matcher span = CODE_SPAN.matcher(line);
                while (span.find()) {
                    code.add(span.group(1));
                }
            }
        }
        return code;
    }
}
