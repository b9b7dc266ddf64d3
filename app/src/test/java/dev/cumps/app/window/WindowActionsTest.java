package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowGuard;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's actions clicked as a user clicks them, each checked by what the user then sees
 * (dialogs, rows, notices, the clipboard, a file) and by what happened on the host (processes,
 * records). Against a private simulated host with real stand-in processes.
 */
class WindowActionsTest {

    /** Where the doctor's Export writes: what the save dialog would answer. */
    private final List<Window> chooserOwners = new CopyOnWriteArrayList<>();
    private volatile Optional<Path> chosenFile = Optional.empty();
    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded()
            .withPanes((viewModels, main) -> ConsoleWindow.standardPanes(viewModels, main, owner -> {
                chooserOwners.add(owner);
                return chosenFile;
            }));
    private WindowGuard guard;
    private WindowDriver ui;

    @BeforeEach
    void begin(FxRobot robot) {
        guard = console.guard();
        ui = new WindowDriver(robot, console.window());
    }

    @Test
    void stopAllListsWhatItWillDoThenStopsTheLiveDaemonsAndCleansTheStaleRecord(FxRobot robot) throws Exception {
        DaemonRecord c = console.host().start("all-c", 0);
        SimulatedConsole.kill(c);
        DaemonRecord a = console.host().start("all-a", 0);
        DaemonRecord b = console.host().start("all-b", 1);
        ui.refreshUntil("three rows, one stale", () -> ui.vm().daemons().size() == 3
                && ui.vm().daemons().stream().filter(r -> r.state() == RecordLook.STALE).count() == 1);

        robot.clickOn("#stopAllButton");
        DialogPane confirmation = ui.dialog("#stopAllConfirmation");
        assertTrue(confirmation.getHeaderText().contains("(2 at the last refresh"), confirmation.getHeaderText());
        assertEquals("all-a\nall-b\nall-c (stale)", confirmation.getContentText());
        robot.clickOn(robot.from(confirmation).lookup("#confirmStopAll").queryButton());

        Waits.onFx("the outcome per record", () -> robot.lookup("#stopAllOutcomes").tryQuery().isPresent());
        VBox lines = robot.lookup("#stopAllOutcomes").queryAs(VBox.class);
        List<String> shown = Waits.fx(() -> robot.from(lines).lookup(".label").queryAllAs(Label.class).stream()
                .map(Label::getText).sorted().toList());
        assertEquals(3, shown.size(), shown.toString());
        // Each record's own sentence, naming it once (review L-12), sorted: Record… before Stopped….
        assertTrue(shown.get(0).startsWith("Record 'all-c' was stale (") && shown.get(0).endsWith("nothing was signalled"),
                shown.toString());
        assertTrue(shown.get(1).startsWith("Stopped daemon 'all-a' (pid " + a.pid() + ")"), shown.toString());
        assertTrue(shown.get(2).startsWith("Stopped daemon 'all-b' (pid "), shown.toString());
        assertEquals("Stop all: 2 stopped, 1 cleaned or failed.", ui.notice());

        ProcFsProcessTable processes = new ProcFsProcessTable();
        assertFalse(processes.isAlive(a.identity()), "all-a stopped");
        assertFalse(processes.isAlive(b.identity()), "all-b stopped");
        for (String name : List.of("all-a", "all-b", "all-c")) {
            assertFalse(Files.exists(console.host().recordFile(name)), name + " record gone");
        }
        Waits.onFx("the table to empty", () -> ui.vm().daemons().isEmpty());
        guard.assertNoUncaughtErrors();
    }

    @Test
    void stopAllCancelledSignalsNothing(FxRobot robot) {
        DaemonRecord a = console.host().start("keep-a", 0);
        ui.refreshUntil("the live row", () -> ui.vm().daemons().size() == 1);

        robot.clickOn("#stopAllButton");
        DialogPane confirmation = ui.dialog("#stopAllConfirmation");
        assertEquals("keep-a", confirmation.getContentText());
        robot.clickOn(button(robot, confirmation, "Cancel"));
        // The dialog's hidden handler runs before it is gone: a confirmed stop-all would have set
        // "Stopping all daemons…" and busy by then.
        ui.dialogGone("#stopAllConfirmation");
        assertNull(Waits.fx(() -> ui.vm().noticeProperty().get()));
        assertFalse(Waits.fx(() -> ui.vm().busyProperty().get()));
        assertTrue(new ProcFsProcessTable().isAlive(a.identity()), "nothing was stopped");
        assertTrue(Files.exists(console.host().recordFile("keep-a")));
    }

    @Test
    void removeRecordMovesTheStaleRecordAsideAfterConfirmation(FxRobot robot) throws Exception {
        DaemonRecord gone = console.host().start("rm-stale", 0);
        SimulatedConsole.kill(gone);
        ui.refreshUntil("the stale row", () -> ui.vm().daemons().size() == 1
                && ui.vm().daemons().get(0).state() == RecordLook.STALE);
        ui.select("rm-stale");
        Button remove = robot.lookup("#removeButton").queryButton();
        assertFalse(remove.isDisabled());
        assertTrue(robot.lookup("#stopButton").queryButton().isDisabled(), "a stale record cannot be stopped");

        robot.clickOn(remove);
        DialogPane confirmation = ui.dialog("#removeConfirmation");
        assertEquals("Remove the stale record rm-stale?", confirmation.getHeaderText());
        robot.clickOn(robot.from(confirmation).lookup("#confirmRemove").queryButton());

        Waits.onFx("the remove notice", () -> ui.notice().startsWith("Moved record rm-stale to "));
        assertTrue(ui.notice().endsWith("; nothing was signalled."), ui.notice());
        Waits.onFx("the row to go", () -> ui.vm().daemons().isEmpty());
        assertFalse(Files.exists(console.host().recordFile("rm-stale")));
        Path aside = Path.of(ui.notice().substring("Moved record rm-stale to ".length(),
                ui.notice().length() - "; nothing was signalled.".length()));
        assertTrue(Files.isRegularFile(aside.resolve("daemon.json")), "the record was kept aside at " + aside);
        ActivityEntry entry = lastActivity();
        assertEquals("Remove record rm-stale", entry.action());
        assertTrue(entry.success());
    }

    @Test
    void theUnreadableRowSaysWhyInItsTooltip(FxRobot robot) throws Exception {
        console.host().writeUnreadableRecord("broken");
        ui.refreshUntil("the unreadable row", () -> ui.vm().daemons().size() == 1);
        String reason = ui.row("broken").orElseThrow().reason().orElseThrow();
        assertEquals(RecordLook.UNREADABLE, ui.row("broken").orElseThrow().state());
        Waits.onFx("the state column to say unreadable", () -> robot.lookup("unreadable").tryQuery().isPresent());

        String tooltip = ui.hoverTooltip(ui.nameCell("broken"));
        assertEquals(reason, tooltip);
        assertFalse(reason.isBlank());
    }

    @Test
    void exportAsksWhereAndWritesTheDoctorReportThere(FxRobot robot, @TempDir Path dir) throws Exception {
        robot.clickOn("#doctorNav");
        Waits.onFx("the doctor page", () -> robot.lookup("#doctorExport").tryQuery().isPresent());
        Button export = robot.lookup("#doctorExport").queryButton();
        assertTrue(export.isDisabled(), "nothing to export before a run");
        robot.clickOn("#doctorRun");
        Waits.onFx("the doctor report", () -> !export.isDisabled());
        robot.clickOn("#doctorCopy");
        Waits.until("the copied report", () -> console.host().clipboard().size() == 1);
        String markdown = console.host().clipboard().get(0);

        Path md = dir.resolve("report.md");
        chosenFile = Optional.of(md);
        robot.clickOn(export);
        assertEquals(List.of(console.stage()), chooserOwners, "Export asked once, in a dialog owned by the window");
        awaitExported(md);
        assertEquals(markdown, Files.readString(md), "the Markdown file is the report Copy gave");

        Path json = dir.resolve("report.json");
        chosenFile = Optional.of(json);
        robot.clickOn(export);
        awaitExported(json);
        String text = Files.readString(json);
        assertTrue(text.startsWith("{") && text.endsWith("}\n"), "JSON by the .json name: " + text);
        assertTrue(text.contains("\"checks\"") && text.contains("\"schema_version\""), text);
    }

    private void awaitExported(Path file) {
        Waits.onFx("the export of " + file + " in the activity log", () -> {
            List<ActivityEntry> entries = console.window().viewModel().context().activity().entries();
            return !entries.isEmpty() && entries.get(entries.size() - 1).outcome().equals("Saved " + file);
        });
        ActivityEntry entry = lastActivity();
        assertEquals("Export doctor report", entry.action());
        assertTrue(entry.success());
        assertTrue(Files.isRegularFile(file));
    }

    @Test
    void exportCancelledInTheChooserWritesNothing(FxRobot robot) {
        chosenFile = Optional.empty();
        robot.clickOn("#doctorNav");
        Waits.onFx("the doctor page", () -> robot.lookup("#doctorExport").tryQuery().isPresent());
        Button export = robot.lookup("#doctorExport").queryButton();
        robot.clickOn("#doctorRun");
        Waits.onFx("the doctor report", () -> !export.isDisabled());
        int before = Waits.fx(() -> console.window().viewModel().context().activity().entries().size());

        robot.clickOn(export);
        // The chooser answered "cancelled" inside the click handler, which has run to its end.
        assertEquals(1, chooserOwners.size());
        assertEquals(before, (int) Waits.fx(() -> console.window().viewModel().context().activity().entries().size()),
                "no export was attempted");
    }

    /** The newest entry of the activity log. */
    private ActivityEntry lastActivity() {
        return Waits.fx(() -> {
            List<ActivityEntry> entries = console.window().viewModel().context().activity().entries();
            return entries.get(entries.size() - 1);
        });
    }

    private static Button button(FxRobot robot, DialogPane dialog, String text) {
        return robot.from(dialog).lookup((Button b) -> text.equals(b.getText())).queryButton();
    }

    @Test
    void ctrlShiftCCopiesTheSelectedDaemonsEnvBlock(FxRobot robot) {
        console.host().start("env-a", 1);
        ui.refreshUntil("the live row", () -> ui.vm().daemons().size() == 1);
        ui.select("env-a");
        String posix = console.host().services().env().launchEnvironment(Optional.of("env-a")).posix();
        // A tab's content joins the scene when the tab is first opened (a faster first show).
        assertTrue(Waits.fx(() -> robot.lookup("#envBlock").tryQuery().isEmpty()), "the Env pane before its tab is opened");
        robot.clickOn("#envNav");
        Waits.onFx("the env block", () -> posix.equals(robot.lookup("#envBlock").queryAs(TextArea.class).getText()));

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C).release(KeyCode.C, KeyCode.SHIFT, KeyCode.CONTROL);

        Waits.until("the clipboard", () -> !console.host().clipboard().isEmpty());
        assertEquals(List.of(posix), console.host().clipboard());
        assertEquals("Copy env block of env-a", lastActivity().action());
    }

    @Test
    void pauseStopsTheAutomaticRefreshAndResumeRestartsItAtTheChosenInterval(FxRobot robot) {
        AtomicInteger applied = new AtomicInteger();
        // Each applied refresh shows a new "Last refresh HH:mm:ss" (the interval is 1 s); an unchanged table is not touched.
        robot.interact(() -> console.window().viewModel().summary().lastRefreshProperty().addListener((obs, old, now) -> applied.incrementAndGet()));
        robot.clickOn("#refreshInterval");
        robot.clickOn("every 1 s");
        Waits.onFx("the interval to be 1 s", () -> ui.vm().intervalSecondsProperty().get() == 1);
        robot.interact(() -> console.window().refresh().start());

        Waits.until("two automatic refreshes", () -> applied.get() >= 2);
        Waits.until("a third automatic refresh", () -> applied.get() >= 3);

        robot.clickOn("#pauseButton");
        assertTrue(Waits.fx(() -> robot.lookup("#pauseButton").queryAs(ToggleButton.class).isSelected()));
        assertTrue(Waits.fx(() -> ui.vm().pausedProperty().get()));
        assertEquals("Resume", Waits.fx(() -> robot.lookup("#pauseButton").queryAs(ToggleButton.class).getText()),
                "the paused state is shown: the button offers to resume");
        assertTrue(Waits.fx(() -> robot.lookup("#refreshInterval").query().isDisabled()), "no interval to choose while paused");
        WaitForAsyncUtils.waitForFxEvents(); // a refresh already handed to the FX thread lands now
        int atPause = applied.get();
        String shownAtPause = ui.label("#lastRefresh");
        assertTrue(shownAtPause.startsWith("Last refresh"), shownAtPause);
        ui.observeFor(3.5); // three and a half intervals of 1 s
        assertEquals(atPause, applied.get(), "no automatic refresh while paused");
        assertEquals(shownAtPause, ui.label("#lastRefresh"), "the last-refresh time stands still while paused");

        robot.clickOn("#pauseButton");
        assertEquals("Pause", Waits.fx(() -> robot.lookup("#pauseButton").queryAs(ToggleButton.class).getText()));
        Waits.until("the refresh to resume", () -> applied.get() >= atPause + 2);
        Waits.onFx("the last-refresh time to move again", () -> !ui.label("#lastRefresh").equals(shownAtPause));
    }
}
