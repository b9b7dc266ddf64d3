package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.grammar.OptionRule;
import dev.cumps.core.grammar.OptionUse;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The grammar table ({@link CliCommand}) and picocli's model describe the same command line: the same commands,
 * and for each the same options (name, whether it takes a value, the value's label, whether it is required or
 * repeatable, the exclusive group it belongs to) and positional parameter. The options of the fast commands and
 * {@code start} are built from the table ({@code TableOptions}); the other commands declare theirs as annotations,
 * and a row added to one side and not the other fails here, naming it.
 */
class GrammarTableTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private CommandLine picocli() {
        StringWriter sink = new StringWriter();
        return new Cli(sb.host(), new PrintWriter(sink), new PrintWriter(sink)).commandLine();
    }

    @Test
    void picocliHasEveryCommandAndOptionOfTheTableAndNoOther() {
        Map<String, String> picocli = new TreeMap<>();
        describe(picocli().getCommandSpec(), picocli);
        Map<String, String> table = new TreeMap<>();
        for (CliCommand c : CliCommand.values()) {
            table.put(c.commandName(), describe(c));
        }
        assertEquals(table, picocli);
    }

    @Test
    void everyCommandTheFastParserRunsIsOneOfPicocliLeaves() {
        CommandLine top = picocli();
        for (CliCommand c : CliCommand.values()) {
            if (c.fast()) {
                assertEquals(0, top.getSubcommands().get(c.commandName()).getSubcommands().size(), c.commandName());
            }
        }
    }

    private static String describe(CliCommand c) {
        List<String> parts = new ArrayList<>();
        for (OptionUse u : c.options()) {
            String label = u.option().value().takesValue() ? "=" + u.option().label() : "";
            parts.add(u.option().optionName() + label + (u.repeatable() ? "..." : "") + (u.required() ? " (required)" : "")
                    + group(c, u.option()));
        }
        parts.sort(null);
        return (c.parameter().isEmpty() ? "" : c.parameter() + " ") + parts;
    }

    /** The exclusive group of the table's {@code option}, as its options' names: {@code  [--daemon | --foreground]}. */
    private static String group(CliCommand c, CliOption option) {
        for (OptionRule r : c.rules()) {
            if (r.group() && (r.option() == option || r.other() == option)) {
                List<String> names = new ArrayList<>(List.of(r.option().optionName(), r.other().optionName()));
                names.sort(null);
                return " [" + String.join(" | ", names) + "]";
            }
        }
        return "";
    }

    /** The same, of picocli's option. */
    private static String group(OptionSpec o) {
        if (o.group() == null) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (OptionSpec member : o.group().options()) {
            names.add(member.longestName());
        }
        names.sort(null);
        return (o.group().exclusive() ? " [" : " (") + String.join(" | ", names) + (o.group().exclusive() ? "]" : ")");
    }

    private static void describe(CommandSpec spec, Map<String, String> into) {
        List<String> parts = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (o.usageHelp() || o.versionHelp() || o.inherited()) {
                continue;
            }
            String label = o.arity().max() > 0 ? "=" + o.paramLabel() : "";
            // An option of an exclusive group (start's --daemon | --foreground) is "required" only within its group.
            boolean required = o.required() && o.group() == null;
            parts.add(o.longestName() + label + (o.isMultiValue() ? "..." : "") + (required ? " (required)" : "") + group(o));
        }
        parts.sort(null);
        StringBuilder params = new StringBuilder();
        for (PositionalParamSpec p : spec.positionalParameters()) {
            params.append(p.paramLabel()).append(' ');
        }
        String name = spec.qualifiedName().equals("cumps") ? "" : spec.qualifiedName().substring("cumps ".length());
        into.put(name, params + parts.toString());
        for (CommandLine sub : spec.subcommands().values()) {
            describe(sub.getCommandSpec(), into);
        }
    }
}
