package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowGuard;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.sim.MpsFault;
import dev.cumps.sim.SimConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Cancel in the start dialog while the launched daemon never becomes ready: its socket is bound and
 * accepts, but it answers no question. The host's wait for an answer is ten minutes, far beyond the
 * test's deadline, so the cancel's outcome showing at all proves that the cancel did not wait for the
 * answer (nor for a {@code quit} the daemon would leave unanswered). Afterwards nothing of the start
 * is left: no daemon, no client, no record, no socket.
 */
class CancelNeverReadyStartTest {

    private static final LifecycleTimeouts ANSWER_NEVER_TIMES_OUT = new LifecycleTimeouts(Duration.ofSeconds(10),
            Duration.ofSeconds(15), Duration.ofMinutes(10), Duration.ofSeconds(10), Duration.ofMillis(100));

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded().withTimeouts(ANSWER_NEVER_TIMES_OUT);

    @Test
    void cancelEndsAStartWhoseDaemonNeverAnswersAndLeavesNothingBehind(FxRobot robot) throws Exception {
        WindowGuard guard = console.guard();
        WindowDriver ui = new WindowDriver(robot, console.window());
        console.host().configure(c -> new SimConfig(c.driverVersion(), c.gpus(), c.smiFault(), MpsFault.NO_ANSWER, c.mpsSlowMillis()));
        ui.refreshUntil("both GPUs", () -> ui.vm().gpus().size() == 2);
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        ui.dialog("#startDialog");
        TextField name = robot.lookup("#startName").queryAs(TextField.class);
        robot.interact(name::clear);
        robot.clickOn(name).write("never-c");
        Waits.onFx("Start to be enabled", () -> !robot.lookup("#startConfirm").queryButton().isDisabled());
        Path pipe = Path.of(Waits.fx(() -> robot.lookup("#startPipeDir").queryAs(TextField.class).getText()));
        robot.clickOn("#startConfirm");

        Waits.onFx("the question to the daemon", () -> ui.label("#startStage").equals("Checking that the daemon answers…"));
        Waits.until("the launched daemon's pid file", () -> RuntimeDirs.readPidFile(pipe).isPresent());
        long pid = RuntimeDirs.readPidFile(pipe).orElseThrow();
        ProcessIdentity launched = new ProcFsProcessTable().find(pid).orElseThrow().identity();
        robot.clickOn("#startCancel");

        Waits.onFx("the cancel's outcome", () -> ui.label("#startStage").startsWith("Start cancelled:"));
        assertEquals("Start cancelled: the daemon it launched (pid " + pid
                + ") was stopped and no record was written", ui.label("#startStage"));
        // The message wraps inside the field column, as the other messages do, rather than running past it on one line.
        Bounds field = Waits.fx(() -> name.localToScene(name.getLayoutBounds()));
        Label stage = robot.lookup("#startStage").queryAs(Label.class);
        Waits.onFx("the outcome laid out in the field column", () -> {
            Bounds at = stage.localToScene(stage.getLayoutBounds());
            return Math.abs(at.getMinX() - field.getMinX()) < 1 && at.getMaxX() <= field.getMaxX() + 1;
        });
        assertTrue(Waits.fx(() -> stage.getHeight() > stage.getFont().getSize() * 2), "the long outcome takes more than one line");
        assertFalse(new ProcFsProcessTable().isAlive(launched), "the launched daemon is gone");
        assertEquals(List.of(), DaemonPids.onPipe(new ProcFsProcessTable(), pipe),
                "no MPS process serves the pipe directory any more (daemon or the client that asked it)");
        assertFalse(Files.exists(console.host().recordFile("never-c")), "no record");
        assertFalse(Files.exists(pipe.resolve("control")), "no control socket left");
        List<ActivityEntry> activity = Waits.fx(() -> List.copyOf(ui.vm().context().activity().entries()));
        assertEquals(Severity.SKIP, activity.get(activity.size() - 1).severity(),
                "the user's cancel is not a failure in Activity (review L-13): " + activity);

        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startDialog");
        ui.refreshUntil("a refresh after the cancel", () -> !ui.vm().refreshingProperty().get());
        assertTrue(ui.row("never-c").isEmpty(), "no row for the cancelled start");
        guard.assertNoUncaughtErrors();
    }
}
