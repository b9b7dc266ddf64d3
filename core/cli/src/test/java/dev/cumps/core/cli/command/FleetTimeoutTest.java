package dev.cumps.core.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The fleet's one {@code --timeout} option: each command's own default, the same bounds everywhere. */
class FleetTimeoutTest {

    /** {@code command} with {@code args} parsed into it (fleet options are mixins: their values land in them). */
    static <T> T parsed(T command, String... args) {
        new CommandLine(command).parseArgs(args);
        return command;
    }

    @Test
    void statusGivesEachHostFifteenSecondsAndACommandOnOneHostSixty() {
        assertEquals(Duration.ofSeconds(15), parsed(new FleetCommand.StatusCommand(null)).timeout.deadline());
        assertEquals(Duration.ofSeconds(60), parsed(new FleetCommand.StartCommand(null), "h1").timeout.deadline());
        assertEquals(Duration.ofSeconds(60), parsed(new FleetCommand.StopCommand(null), "h1", "--name", "a").timeout.deadline());
        assertEquals(Duration.ofSeconds(60), parsed(new FleetCommand.DoctorCommand(null), "h1").timeout.deadline());
    }

    @Test
    void theUserSetsItWithinOneToSixHundredSeconds() {
        assertEquals(Duration.ofSeconds(1), parsed(new FleetCommand.StatusCommand(null), "--timeout", "1").timeout.deadline());
        assertEquals(Duration.ofSeconds(600), parsed(new FleetCommand.DoctorCommand(null), "h1", "--timeout", "600").timeout.deadline());
        CommandLine.ParameterException zero = assertThrows(CommandLine.ParameterException.class,
                () -> parsed(new FleetCommand.StatusCommand(null), "--timeout", "0").timeout.deadline());
        assertEquals("--timeout expects seconds from 1 to 600, got 0", zero.getMessage());
        assertThrows(CommandLine.ParameterException.class,
                () -> parsed(new FleetCommand.StartCommand(null), "h1", "--timeout", "601").timeout.deadline());
    }
}
