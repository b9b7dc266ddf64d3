package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StartUndoTest {
    private final Sandbox sb = new Sandbox();
    private final Path pipe = sb.dir.resolve("pipe");
    private final Path log = sb.dir.resolve("log");
    private final LifecycleContext c = Contexts.of(sb);
    private final StartUndo undo = new StartUndo(c.control(), sb.processes, c.identity(), c.leftovers(), c.waits(), sb.timeouts);

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private StartPlan plan() {
        Sandbox.mkdir700(pipe);
        Sandbox.mkdir700(log);
        return Contexts.planner(sb).plan(Sandbox.request("0", "job", pipe, log));
    }

    /** Launches a fake daemon on the plan's directories carrying {@code nonce}. */
    private FakeMpsHost.Daemon launchWith(StartPlan plan, String nonce) {
        sb.mps.runner().run(new CommandSpec(List.of(MpsControl.PROGRAM, "-d"),
                c.control().daemonEnvironment(pipe, log, plan.gpu().uuid().value(), Map.of(), nonce), null, sb.timeouts.launch()));
        return sb.mps.daemon(pipe).orElseThrow();
    }

    @Test
    void undoQuitsTheDaemonThisLaunchStartedAndRemovesItsLeftovers() {
        StartPlan plan = plan();
        Launch launch = c.identity().newLaunch(pipe, log);
        FakeMpsHost.Daemon ours = launchWith(plan, launch.nonce());
        Message reason = Message.of(LifecycleMessages.NO_ANSWER, "timed out");

        StartFailure failure = undo.undo(plan, reason, launch);

        assertFalse(sb.processes.isAlive(new ProcessIdentity(ours.pid, ours.startTicks)));
        assertFalse(Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(pipe.resolve(RuntimeDirs.PID_FILE), LinkOption.NOFOLLOW_LINKS));
        assertEquals("lifecycle.START_FAILED", failure.reasonMessage().key());
        assertEquals("daemon 'job' did not start: the daemon did not answer get_server_list (timed out)", failure.reason());
        assertEquals(reason, failure.reasonMessage().args().get(1), "the reason stays a message, nested in the headline");
        assertTrue(failure.getMessage().startsWith(failure.reason() + "; control.log ends with: "), failure.getMessage());
        assertEquals("lifecycle.START_FAILED_WITH_LOG", failure.errorMessage().key());
    }

    @Test
    void undoNeverSignalsADaemonAnotherLaunchStarted() {
        StartPlan plan = plan();
        FakeMpsHost.Daemon other = launchWith(plan, "someone-elses-nonce");
        Launch launch = c.identity().newLaunch(pipe, log);

        undo.undo(plan, Message.of(LifecycleMessages.DAEMON_REPORTED_ERROR), launch);

        assertTrue(sb.processes.isAlive(new ProcessIdentity(other.pid, other.startTicks)));
        assertEquals(List.of(), sb.processes.terminated());
        assertFalse(sb.mps.clientCommands().stream().map(String::strip).toList().contains("quit"), "quit goes to whatever serves the directory: not sent");
        assertTrue(Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS), "the other daemon's socket stays");
    }

    @Test
    void undoFinishesWhenInterruptedAndKeepsTheInterrupt() throws IOException {
        StartPlan plan = plan();
        Launch launch = c.identity().newLaunch(pipe, log);
        FakeMpsHost.Daemon ours = launchWith(plan, launch.nonce());
        ours.ignoresQuit = true;

        Thread.currentThread().interrupt();
        try {
            undo.undo(plan, Message.of(LifecycleMessages.INTERRUPTED), launch);
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }

        assertEquals(List.of(new ProcessIdentity(ours.pid, ours.startTicks)), sb.processes.terminated(),
                "a daemon that ignores quit gets SIGTERM, to exactly its pid and start time");
    }

    /**
     * A start interrupted right after its launch (a console closed while its demo started): the daemon
     * has written no pid file (R535 writes none), not yet logged its start and does not listen yet, so
     * only this launch's nonce names it. It is ended at once, to exactly its pid and start time; before,
     * a quit nobody could answer was all it got, and it ran on without a record.
     */
    @Test
    void anInterruptedStartEndsItsDaemonFoundByItsNonceBeforeTheDaemonHasLoggedOrListens() {
        sb.mps.r535().logsLate().launch(FakeMpsHost.Launch.LISTENS_LATE);
        StartPlan plan = plan();
        Launch launch = c.identity().newLaunch(pipe, log);
        FakeMpsHost.Daemon ours = launchWith(plan, launch.nonce());
        ProcessIdentity daemon = new ProcessIdentity(ours.pid, ours.startTicks);

        Thread.currentThread().interrupt();
        try {
            undo.undo(plan, Message.of(LifecycleMessages.INTERRUPTED), launch);
        } finally {
            Thread.interrupted();
        }

        assertFalse(sb.processes.isAlive(daemon), "the interrupted start's daemon was left running");
        assertEquals(List.of(daemon), sb.processes.terminated(), "SIGTERM at once to exactly the launched pid and start time");
    }
}
