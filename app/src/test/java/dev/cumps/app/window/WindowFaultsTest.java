package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowGuard;
import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.MpsFault;
import dev.cumps.sim.SmiFault;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Every fault of the simulated host, injected while the window is open. For each one: no exception
 * reaches the error reporter, the FX thread keeps pulsing while the fault is being dealt with, the
 * window says what went wrong in words, and it recovers once the fault is gone. Faults are switched
 * in the sandbox's {@code sim.json}, which the stand-ins read on every run.
 */
class WindowFaultsTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();
    private WindowGuard guard;
    private WindowDriver ui;

    @BeforeEach
    void begin(FxRobot robot) {
        guard = console.guard();
        ui = new WindowDriver(robot, console.window());
    }

    // ------------------------------------------------------------------ nvidia-smi

    @Test
    void hungNvidiaSmi(FxRobot robot) throws Exception {
        console.host().smiFault(SmiFault.HANG);
        guard.watchWhile(() -> console.window().viewModel().refreshingProperty().get());
        robot.clickOn("#refreshButton");
        // nvidia-smi hangs until the core gives up (5 s): the FX thread keeps drawing meanwhile,
        // and a click is answered.
        guard.awaitPulsesWhile("nvidia-smi hangs", 10);
        robot.clickOn("#pauseButton");
        assertTrue(Waits.fx(() -> robot.lookup("#pauseButton").queryAs(ToggleButton.class).isSelected()), "the click was handled");

        Waits.onFx("the hung refresh to end", () -> !console.window().viewModel().refreshingProperty().get());
        assertDiagnostic("nvidia-smi did not answer within 5 s and was stopped; the driver may be hung");
        assertEquals("nvidia-smi: unavailable", ui.label("#smiStatus"));
        // The empty GPU table does not claim there are no GPUs: it says why none are listed.
        assertEquals("No GPUs found: nvidia-smi did not answer within 5 s and was stopped; the driver may be hung",
                Waits.fx(() -> ((Label) robot.lookup("#gpusTable").queryAs(TableView.class).getPlaceholder()).getText()));
        recoverSmi();
    }

    @Test
    void failingNvidiaSmi(FxRobot robot) throws Exception {
        healthyRefresh();
        console.host().smiFault(SmiFault.FAIL);
        ui.refreshUntil("the GPU table to empty", () -> console.window().viewModel().gpus().isEmpty());
        assertDiagnostic("NVIDIA-SMI has failed");
        assertEquals("nvidia-smi: unavailable", ui.label("#smiStatus"));
        guard.awaitPulses("with nvidia-smi failing", 10);
        recoverSmi();
    }

    @Test
    void garbageFromNvidiaSmi(FxRobot robot) throws Exception {
        healthyRefresh();
        console.host().smiFault(SmiFault.GARBAGE);
        ui.refreshUntil("the GPU table to empty", () -> console.window().viewModel().gpus().isEmpty());
        assertDiagnostic("nvidia-smi printed a malformed row 1");
        guard.awaitPulses("with nvidia-smi printing garbage", 10);
        recoverSmi();
    }

    private void healthyRefresh() {
        ui.refreshUntil("both GPUs", () -> console.window().viewModel().gpus().size() == 2);
        assertFalse(Waits.fx(() -> isShown("#diagnostic")), "no diagnostic before the fault");
    }

    private boolean isShown(String id) {
        return ui.robot().lookup(id).query().isVisible();
    }

    private void assertDiagnostic(String words) {
        Waits.onFx("the diagnostic to say " + words, () -> isShown("#diagnostic") && ui.label("#diagnostic").contains(words));
        assertFalse(ui.label("#diagnostic").startsWith("Refresh failed"), "a fault is a diagnostic, not a failed refresh");
        guard.assertNoUncaughtErrors();
    }

    /** The fault ends: the next refresh fills the GPU table again and the diagnostic goes. */
    private void recoverSmi() throws IOException {
        console.host().smiFault(SmiFault.NONE);
        ui.refreshUntil("the GPU table to fill again", () -> console.window().viewModel().gpus().size() == 2);
        assertEquals(2, (int) Waits.fx(() -> ui.robot().lookup("#gpusTable").queryAs(TableView.class).getItems().size()));
        Waits.onFx("the diagnostic to go", () -> !isShown("#diagnostic"));
        assertEquals("nvidia-smi: available", ui.label("#smiStatus"));
        guard.assertNoUncaughtErrors();
    }

    // ------------------------------------------------------------------ launches

    @Test
    void aLaunchThatFailsShowsTheErrorWithTheControlLogAndTheNextStartWorks(FxRobot robot) throws Exception {
        console.host().mpsFault(MpsFault.LAUNCH_FAILS);
        openStartDialog("lf-a");
        clickStart();

        DialogPane failed = ui.dialog("#startFailed");
        assertEquals("The daemon did not start", failed.getHeaderText());
        assertEquals("Daemon 'lf-a' did not start: the daemon reported an error while starting", failed.getContentText());
        String log = Waits.fx(() -> ui.robot().lookup("#startControlLog").queryAs(TextArea.class).getText());
        assertTrue(log.contains("Failed to start: error opening pipe directory"), "the control.log tail is shown: " + log);
        assertTrue(ui.notice().startsWith("Start failed: Daemon 'lf-a' did not start: the daemon reported an error"), ui.notice());
        guard.awaitPulses("with the failure shown", 10);
        assertFalse(Files.exists(console.host().recordFile("lf-a")), "no record of a failed start");
        closeAlert(failed);

        console.host().mpsFault(MpsFault.NONE);
        startAgainAndSeeItLive("lf-a");
    }

    @Test
    void aMuteDaemonIsReportedAndTheNextStartWorks(FxRobot robot) throws Exception {
        console.host().mpsFault(MpsFault.NO_ANSWER);
        openStartDialog("mute-a");
        // Start is disabled while the start runs (Cancel stays enabled to abort it).
        Button start = ui.robot().lookup("#startConfirm").queryButton();
        guard.watchWhile(start::isDisabled);
        clickStart();
        // The core waits for an answer (5 s) before it gives up: the window keeps drawing.
        guard.awaitPulsesWhile("the start waits for a daemon that never answers", 10);

        DialogPane failed = ui.dialog("#startFailed");
        assertTrue(failed.getContentText().startsWith("Daemon 'mute-a' did not start: the daemon did not answer get_server_list"),
                failed.getContentText());
        assertTrue(ui.notice().startsWith("Start failed: Daemon 'mute-a' did not start: the daemon did not answer"), ui.notice());
        assertFalse(Files.exists(console.host().recordFile("mute-a")), "no record of a failed start");
        closeAlert(failed);

        console.host().mpsFault(MpsFault.NONE);
        startAgainAndSeeItLive("mute-a");
    }

    @Test
    void aSlowDaemonIsWaitedForWithProgressShown(FxRobot robot) throws Exception {
        console.host().mpsFault(MpsFault.SLOW);
        openStartDialog("slow-a");
        Button start = ui.robot().lookup("#startConfirm").queryButton();
        List<String> progress = new CopyOnWriteArrayList<>();
        ui.robot().interact(() -> ui.robot().lookup("#startStage").queryAs(Label.class)
                .textProperty().addListener((obs, old, text) -> progress.add(text)));
        guard.watchWhile(start::isDisabled);
        clickStart();
        guard.awaitPulsesWhile("the start waits for the slow daemon's socket", 10);

        ui.dialogGone("#startDialog");
        assertTrue(progress.contains("Waiting for the control socket…"), "the progress line said what it waited for: " + progress);
        Waits.onFx("the new row", () -> ui.row("slow-a").map(DaemonRow::live).orElse(false));
        console.host().track(ui.vm().daemon("slow-a").orElseThrow().record());
        assertTrue(ui.notice().startsWith("Started daemon slow-a"), ui.notice());
    }

    /**
     * The {@code dies} stand-in halts 1.5 s after binding its socket, which on its own races the
     * start's answer check. Here the race is decided: the {@code nvidia-cuda-mps-control} the core
     * runs to ask the daemon first waits until the daemon has died, so the start always meets a dead
     * daemon. (The other outcome, a recorded daemon that dies later, is the killed-by-pid test.)
     */
    @Test
    void aDaemonThatDiesBeforeTheStartConfirmsItIsReportedAndTheNextStartWorks(FxRobot robot) throws Exception {
        console.host().mpsFault(MpsFault.DIES);
        Path control = console.host().sandbox().resolve("bin").resolve("nvidia-cuda-mps-control");
        Path real = control.resolveSibling("nvidia-cuda-mps-control.real");
        Files.move(control, real);
        Files.writeString(control, String.join("\n",
                "#!/bin/sh",
                "# Test wrapper: asking a daemon (no -d/-f) waits until that daemon has exited.",
                "case \"$1\" in -d|-f) exec '" + real + "' \"$@\" ;; esac",
                "pidfile=\"$CUDA_MPS_PIPE_DIRECTORY/nvidia-cuda-mps-control.pid\"",
                "if [ -f \"$pidfile\" ]; then",
                "  pid=$(cat \"$pidfile\")",
                "  while [ -r \"/proc/$pid/stat\" ] && ! grep -q ') Z ' \"/proc/$pid/stat\"; do sleep 0.05; done",
                "fi",
                "exec '" + real + "' \"$@\"", ""));
        Files.setPosixFilePermissions(control, PosixFilePermissions.fromString("rwx------"));

        openStartDialog("dies-a");
        // Start is disabled while the start runs (Cancel stays enabled to abort it).
        Button start = ui.robot().lookup("#startConfirm").queryButton();
        guard.watchWhile(start::isDisabled);
        clickStart();
        guard.awaitPulsesWhile("the start waits on the dying daemon", 10);
        DialogPane failed = ui.dialog("#startFailed");
        assertTrue(failed.getContentText().startsWith("Daemon 'dies-a' did not start: the daemon did not answer get_server_list"),
                failed.getContentText());
        assertTrue(ui.notice().startsWith("Start failed: Daemon 'dies-a' did not start"), ui.notice());
        assertFalse(Files.exists(console.host().recordFile("dies-a")), "no record of a daemon that died while starting");
        ui.refreshUntil("a refresh after the failed start", () -> !console.window().viewModel().refreshingProperty().get());
        assertTrue(ui.row("dies-a").isEmpty(), "no row for the dead daemon");
        closeAlert(failed);

        Files.move(real, control, StandardCopyOption.REPLACE_EXISTING);
        console.host().mpsFault(MpsFault.NONE);
        startAgainAndSeeItLive("dies-a");
    }

    private void openStartDialog(String name) {
        ui.refreshUntil("both GPUs", () -> console.window().viewModel().gpus().size() == 2);
        FxRobot robot = ui.robot();
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        ui.dialog("#startDialog");
        TextField field = robot.lookup("#startName").queryAs(TextField.class);
        robot.interact(field::clear);
        robot.clickOn(field).write(name);
        Button start = robot.lookup("#startConfirm").queryButton();
        Waits.onFx("Start to be enabled", () -> !start.isDisabled());
    }

    private void clickStart() {
        ui.robot().clickOn("#startConfirm");
    }

    private void closeAlert(DialogPane alert) {
        ui.robot().clickOn(ui.robot().from(alert).lookup(".button").queryButton());
        ui.dialogGone("#startFailed");
    }

    /** The start dialog stayed open after the failure: Start again, now without the fault. */
    private void startAgainAndSeeItLive(String name) {
        Waits.onFx("Start to be enabled again", () -> !ui.robot().lookup("#startConfirm").queryButton().isDisabled());
        clickStart();
        ui.dialogGone("#startDialog");
        Waits.onFx("the live row " + name, () -> ui.row(name).map(DaemonRow::live).orElse(false));
        console.host().track(ui.vm().daemon(name).orElseThrow().record());
        assertTrue(ui.notice().startsWith("Started daemon " + name), ui.notice());
        guard.assertNoUncaughtErrors();
    }

    // ------------------------------------------------------------------ daemons and records behind the window's back

    @Test
    void aDaemonKilledUnderTheWindowTurnsStaleAndItsRecordCanBeRemoved(FxRobot robot) throws Exception {
        DaemonRecord record = console.host().start("victim", 0);
        autoRefresh(robot);
        Waits.onFx("the live row", () -> ui.row("victim").map(DaemonRow::live).orElse(false));
        ui.select("victim");

        SimulatedConsole.kill(record);

        Waits.onFx("the row to turn stale", () -> ui.row("victim").map(r -> r.state() == RecordLook.STALE).orElse(false));
        Waits.onFx("the word stale in the table", () -> robot.lookup("stale").tryQuery().isPresent());
        assertTrue(robot.lookup("#stopButton").queryButton().isDisabled(), "a stale daemon cannot be stopped");
        guard.awaitPulses("with the stale row shown", 10);

        robot.clickOn("#removeButton");
        DialogPane confirmation = ui.dialog("#removeConfirmation");
        robot.clickOn(robot.from(confirmation).lookup("#confirmRemove").queryButton());
        Waits.onFx("the row to go", () -> ui.row("victim").isEmpty());
        assertTrue(ui.notice().startsWith("Moved record victim to "), ui.notice());
        assertFalse(Files.exists(console.host().recordFile("victim")));
    }

    @Test
    void recordsAddedCorruptedAndDeletedBehindTheWindowsBack(FxRobot robot) throws Exception {
        autoRefresh(robot);
        Waits.onFx("a first refresh", () -> console.window().viewModel().gpus().size() == 2);

        console.host().start("added", 0);
        console.host().start("doomed", 1);
        Waits.onFx("the added records as live rows", () -> ui.row("added").map(DaemonRow::live).orElse(false)
                && ui.row("doomed").map(DaemonRow::live).orElse(false));

        Files.writeString(console.host().recordFile("added"), "{ \"name\": \"added\", \"pid\": ");
        Waits.onFx("the corrupted record as an unreadable row",
                () -> ui.row("added").map(r -> r.state() == RecordLook.UNREADABLE).orElse(false));
        String reason = ui.row("added").orElseThrow().reason().orElseThrow();
        assertTrue(reason.startsWith("not valid JSON"), reason);
        // Hold the table still while hovering (the row is rebuilt on every refresh, which restarts the tooltip's delay).
        robot.clickOn("#pauseButton");
        assertEquals(reason, ui.hoverTooltip(ui.nameCell("added")), "the row's tooltip says why");
        robot.clickOn("#pauseButton");

        Files.delete(console.host().recordFile("doomed"));
        Files.delete(console.host().recordFile("doomed").getParent());
        Waits.onFx("the deleted record's row to go", () -> ui.row("doomed").isEmpty());
        guard.awaitPulses("with records changing behind the window", 10);
        guard.assertNoUncaughtErrors();

        // Recovery: the unreadable record is moved aside from the window.
        ui.select("added");
        robot.clickOn("#removeButton");
        DialogPane confirmation = ui.dialog("#removeConfirmation");
        assertEquals("Remove the unreadable record added?", confirmation.getHeaderText());
        robot.clickOn(robot.from(confirmation).lookup("#confirmRemove").queryButton());
        Waits.onFx("the unreadable row to go", () -> ui.row("added").isEmpty());
        assertEquals(List.of(), Waits.fx(() -> List.copyOf(console.window().viewModel().daemons())));
        assertFalse(Files.exists(console.host().recordFile("added")));
    }

    private void autoRefresh(FxRobot robot) {
        robot.interact(() -> {
            console.window().viewModel().intervalSecondsProperty().set(1);
            console.window().refresh().start();
        });
    }
}
