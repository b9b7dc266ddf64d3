package dev.cumps.core.cli.command;

import static dev.cumps.core.cli.command.FleetTimeoutTest.parsed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.fleet.Destination;
import dev.cumps.core.message.CumpsException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The fleet's one {@code HOST} and {@code HOST --name N}: the same rules for every command on one host. */
class FleetHostTest {

    @Test
    void everyCommandOnOneHostReadsItsHostTheSameWay() {
        assertEquals(new Destination("h1"), parsed(new FleetCommand.StartCommand(null), "h1").host.destination());
        assertEquals(new Destination("me@h1"), parsed(new FleetCommand.StopCommand(null), "me@h1", "--name", "a").daemon.destination());
        assertEquals(new Destination("h1"), parsed(new FleetCommand.LimitsCommand(null), "--name", "a", "h1").daemon.destination());
        assertEquals(new Destination("h1"), parsed(new FleetCommand.DoctorCommand(null), "h1").host.destination());
        assertEquals("a", parsed(new FleetCommand.LimitsCommand(null), "h1", "--name", "a").daemon.name);
    }

    @Test
    void aHostThatIsNotAnSshDestinationIsRefusedBeforeSshRuns() {
        String bad = "x; touch /tmp/pwned";
        String why = Destination.problem(bad).orElseThrow().english();
        for (FleetHost host : new FleetHost[] {parsed(new FleetCommand.StartCommand(null), bad).host,
                parsed(new FleetCommand.DoctorCommand(null), bad).host, parsed(new FleetCommand.StopCommand(null), bad, "--name", "a").daemon.host,
                parsed(new FleetCommand.LimitsCommand(null), bad, "--name", "a").daemon.host}) {
            assertEquals(why, assertThrows(CumpsException.class, host::destination).getMessage());
        }
        FleetDaemon daemon = parsed(new FleetCommand.StopCommand(null), "h1:22", "--name", "a").daemon;
        assertEquals(Destination.problem("h1:22").orElseThrow().english(), assertThrows(CumpsException.class, daemon::destination).getMessage());
    }

    @Test
    void stopAndLimitsNeedTheDaemonsName() {
        for (Object command : new Object[] {new FleetCommand.StopCommand(null), new FleetCommand.LimitsCommand(null)}) {
            CommandLine.MissingParameterException e = assertThrows(CommandLine.MissingParameterException.class,
                    () -> parsed(command, "h1"));
            assertEquals("Missing required option: '--name=N'", e.getMessage());
        }
        assertThrows(CommandLine.MissingParameterException.class, () -> parsed(new FleetCommand.DoctorCommand(null)));
    }
}
