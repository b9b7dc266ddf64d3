package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadinessTest {
    private final Sandbox sb = new Sandbox();
    private final Path pipe = sb.dir.resolve("pipe");
    private final Path log = sb.dir.resolve("log");

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private Readiness readiness() {
        LifecycleContext c = Contexts.of(sb);
        return new Readiness(c.control(), sb.processes, sb.timeouts);
    }

    /** A launch whose control.log mark is {@code mark} (nonce and identity unused by the waits). */
    private static Launch markedAt(long mark) {
        return new Launch("n", 0, "pipe", mark);
    }

    private StartPlan plan() {
        Sandbox.mkdir700(pipe);
        Sandbox.mkdir700(log);
        return Contexts.planner(sb).plan(Sandbox.request("0", "job", pipe, log));
    }

    @Test
    void anErrorLineWrittenAfterTheMarkEndsTheSocketWait() throws IOException {
        StartPlan plan = plan();
        Path controlLog = log.resolve(RuntimeDirs.CONTROL_LOG);
        Files.writeString(controlLog, "[old] Error: from an earlier run\n");
        long mark = RuntimeDirs.controlLogSize(log);
        Readiness readiness = readiness();
        assertTrue(readiness.gaveUp(plan, markedAt(mark)).isEmpty(), "an error before the mark is not this launch's");

        Files.writeString(controlLog, "[new] Error: failed to start\n", StandardOpenOption.APPEND);
        CumpsException e = assertThrows(CumpsException.class, () -> readiness.awaitSocket(plan, markedAt(mark), StartCancellation.none()));

        assertEquals("lifecycle.DAEMON_REPORTED_ERROR", e.errorMessage().key());
        assertEquals("the daemon reported an error while starting", e.getMessage());
    }

    @Test
    void aPidFileNamingAGoneProcessEndsTheSocketWait() throws IOException {
        StartPlan plan = plan();
        Files.writeString(pipe.resolve(RuntimeDirs.PID_FILE), "4100003\n");

        CumpsException e = assertThrows(CumpsException.class, () -> readiness().awaitSocket(plan, markedAt(0), StartCancellation.none()));

        assertEquals("the daemon (pid 4100003) exited before creating its control socket", e.getMessage());
    }

    @Test
    void noSocketWithinTheTimeoutIsReportedWithItsPath() {
        StartPlan plan = plan();

        CumpsException e = assertThrows(CumpsException.class, () -> readiness().awaitSocket(plan, markedAt(0), StartCancellation.none()));

        assertEquals("lifecycle.NO_CONTROL_SOCKET", e.errorMessage().key());
        assertEquals("no control socket appeared at " + pipe.resolve("control") + " within " + sb.timeouts.socket().toSeconds() + " s",
                e.getMessage());
    }

    @Test
    void aDaemonThatListensLateIsAskedAgainUntilItAnswers() {
        StartPlan plan = plan();
        sb.mps.launch(FakeMpsHost.Launch.LISTENS_LATE);
        sb.mps.runner().run(new CommandSpec(List.of(MpsControl.PROGRAM, "-d"),
                Contexts.of(sb).control().daemonEnvironment(pipe, log, plan.gpu().uuid().value(), Map.of(), "n"), null,
                sb.timeouts.launch()));
        Readiness readiness = readiness();

        readiness.awaitSocket(plan, markedAt(0), StartCancellation.none());
        CommandResult answer = readiness.awaitAnswer(plan, markedAt(0), StartCancellation.none());

        assertTrue(MpsControl.answered(answer), answer.describeFailure());
        assertEquals(3, sb.mps.clientCommands().stream().map(String::strip).filter("get_server_list"::equals).count(), "two refusals, then the answer");
    }
}
