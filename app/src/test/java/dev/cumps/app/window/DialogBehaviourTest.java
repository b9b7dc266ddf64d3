package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowGuard;
import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.main.NoticeBanner;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.MpsFault;
import dev.cumps.sim.SimConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dialogs driven from the keyboard as a user drives them: Enter presses the safe primary action
 * only when the form is valid, Escape cancels every dialog, Enter never confirms a destructive action;
 * the start dialog flags a taken name or a busy GPU before Start, Cancel aborts a running start
 * through the core's undo, the new daemon is selected after a start, and an error dialog shows the
 * control.log tail in a selectable monospace area that is not cut off.
 */
class DialogBehaviourTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();
    private WindowGuard guard;
    private WindowDriver ui;

    @BeforeEach
    void begin(FxRobot robot) {
        guard = console.guard();
        ui = new WindowDriver(robot, console.window());
    }

    // ------------------------------------------------------------------ the start dialog and its keys

    @Test
    void enterInAValidStartDialogStartsAndTheNewDaemonIsSelected(FxRobot robot) {
        openStartDialog(robot);
        typeName(robot, "enter-a");
        Waits.onFx("Start to be enabled", () -> !startButton(robot).isDisabled());

        robot.type(KeyCode.ENTER);

        ui.dialogGone("#startDialog");
        Waits.onFx("the live row", () -> ui.row("enter-a").map(DaemonRow::live).orElse(false));
        console.host().track(ui.vm().daemon("enter-a").orElseThrow().record());
        Waits.onFx("the new row selected in the table", () -> {
            Object selected = robot.lookup("#daemonsTable").queryAs(TableView.class).getSelectionModel().getSelectedItem();
            return selected instanceof DaemonRow row && row.name().equals("enter-a");
        });
        assertEquals("enter-a", Waits.fx(() -> ui.vm().selectedRowProperty().get().name()));
        assertTrue(ui.notice().startsWith("Started daemon enter-a"), ui.notice());
        NoticeBanner banner = robot.lookup("#notifications").queryAs(NoticeBanner.class);
        assertTrue(Waits.fx(banner::isShowing), "the outcome is shown over the foot of the page");
        assertTrue(Waits.fx(banner::getText).startsWith("Started daemon enter-a"));
        Node header = Waits.fx(() -> robot.lookup("#gpusTable").query().lookup(".column-header-background"));
        Waits.onFx("the banner laid out clear of the GPU table's header", () -> {
            Bounds notice = banner.localToScene(banner.getLayoutBounds());
            Bounds columns = header.localToScene(header.getLayoutBounds());
            return notice.getHeight() > 0 && !notice.intersects(columns);
        });
        guard.assertNoUncaughtErrors();
    }

    @Test
    void enterWhileAGpuRadioHasTheFocusStartsAValidForm(FxRobot robot) {
        openStartDialog(robot);
        typeName(robot, "enter-r");
        robot.clickOn("#startGpu1");
        Waits.onFx("the GPU 1 radio focused and Start enabled", () -> robot.lookup("#startGpu1").query().isFocused()
                && !startButton(robot).isDisabled());

        robot.type(KeyCode.ENTER);

        ui.dialogGone("#startDialog");
        Waits.onFx("the live row", () -> ui.row("enter-r").map(DaemonRow::live).orElse(false));
        console.host().track(ui.vm().daemon("enter-r").orElseThrow().record());
        guard.assertNoUncaughtErrors();
    }

    @Test
    void theStartDialogChoosesAGpuNoLiveDaemonServes(FxRobot robot) {
        console.host().start("busy-0", 0);
        ui.refreshUntil("the daemon on GPU 0", () -> ui.row("busy-0").map(DaemonRow::live).orElse(false));
        openStartDialog(robot);
        assertTrue(Waits.fx(() -> robot.lookup("#startGpu1").queryAs(RadioButton.class).isSelected()), "GPU 1, the free one");
        assertFalse(Waits.fx(() -> robot.lookup("#startGpu0").queryAs(RadioButton.class).isSelected()), "not GPU 0, taken");
        escape(robot, "#startDialog");
    }

    @Test
    void aRelativePipeFolderIsRefusedBeforeStart(FxRobot robot) {
        openStartDialog(robot);
        typeName(robot, "rel-a");
        TextField pipe = robot.lookup("#startPipeDir").queryAs(TextField.class);
        robot.interact(pipe::clear);
        robot.clickOn(pipe).write("pipes/rel-a");
        Waits.onFx("the refusal of the relative folder", () -> ui.label("#startPlanProblem").contains("pipes/rel-a")
                && startButton(robot).isDisabled());
        assertTrue(ui.label("#startPlanProblem").contains("not an absolute path"), ui.label("#startPlanProblem"));
        escape(robot, "#startDialog");
        assertFalse(Files.exists(Path.of("pipes")), "nothing made in the console's working folder");
    }

    @Test
    void theFocusReturnsWhereItWasWhenADialogCloses(FxRobot robot) {
        ui.refreshUntil("both GPUs", () -> ui.vm().gpus().size() == 2);
        Node refresh = robot.lookup("#refreshButton").query();
        robot.interact(refresh::requestFocus);
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        ui.dialog("#startDialog");
        escape(robot, "#startDialog");
        ui.dialogGone("#startDialog");
        Waits.onFx("the focus back on Refresh", () -> refresh.getScene().getFocusOwner() == refresh);
    }

    @Test
    void enterWithAnInvalidNameDoesNothing(FxRobot robot) {
        openStartDialog(robot);
        typeName(robot, "Bad Name");
        Waits.onFx("Start to be disabled", () -> startButton(robot).isDisabled());

        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(Waits.fx(() -> robot.lookup("#startDialog").tryQuery().isPresent()), "the dialog stays open");
        assertEquals("", ui.label("#startStage"), "no start began");
        assertEquals(List.of(), Waits.fx(() -> List.copyOf(ui.vm().context().activity().entries())));
        assertFalse(Files.exists(console.host().recordFile("Bad Name")));
        assertTrue(ui.label("#startNameProblem").contains("invalid daemon name"), ui.label("#startNameProblem"));

        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startDialog");
    }

    @Test
    void aTakenNameAndABusyGpuAreFlaggedBeforeStart(FxRobot robot) {
        DaemonRecord busy = console.host().start("dup-a", 0);
        ui.refreshUntil("the daemon row", () -> ui.row("dup-a").isPresent());
        openStartDialog(robot);

        typeName(robot, "dup-b");
        robot.clickOn("#startGpu0"); // GPU 0, which dup-a has (the dialog opened on the free GPU 1)
        Waits.onFx("the busy GPU flagged", () -> ui.label("#startPlanProblem").contains("already has live daemon 'dup-a'"));
        assertTrue(startButton(robot).isDisabled());
        assertFullyShown(robot, "#startPlanProblem");

        robot.clickOn("#startGpu1");
        Waits.onFx("the flag to go on the free GPU", () -> ui.label("#startPlanProblem").isEmpty() && !startButton(robot).isDisabled());

        typeName(robot, "dup-a");
        Waits.onFx("the taken name flagged", () -> ui.label("#startPlanProblem")
                .equals("daemon 'dup-a' is already running (pid " + busy.pid() + "); stop it first with Stop daemon… or choose another name"));
        assertTrue(startButton(robot).isDisabled());
        assertFullyShown(robot, "#startPlanProblem");
        GridPane form = (GridPane) Waits.fx(() -> robot.lookup("#startName").query().getParent());
        for (Node n : Waits.fx(() -> List.copyOf(form.getChildren()))) {
            if (n instanceof Label label && label.getLabelFor() != null) {
                assertTrue(Waits.fx(() -> label.getWidth() + 0.5 >= label.prefWidth(-1)),
                        "the form label '" + label.getText() + "' is not shortened to …");
            }
        }
        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startDialog");
    }

    @Test
    void cancelDuringASlowStartUndoesItAndLeavesNoRecordAndNoDaemon(FxRobot robot) throws Exception {
        console.host().configure(c -> new SimConfig(c.driverVersion(), c.gpus(), c.smiFault(), MpsFault.SLOW, 120_000));
        openStartDialog(robot);
        typeName(robot, "slow-c");
        Waits.onFx("Start to be enabled", () -> !startButton(robot).isDisabled());
        Path pipe = Path.of(Waits.fx(() -> robot.lookup("#startPipeDir").queryAs(TextField.class).getText()));
        robot.clickOn("#startConfirm");

        // The slow daemon writes its pid file, then waits two minutes before it binds its socket.
        Waits.until("the launched daemon's pid file", () -> RuntimeDirs.readPidFile(pipe).isPresent());
        long pid = RuntimeDirs.readPidFile(pipe).orElseThrow();
        ProcessIdentity launched = new ProcFsProcessTable().find(pid).orElseThrow().identity();
        Waits.onFx("the wait for the socket", () -> ui.label("#startStage").equals("Waiting for the control socket…"));
        Button cancel = robot.lookup("#startCancel").queryButton();
        assertFalse(cancel.isDisabled(), "Cancel stays enabled while starting");
        robot.clickOn(cancel);

        Waits.onFx("the cancel's outcome", () -> ui.label("#startStage").startsWith("Start cancelled:"));
        assertEquals("Start cancelled: the daemon it launched (pid " + pid
                + ") was stopped and no record was written", ui.label("#startStage"));
        assertTrue(Waits.fx(() -> robot.lookup("#startDialog").tryQuery().isPresent()), "the dialog stays to say so");
        assertFalse(new ProcFsProcessTable().isAlive(launched), "the launched daemon is gone");
        assertFalse(Files.exists(console.host().recordFile("slow-c")), "no record");
        assertFalse(Files.exists(pipe.resolve("control")), "no control socket left");

        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startDialog");
        ui.refreshUntil("a refresh after the cancel", () -> !ui.vm().refreshingProperty().get());
        assertTrue(ui.row("slow-c").isEmpty(), "no row for the cancelled start");
        guard.assertNoUncaughtErrors();
    }

    // ------------------------------------------------------------------ destructive confirmations

    @Test
    void enterInTheStopConfirmationDoesNotStop(FxRobot robot) {
        DaemonRecord record = console.host().start("keep-e", 0);
        ui.refreshUntil("the live row", () -> ui.row("keep-e").map(DaemonRow::live).orElse(false));
        ui.select("keep-e");

        robot.clickOn("#stopButton");
        DialogPane confirmation = ui.dialog("#stopConfirmation");
        Waits.onFx("Cancel to have the focus", () -> robot.lookup("#cancelStop").query().isFocused());
        // Even with the focus on Stop, Enter does not press it.
        robot.interact(() -> robot.lookup("#confirmStop").query().requestFocus());
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(Waits.fx(() -> confirmation.getScene().getWindow().isShowing()), "Enter on Stop did nothing");
        robot.interact(() -> robot.lookup("#cancelStop").query().requestFocus());
        robot.type(KeyCode.ENTER);
        ui.dialogGone("#stopConfirmation");

        assertNull(Waits.fx(() -> ui.vm().noticeProperty().get()), "no stop began");
        assertFalse(Waits.fx(() -> ui.vm().busyProperty().get()));
        assertTrue(new ProcFsProcessTable().isAlive(record.identity()), "the daemon runs on with the same pid and start time");
        assertTrue(Files.exists(console.host().recordFile("keep-e")));
    }

    @Test
    void escapeClosesEveryDialog(FxRobot robot) throws Exception {
        DaemonRecord live = console.host().start("esc-live", 0);
        DaemonRecord stale = console.host().start("esc-stale", 1);
        ui.refreshUntil("both rows", () -> ui.row("esc-live").isPresent() && ui.row("esc-stale").isPresent());
        killAndWaitForStale(stale);

        openStartDialog(robot);
        escape(robot, "#startDialog");

        ui.select("esc-live");
        robot.clickOn("#stopButton");
        escape(robot, "#stopConfirmation");

        robot.clickOn("#stopAllButton");
        escape(robot, "#stopAllConfirmation");

        ui.select("esc-stale");
        robot.clickOn("#removeButton");
        escape(robot, "#removeConfirmation");

        assertTrue(new ProcFsProcessTable().isAlive(live.identity()), "nothing was stopped");
        assertTrue(Files.exists(console.host().recordFile("esc-stale")), "nothing was removed");

        console.host().mpsFault(MpsFault.LAUNCH_FAILS);
        openStartDialog(robot);
        robot.clickOn("#startGpu1");
        typeName(robot, "esc-fail");
        Waits.onFx("Start to be enabled", () -> !startButton(robot).isDisabled());
        robot.clickOn("#startConfirm");
        escape(robot, "#startFailed");
        escape(robot, "#startDialog");
        assertEquals(Optional.empty(), ui.row("esc-fail"));
    }

    // ------------------------------------------------------------------ the error dialog

    @Test
    void theStartFailureShowsTheLogTailInAMonospaceAreaThatIsNotCutOff(FxRobot robot) throws Exception {
        console.host().mpsFault(MpsFault.LAUNCH_FAILS);
        openStartDialog(robot);
        typeName(robot, "err-a");
        Waits.onFx("Start to be enabled", () -> !startButton(robot).isDisabled());
        robot.clickOn("#startConfirm");

        DialogPane failed = ui.dialog("#startFailed");
        TextArea log = robot.lookup("#startControlLog").queryAs(TextArea.class);
        String tail = Waits.fx(log::getText);
        assertTrue(tail.contains("Failed to start: error opening pipe directory"), tail);
        assertFalse(Waits.fx(log::isEditable), "read-only");
        assertTrue(Waits.fx(log::isWrapText), "a long log line wraps: its error is at its end, not behind a horizontal scroll bar");
        assertTrue(Waits.fx(() -> monospace(log.getFont())), "monospace: " + Waits.fx(log::getFont));
        Window window = Waits.fx(() -> failed.getScene().getWindow());
        Waits.onFx("the dialog laid out", () -> failed.getWidth() > 0);
        assertTrue(Waits.fx(() -> window.getWidth() + 0.5 >= failed.prefWidth(-1) && window.getHeight() + 0.5 >= failed.prefHeight(
                window.getWidth())), "the dialog is as large as its content wants");
        assertTrue(Waits.fx(() -> log.getHeight() + 0.5 >= log.prefHeight(log.getWidth())), "the log area is not squeezed");
        assertFullyShown(robot, "#startFailedReason");

        robot.clickOn("#startControlLogCopy");
        Waits.until("the copied tail", () -> console.host().clipboard().contains(tail));
        assertEquals("Copied to the clipboard", ui.label("#startControlLogCopied"));
        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startFailed");
        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startDialog");
    }

    // ------------------------------------------------------------------ helpers

    private void openStartDialog(FxRobot robot) {
        ui.refreshUntil("both GPUs", () -> ui.vm().gpus().size() == 2);
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        ui.dialog("#startDialog");
        Waits.onFx("the name field to have the focus", () -> robot.lookup("#startName").query().isFocused());
    }

    private static void typeName(FxRobot robot, String name) {
        TextField field = robot.lookup("#startName").queryAs(TextField.class);
        robot.interact(field::clear);
        robot.clickOn(field).write(name);
    }

    private static Button startButton(FxRobot robot) {
        return robot.lookup("#startConfirm").queryButton();
    }

    private void escape(FxRobot robot, String dialog) {
        DialogPane pane = ui.dialog(dialog);
        robot.interact(() -> pane.getScene().getWindow().requestFocus());
        robot.type(KeyCode.ESCAPE);
        ui.dialogGone(dialog);
    }

    private void killAndWaitForStale(DaemonRecord record) {
        SimulatedConsole.kill(record);
        ui.refreshUntil("the stale row", () -> ui.row(record.name()).map(r -> !r.live()).orElse(false));
    }

    /** The label shows its whole text: no "…", and it is as tall as its wrapped text needs. */
    private static void assertFullyShown(FxRobot robot, String id) {
        Label label = robot.lookup(id).queryAs(Label.class);
        Waits.onFx(id + " laid out", () -> label.getWidth() > 0 && !label.getText().isEmpty());
        // The text node takes the label's text at the next layout pass; cut off, it would end in "…".
        Waits.onFx(id + " shown whole, not cut off", () -> label.getText().equals(((Text) label.lookup(".text")).getText()));
        assertTrue(Waits.fx(() -> label.getHeight() + 0.5 >= label.prefHeight(label.getWidth())), id + " is squeezed");
    }

    /** Whether every character of {@code font} is equally wide. */
    private static boolean monospace(Font font) {
        Text narrow = new Text("iiiiiiiiii");
        Text wide = new Text("WWWWWWWWWW");
        narrow.setFont(font);
        wide.setFont(font);
        return Math.abs(narrow.getLayoutBounds().getWidth() - wide.getLayoutBounds().getWidth()) < 0.5;
    }
}
