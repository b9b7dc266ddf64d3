package dev.cumps.core.mps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.message.CumpsException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link MpsControl} with the in-process client: the program's shape of answer, and the program as the fallback. */
class MpsControlClientTest {
    private static final Path PIPE = Path.of("/run/pipe");
    private static final Path LOG = Path.of("/run/log");
    private final ScriptedDaemon daemon = new ScriptedDaemon();
    private final List<CommandSpec> runs = new ArrayList<>();
    private final CommandRunner runner = spec -> {
        runs.add(spec);
        return CommandResult.exited(spec.program(), 0, "from the program\n", "");
    };

    private static HostEnvironment host(Map<String, String> env) {
        return new HostEnvironment(env, 1000, "node1", "Linux", HostPaths.under(Path.of("/nonexistent")));
    }

    private MpsControl control() {
        return new MpsControl(runner, host(Map.of()), Duration.ofSeconds(30),
                new ControlClient(Optional.of(new ControlProtocol(daemon, false)), ControlClient.LONG_LIVED));
    }

    @Test
    void anAnswerLooksAsTheProgramsAndStartsNoProcess() {
        daemon.replies = commands -> List.of(ScriptedDaemon.output("4242"), ScriptedDaemon.end(0));
        CommandResult r = control().ask(PIPE, LOG, "get_server_list");
        assertEquals(CommandResult.exited(MpsControl.PROGRAM, 0, "4242\n", ""), r);
        assertTrue(MpsControl.answered(r));
        assertEquals(List.of(), runs);
    }

    @Test
    void aBatchGoesOnOneConnection() {
        daemon.replies = commands -> List.of(ScriptedDaemon.output("4242"), ScriptedDaemon.output("Unknown command \"cumps_reply_end\""),
                ScriptedDaemon.end(0));
        control().ask(PIPE, LOG, "get_server_list\ncumps_reply_end");
        assertEquals(List.of("get_server_list", "cumps_reply_end"), daemon.commands());
        assertEquals(1, daemon.connected.size());
    }

    @Test
    void noDaemonListeningIsAskedThroughTheProgramEachTime() {
        daemon.absent.add(PIPE);
        MpsControl control = control();
        CommandResult r = control.ask(PIPE, LOG, "get_server_list");
        assertEquals("from the program\n", r.stdout());
        assertEquals(1, runs.size());
        daemon.absent.clear();
        daemon.replies = commands -> List.of(ScriptedDaemon.output("4242"), ScriptedDaemon.end(0));
        assertEquals("4242\n", control.ask(PIPE, LOG, "get_server_list").stdout(), "a daemon that listens later is asked in-process");
        assertEquals(1, runs.size());
    }

    @Test
    void aSurpriseAsksThroughTheProgramThenAndFromThenOn() {
        daemon.greeting = new byte[] {'?'};
        MpsControl control = control();
        CommandResult first = control.ask(PIPE, LOG, "get_server_list");
        assertEquals("from the program\n", first.stdout());
        assertEquals(1, runs.size());
        assertEquals("get_server_list\n", runs.get(0).stdin());
        assertEquals(PIPE.toString(), runs.get(0).environment().get("CUDA_MPS_PIPE_DIRECTORY"));

        control.ask(PIPE, LOG, "get_client_list 4242");
        assertEquals(2, runs.size());
        assertEquals(1, daemon.connected.size(), "that daemon is not asked in-process again");

        daemon.greeting = ControlProtocol.HELLO;
        control.ask(Path.of("/run/other"), LOG, "get_server_list");
        assertEquals(2, runs.size(), "another daemon still is");
    }

    @Test
    void aTimeoutIsTheProgramsTimeout() {
        daemon.replies = commands -> List.of(ScriptedDaemon.output("4242"));
        CommandResult r = control().ask(PIPE, LOG, "get_server_list", Duration.ofMillis(100));
        assertEquals(CommandResult.Outcome.TIMED_OUT, r.outcome());
        assertEquals("4242\n", r.stdout());
        assertEquals(List.of(), runs, "a daemon that does not answer in time is not asked again");
    }

    @Test
    void quitGoesThroughNvidiasProgram() {
        control().ask(PIPE, LOG, "quit");
        control().ask(PIPE, LOG, "get_server_list\n  quit -t 5");
        assertEquals(2, runs.size());
        assertEquals(List.of(), daemon.connected);
    }

    @Test
    void theVariableChoosesTheClient() {
        assertEquals(ControlClient.ONE_RUN, ControlClient.chosenBy(host(Map.of()), ControlClient.ONE_RUN).inProcessFrom());
        assertTrue(ControlClient.chosenBy(host(Map.of()), ControlClient.ONE_RUN).protocol().isPresent());
        assertEquals(ControlClient.LONG_LIVED, ControlClient.chosenBy(host(Map.of()), ControlClient.LONG_LIVED).inProcessFrom());
        ControlClient forced = ControlClient.chosenBy(host(Map.of(ControlClient.VARIABLE, "builtin")), ControlClient.ONE_RUN);
        assertTrue(forced.protocol().isPresent());
        assertEquals(ControlClient.LONG_LIVED, forced.inProcessFrom(), "builtin: in-process whatever the count");
        assertTrue(ControlClient.chosenBy(host(Map.of(ControlClient.VARIABLE, "nvidia")), ControlClient.LONG_LIVED).protocol().isEmpty());
        CumpsException e = assertThrows(CumpsException.class,
                () -> ControlClient.chosenBy(host(Map.of(ControlClient.VARIABLE, "NVIDIA")), ControlClient.ONE_RUN));
        assertEquals("invalid CUMPS_CONTROL_CLIENT=NVIDIA: use CUMPS_CONTROL_CLIENT=nvidia (NVIDIA's nvidia-cuda-mps-control) or"
                + " CUMPS_CONTROL_CLIENT=builtin (cumps's own client), or leave it unset", e.errorMessage().english());
    }

    @Test
    void aRunAskingFewerDaemonsThanTheCountAsksThemThroughTheProgramAndFromTheCountOnInProcess() {
        daemon.replies = commands -> List.of(ScriptedDaemon.output("4242"), ScriptedDaemon.end(0));
        MpsControl control = new MpsControl(runner, host(Map.of()), Duration.ofSeconds(30),
                new ControlClient(Optional.of(new ControlProtocol(daemon, false)), 16));

        assertEquals("from the program\n", control.ask(PIPE, LOG, "get_server_list").stdout(), "a daemon asked alone");
        assertEquals("from the program\n", control.forDaemons(15).ask(PIPE, LOG, "get_server_list").stdout());
        assertEquals(2, runs.size());
        assertEquals(List.of(), daemon.connected, "no connection of ours below the count");

        assertEquals("4242\n", control.forDaemons(16).ask(PIPE, LOG, "get_server_list").stdout());
        assertEquals(2, runs.size(), "from the count on, no process");
        assertEquals(1, daemon.connected.size());
    }

    @Test
    void theProgramAloneWhenForced() {
        MpsControl control = new MpsControl(runner, host(Map.of()), Duration.ofSeconds(30), ControlClient.program());
        control.ask(PIPE, LOG, "get_server_list");
        assertEquals(1, runs.size());
    }
}
