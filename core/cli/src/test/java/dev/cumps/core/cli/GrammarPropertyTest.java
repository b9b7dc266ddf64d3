package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliGrammar;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.grammar.OptionRule;
import dev.cumps.core.grammar.OptionUse;
import dev.cumps.core.grammar.ValueKind;
import dev.cumps.core.testing.Props;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.SourceDSL;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The fast parser and picocli give the same answers over the grammar table. Each example is a command line built
 * from the table (a command, some of its options and the root's, in any order, each value valid or not for its
 * kind, as {@code --opt v} or {@code --opt=v}, now and then a repeated, foreign, unknown or valueless option):
 * <ul>
 * <li>what the fast parser accepts, picocli parses too, to the same command, options and values;</li>
 * <li>what picocli refuses (a usage error), the fast parser leaves to it;</li>
 * <li>a clean form of a fast command (valid values, required options present, the table's rules kept, nothing
 * only picocli runs) is the fast parser's;</li>
 * <li>the whole grammar ({@code CliGrammar.parse} with the CLI's value rules, every command: what the fleet checks
 * its lines against, and what the picocli options of every command but the fast ones are built from) refuses what picocli refuses, and
 * what it recognises picocli reads the same way, a repeatable option's values in order.</li>
 * </ul>
 * A failure names the line and QuickTheories' seed ({@code -DQT_SEED}).
 */
class GrammarPropertyTest {
    private static final List<CliCommand> COMMANDS = new ArrayList<>();
    private static final List<CliCommand> FAST = new ArrayList<>();
    /** The commands whose picocli options are built from the table: every one with an option or a parameter. */
    private static final List<CliCommand> FROM_TABLE = new ArrayList<>();

    static {
        for (CliCommand c : CliCommand.values()) {
            if (c != CliCommand.ROOT) {
                (c.fast() ? FAST : COMMANDS).add(c);
                if (TableOptions.fromTable(c)) {
                    FROM_TABLE.add(c);
                }
            }
        }
    }

    private Sandbox sb;
    /** One model for every example: picocli resets each option before a parse, and nothing here runs a command. */
    private CommandLine picocli;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
        StringWriter sink = new StringWriter();
        picocli = new Cli(sb.host(), new PrintWriter(sink), new PrintWriter(sink)).commandLine();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    /** One generated line and whether it is clean (the fast parser must take it when its command is fast). */
    record Line(List<String> args, boolean clean) {
    }

    @Test
    void theFastParserAndPicocliAgreeOverTheTable() {
        Props.qt(1000).forAll(SourceDSL.longs().all()).checkAssert(seed -> check(line(new Random(seed))));
    }

    /**
     * Every sample value, valid or not, of every option of every command built from the table, in both spellings,
     * with the command's required options: one line each; a valid one of a fast command that keeps the command's
     * rules is clean.
     */
    @Test
    void everySampleValueOfEveryTableOptionGetsTheSameAnswer() {
        int lines = 0;
        for (CliCommand c : FROM_TABLE) {
            for (OptionUse tried : c.options()) {
                CliOption o = tried.option();
                List<String> samples = new ArrayList<>(valid(o.value()));
                samples.addAll(invalid(o.value()));
                for (String value : samples) {
                    for (boolean joined : new boolean[] {false, true}) {
                        List<String> args = new ArrayList<>(List.of(c.commandName()));
                        boolean[] given = new boolean[CliOption.values().length];
                        given[o.ordinal()] = true;
                        for (OptionUse u : c.options()) {
                            if (u.required() && u.option() != o) {
                                args.add(u.option().optionName());
                                args.add(valid(u.option().value()).get(0));
                                given[u.option().ordinal()] = true;
                            }
                        }
                        boolean clean = tried.fast() && valid(o.value()).contains(value);
                        for (OptionRule rule : c.rules()) {
                            clean &= rule.keptBy(given);
                        }
                        if (!o.value().takesValue()) {
                            args.add(o.optionName());
                        } else if (joined) {
                            args.add(o.optionName() + "=" + value);
                        } else {
                            args.addAll(List.of(o.optionName(), value));
                        }
                        check(new Line(args, clean));
                        lines++;
                    }
                }
            }
        }
        assertTrue(lines > 100, "lines tried: " + lines);
    }

    private void check(Line line) {
        String[] args = line.args().toArray(String[]::new);
        CliForm fast = FastPath.parse(args);
        CliForm full = CliGrammar.parse(line.args(), FastPath.VALUES, false);
        ParseResult parsed;
        try {
            parsed = picocli.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            assertNull(fast, "picocli refuses " + line.args() + " (" + e.getMessage() + "), the fast parser took it");
            assertNull(full, "picocli refuses " + line.args() + " (" + e.getMessage() + "), the grammar took it");
            return;
        }
        if (full != null) {
            assertEquals(describe(full), describe(parsed), "the grammar and picocli read " + line.args() + " differently");
        }
        if (fast == null) {
            CliCommand command = CliCommand.named(leaf(parsed).commandSpec().qualifiedName().replaceFirst("^cumps ?", ""));
            assertTrue(!line.clean() || command == null || !command.fast(), "the fast parser left a clean line to picocli: " + line.args());
            return;
        }
        assertEquals(describe(fast), describe(parsed), "the two parsers read " + line.args() + " differently");
    }

    private static ParseResult leaf(ParseResult r) {
        ParseResult p = r;
        while (p.hasSubcommand()) {
            p = p.subcommand();
        }
        return p;
    }

    /** Command, parameter and options with their values, as the fast parser read them. */
    private static String describe(CliForm form) {
        if (form.command() == CliCommand.ROOT) {
            return "version";
        }
        Map<String, String> options = new TreeMap<>();
        for (CliOption o : CliOption.values()) {
            if (form.has(o)) {
                boolean repeatable = form.command().use(o).repeatable();
                options.put(o.optionName(), repeatable ? String.join(",", form.all(o)) : form.value(o));
            }
        }
        return form.command().commandName() + " " + form.parameter() + " " + options;
    }

    /** The same, as picocli read it. */
    private static String describe(ParseResult parsed) {
        if (parsed.isVersionHelpRequested() && !parsed.hasSubcommand()) {
            return "version";
        }
        Map<String, String> options = new TreeMap<>();
        String parameter = null;
        for (ParseResult p = parsed; p != null; p = p.hasSubcommand() ? p.subcommand() : null) {
            for (OptionSpec o : p.matchedOptions()) {
                List<String> values = o.arity().max() > 0 ? p.matchedOption(o.longestName()).originalStringValues() : List.of("");
                options.put(o.usageHelp() || o.versionHelp() ? "help" : o.longestName(), String.join(",", values));
            }
            if (!p.matchedPositionals().isEmpty()) {
                parameter = String.join(" ", p.matchedPositionals().get(0).originalStringValues());
            }
        }
        String name = leaf(parsed).commandSpec().qualifiedName().replaceFirst("^cumps ?", "");
        return name + " " + parameter + " " + options;
    }

    /** A line built from the table with {@code r}. */
    static Line line(Random r) {
        // Three in four lines are of a fast command, where the two parsers meet.
        List<CliCommand> pool = r.nextInt(4) == 0 ? COMMANDS : FAST;
        CliCommand command = pool.get(r.nextInt(pool.size()));
        boolean clean = true;
        List<List<String>> before = new ArrayList<>();
        List<List<String>> after = new ArrayList<>();
        boolean[] given = new boolean[CliOption.values().length];
        for (OptionUse u : CliCommand.ROOT.options()) {
            if (r.nextInt(4) == 0) {
                List<String> words = option(r, u.option());
                clean &= isValid(u.option(), words);
                (r.nextBoolean() ? before : after).add(words);
                given[u.option().ordinal()] = true;
            }
        }
        for (OptionUse u : command.options()) {
            if (r.nextInt(10) < (u.required() ? 9 : 4)) {
                List<String> words = option(r, u.option());
                clean &= isValid(u.option(), words) && u.fast();
                after.add(words);
                if (u.repeatable() && r.nextBoolean()) {
                    after.add(option(r, u.option())); // given again: each value kept
                    clean &= isValid(u.option(), after.get(after.size() - 1));
                }
                given[u.option().ordinal()] = true;
            } else {
                clean &= !u.required();
            }
        }
        for (OptionRule rule : command.rules()) {
            clean &= rule.keptBy(given);
        }
        int mutation = r.nextInt(20);
        if (mutation == 0 && !after.isEmpty()) {
            after.add(after.get(r.nextInt(after.size()))); // a repeated option
            clean = false;
        } else if (mutation == 1) {
            CliOption foreign = CliOption.values()[r.nextInt(CliOption.values().length)];
            clean &= command.use(foreign) != null;
            after.add(option(r, foreign));
            given[foreign.ordinal()] = true;
            clean = false;
        } else if (mutation == 2) {
            after.add(List.of(r.nextBoolean() ? "--bogus" : "-x"));
            clean = false;
        } else if (mutation == 3) {
            before.add(List.of(r.nextBoolean() ? "--json" : "--name"));
            clean = false;
        }
        Collections.shuffle(before, r);
        Collections.shuffle(after, r);
        List<String> args = new ArrayList<>();
        before.forEach(args::addAll);
        args.addAll(List.of(command.commandName().split(" ")));
        if (!command.parameter().isEmpty() && r.nextInt(10) > 0) {
            after.add(r.nextInt(after.size() + 1), List.of("gpu" + r.nextInt(9)));
        }
        after.forEach(args::addAll);
        if (mutation == 4 && !args.isEmpty()) {
            CliOption last = CliOption.values()[r.nextInt(CliOption.values().length)];
            args.add(last.optionName()); // maybe without its value
            clean = false;
        }
        return new Line(args, clean);
    }

    private static List<String> option(Random r, CliOption o) {
        if (!o.value().takesValue()) {
            return List.of(o.optionName());
        }
        List<String> pool = r.nextInt(5) == 0 ? invalid(o.value()) : valid(o.value());
        String value = pool.get(r.nextInt(pool.size()));
        return r.nextInt(3) == 0 ? List.of(o.optionName() + "=" + value) : List.of(o.optionName(), value);
    }

    private static boolean isValid(CliOption o, List<String> words) {
        if (!o.value().takesValue()) {
            return true;
        }
        String last = words.get(words.size() - 1);
        String value = words.size() == 1 ? last.substring(last.indexOf('=') + 1) : last;
        return valid(o.value()).contains(value);
    }

    static List<String> valid(ValueKind kind) {
        return switch (kind) {
            case FLAG -> List.of("");
            case TEXT -> List.of("alpha", "0", "0,1", "all", "gpu-7");
            case PATH -> List.of("/tmp/cumps-grammar", "rel/dir", ".");
            case PID -> List.of("4242", "1", "65535");
            case SHELL -> List.of("posix", "fish", "systemd", "docker", "dotenv");
            case INTERVAL -> List.of("2", "0.5", "3600");
            case PERCENTAGE -> List.of("40", "1", "100");
            case SIZE -> List.of("512M", "8G", "1024M");
            case SECONDS, MIB -> List.of("5", "512");
            case CHOICE -> List.of("man", "markdown");
        };
    }

    private static List<String> invalid(ValueKind kind) {
        return switch (kind) {
            case FLAG -> List.of("");
            case TEXT -> List.of("", "-v", "--json");
            case PATH -> List.of("", "-d");
            case PID -> List.of("0", "x1", "99999999", "-5");
            case SHELL -> List.of("csh", "");
            case INTERVAL -> List.of("0.1", "x", "-1");
            case PERCENTAGE -> List.of("0", "101", "x");
            case SIZE -> List.of("12Q", "G", "-1M");
            case SECONDS, MIB, CHOICE -> List.of("x");
        };
    }
}
