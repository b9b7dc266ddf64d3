package dev.cumps.core.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliGrammar;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The fleet's one {@code --timeout} option: each command's own default (its row's), the same bounds everywhere. */
class FleetTimeoutTest {

    /** {@code cumps args} as the grammar table reads it: the form picocli hands a fleet command too. */
    static CliForm form(String... args) {
        CliForm form = CliGrammar.parse(List.of(args), CliGrammar.plainValues(), false);
        assertNotNull(form, "not a form of the grammar: " + List.of(args));
        return form;
    }

    @Test
    void statusGivesEachHostFifteenSecondsAndACommandOnOneHostSixty() {
        assertEquals(Duration.ofSeconds(15), FleetCommand.StatusCommand.of(null, form("fleet", "status")).deadline());
        assertEquals(Duration.ofSeconds(60), FleetCommand.StartCommand.of(null, form("fleet", "start", "h1")).deadline());
        assertEquals(Duration.ofSeconds(60), FleetCommand.StopCommand.of(null, form("fleet", "stop", "h1", "--name", "a")).deadline());
        assertEquals(Duration.ofSeconds(60), FleetCommand.DoctorCommand.of(null, form("fleet", "doctor", "h1")).deadline());
    }

    @Test
    void theUserSetsItWithinOneToSixHundredSeconds() {
        assertEquals(Duration.ofSeconds(1), FleetCommand.StatusCommand.of(null, form("fleet", "status", "--timeout", "1")).deadline());
        assertEquals(Duration.ofSeconds(600), FleetCommand.DoctorCommand.of(null, form("fleet", "doctor", "h1", "--timeout=600")).deadline());
        FleetCommand.StatusCommand zero = FleetCommand.StatusCommand.of(null, form("fleet", "status", "--timeout", "0"));
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class, zero::deadline);
        assertEquals("--timeout expects seconds from 1 to 600, got 0", e.getMessage());
        FleetCommand.StartCommand over = FleetCommand.StartCommand.of(null, form("fleet", "start", "h1", "--timeout", "601"));
        assertThrows(CommandLine.ParameterException.class, over::deadline);
    }
}
