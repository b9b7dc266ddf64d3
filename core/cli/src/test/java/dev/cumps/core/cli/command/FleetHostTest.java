package dev.cumps.core.cli.command;

import static dev.cumps.core.cli.command.FleetTimeoutTest.form;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.cli.Cli;
import dev.cumps.core.fleet.Destination;
import dev.cumps.core.fleet.FleetMessages;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The fleet's one {@code HOST} and {@code HOST --name N}: the same rules for every command on one host. */
class FleetHostTest {

    @Test
    void everyCommandOnOneHostReadsItsHostTheSameWay() {
        assertEquals(new Destination("h1"), FleetCommand.StartCommand.of(null, form("fleet", "start", "h1")).destination());
        assertEquals(new Destination("me@h1"), FleetCommand.StopCommand.of(null, form("fleet", "stop", "me@h1", "--name", "a")).destination());
        assertEquals(new Destination("h1"), FleetCommand.LimitsCommand.of(null, form("fleet", "limits", "--name", "a", "h1")).destination());
        assertEquals(new Destination("h1"), FleetCommand.DoctorCommand.of(null, form("fleet", "doctor", "h1")).destination());
    }

    @Test
    void aHostThatIsNotAnSshDestinationIsRefusedBeforeSshRuns() {
        for (String bad : List.of("x;touch", "h1:22")) {
            String why = Destination.problem(bad).orElseThrow().english();
            List<Supplier<Destination>> hosts = List.of(FleetCommand.StartCommand.of(null, form("fleet", "start", bad))::destination,
                    FleetCommand.DoctorCommand.of(null, form("fleet", "doctor", bad))::destination,
                    FleetCommand.StopCommand.of(null, form("fleet", "stop", bad, "--name", "a"))::destination,
                    FleetCommand.LimitsCommand.of(null, form("fleet", "limits", bad, "--name", "a"))::destination);
            for (Supplier<Destination> host : hosts) {
                assertEquals(why, assertThrows(CumpsException.class, host::get).getMessage());
            }
        }
    }

    @Test
    void stopAndLimitsNeedTheDaemonsNameAndEveryCommandOnOneHostItsHost() {
        try (Sandbox sb = new Sandbox()) {
            for (String command : List.of("stop", "limits")) {
                StringWriter err = new StringWriter();
                assertEquals(Cli.USAGE, new Cli(sb.host(), new PrintWriter(new StringWriter()), new PrintWriter(err)).run("fleet", command, "h1"));
                assertEquals("error: Missing required option: '--name=N' (see `cumps --help`)", err.toString().strip());
            }
            StringWriter err = new StringWriter();
            assertEquals(Cli.USAGE, new Cli(sb.host(), new PrintWriter(new StringWriter()), new PrintWriter(err)).run("fleet", "doctor"));
            assertEquals("error: Missing required parameter: 'HOST' (see `cumps --help`)", err.toString().strip());
        }
    }

    @Test
    void fleetAloneIsFleetStatusWithItsDefaults() {
        try (Sandbox sb = new Sandbox()) {
            StringWriter err = new StringWriter();
            assertEquals(Cli.FAILED, new Cli(sb.host(), new PrintWriter(new StringWriter()), new PrintWriter(err)).run("fleet"));
            String noHosts = Message.of(FleetMessages.NO_HOSTS, HostList.of(sb.host()).file().toString()).english();
            assertEquals("error: " + noHosts, err.toString().strip());
        }
    }
}
