package dev.cumps.core.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The table's interpreter: what it recognises in full, and each way a line is not a form of the table. */
class CliGrammarTest {
    private static CliForm parse(String... args) {
        return CliGrammar.parse(List.of(args), CliGrammar.plainValues(), false);
    }

    private static CliForm fast(String... args) {
        return CliGrammar.parse(List.of(args), CliGrammar.plainValues(), true);
    }

    @Test
    void recognisesOptionsInEitherSpellingAndTheRootsAnywhere() {
        CliForm f = parse("--records", "/r", "env", "--name=alpha", "--json", "--simulate");
        assertNotNull(f);
        assertEquals(CliCommand.ENV_COMMAND, f.command());
        assertEquals("alpha", f.value(CliOption.NAME));
        assertEquals("/r", f.value(CliOption.RECORDS));
        assertTrue(f.has(CliOption.JSON) && f.has(CliOption.SIMULATE));
        assertFalse(f.has(CliOption.SHELL));
        assertEquals(CliCommand.ROOT, parse("--version").command());
        assertEquals(CliCommand.ROOT, parse("-V").command());
    }

    @Test
    void subcommandsAndTheirParameter() {
        CliForm f = parse("fleet", "stop", "gpu3", "--name", "a");
        assertNotNull(f);
        assertEquals(CliCommand.FLEET_STOP, f.command());
        assertEquals("gpu3", f.parameter());
        assertNull(parse("fleet", "stop", "--name", "a"), "HOST is required");
        assertNull(parse("fleet", "stop", "gpu3", "gpu4", "--name", "a"), "one HOST");
        assertNull(fast("fleet", "status"), "fleet is not run by the fast parser");
    }

    @Test
    void aRepeatableOptionKeepsEveryValueInOrderAndAGroupTakesOne() {
        CliForm f = parse("start", "--env", "A=1", "--name", "n", "--env=B=2", "--env", "A=3");
        assertNotNull(f);
        assertEquals(List.of("A=1", "B=2", "A=3"), f.all(CliOption.ENV));
        assertEquals("A=3", f.value(CliOption.ENV), "the last value");
        assertEquals(List.of(), f.all(CliOption.NAME), "not repeatable: no list");
        assertEquals("start --name=n --env=A=1 --env=B=2 --env=A=3", f.toString());
        assertEquals(List.of(), parse("start").all(CliOption.ENV));
        assertNotNull(parse("start", "--foreground"));
        assertNull(parse("start", "--daemon", "--foreground"), "an exclusive group: one of the two");
        assertNull(parse("start", "--daemon", "--daemon"), "a switch of a group is not repeatable");
        assertNull(parse("start", "--name", "a", "--name", "b"), "only the repeatable option repeats");
    }

    @Test
    void everyWayALineIsNotAFormIsRefused() {
        assertNull(parse(), "no command");
        assertNull(parse("--json", "status"), "a command's option before its name");
        assertNull(parse("status", "--json", "--json"), "repeated");
        assertNull(parse("status", "--bogus"), "unknown");
        assertNull(parse("status", "--json=yes"), "a value for a switch");
        assertNull(parse("env", "--name"), "a missing value");
        assertNull(parse("env", "--name", "--json"), "an option-like value");
        assertNull(parse("env", "--name="), "an empty value");
        assertNull(parse("env", "--name", "@file"), "an @file");
        assertNull(parse("status", "env"), "two commands");
        assertNull(parse("stop", "--all", "--name", "a"), "a rule: --all excludes --name");
        assertNull(parse("top", "--json"), "a rule: --json needs --once");
        assertNull(parse("terminate-client", "--name", "a"), "a required option");
        assertNull(parse("--version", "status"), "version with more");
        assertNull(fast("doctor", "--fix"), "an option only picocli runs");
        assertNotNull(parse("doctor", "--fix"));
    }

    @Test
    void everyOptionAndCommandIsNamedOnce() {
        Set<String> names = new HashSet<>();
        for (CliOption o : CliOption.values()) {
            assertTrue(names.add(o.optionName()), o.optionName());
            assertEquals(o, CliOption.named(o.optionName()));
            assertEquals(o.value().takesValue(), !o.label().isEmpty(), o + ": a label exactly when it takes a value");
        }
        for (CliCommand c : CliCommand.values()) {
            assertTrue(names.add(c.commandName()), c.commandName());
            for (OptionRule r : c.rules()) {
                assertNotNull(c.use(r.option()), c + " " + r);
                assertNotNull(c.use(r.other()), c + " " + r);
            }
        }
    }

    @Test
    void problemNamesTheLineThatIsNotAForm() {
        assertNull(CliGrammar.problem(List.of("cumps", "--version", "&&", "cumps", "status", "--json")));
        assertEquals("not a cumps command: ls", CliGrammar.problem(List.of("ls")));
        assertEquals("not a form of the cumps grammar: cumps status --all", CliGrammar.problem(List.of("cumps", "status", "--all")));
        assertEquals("not a cumps command: ", CliGrammar.problem(List.of("cumps", "status", "&&")));
    }
}
