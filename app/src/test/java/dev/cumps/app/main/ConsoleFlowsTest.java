package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** The start and stop flows as a user drives them, against real stand-in processes. */
class ConsoleFlowsTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);


    private MainViewModel vm() {
        return console.window().viewModel();
    }

    private void refreshUntil(FxRobot robot, Callable<Boolean> condition) throws Exception {
        robot.clickOn("#refreshButton");
        WindowFixture.waitUntil(condition);
    }

    private void selectRow(FxRobot robot, String name) throws Exception {
        Predicate<Node> nameCell = n -> n instanceof TableCell<?, ?> c && name.equals(c.getText())
                && c.isVisible() && c.getTableView() != null && "daemonsTable".equals(c.getTableView().getId());
        // As WindowDriver.select: with the 1 s automatic refresh replacing the row, a click that lands
        // while the table lays it out again can miss on a busy machine; look the cell up and click again.
        Waits.until(name + " selected", () -> {
            if (!selected(name)) {
                WindowFixture.waitUntil(() -> robot.lookup(nameCell).tryQuery().isPresent());
                robot.clickOn(robot.lookup(nameCell).<Node>query());
            }
            return selected(name);
        });
    }

    private boolean selected(String name) {
        return Waits.fx(() -> vm().selectedRowProperty().get() != null && vm().selectedRowProperty().get().name().equals(name));
    }

    private String notice(FxRobot robot) {
        return robot.lookup("#notice").queryAs(Label.class).getText();
    }

    @Test
    void startFromTheDialogValidatesTheNameAndStartsTheDaemon(FxRobot robot) throws Exception {
        refreshUntil(robot, () -> vm().gpus().size() == 2);
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        WindowFixture.waitUntil(() -> robot.lookup("#startDialog").tryQuery().isPresent());

        assertTrue(robot.lookup("#startGpu0").queryAs(RadioButton.class).isSelected());
        assertTrue(robot.lookup("#startGpuSeveral").queryAs(RadioButton.class).isDisabled(), "several GPUs is shown disabled");
        assertTrue(robot.lookup("#startGpuAll").queryAs(RadioButton.class).isDisabled(), "all GPUs is shown disabled");
        assertTrue(robot.lookup("only single-GPU runs today").tryQuery().isPresent(), "the reason is shown");
        TextField name = robot.lookup("#startName").queryAs(TextField.class);
        assertTrue(name.getText().startsWith("gpu-5f0c1a2e"), "prefilled with the core default: " + name.getText());
        Button start = robot.lookup("#startConfirm").queryAs(Button.class);

        robot.clickOn("#startGpu1");
        robot.interact(name::clear);
        robot.clickOn(name).write("Bad Name");
        WindowFixture.waitUntil(start::isDisabled);
        assertTrue(robot.lookup("#startNameProblem").queryAs(Label.class).getText().contains("invalid daemon name"));

        robot.interact(name::clear);
        robot.clickOn(name).write("ui-a");
        WindowFixture.waitUntil(() -> !start.isDisabled());
        robot.clickOn(start);
        WindowFixture.waitUntil(() -> robot.lookup("#startDialog").tryQuery().isEmpty());
        WindowFixture.waitUntil(() -> vm().daemons().size() == 1);

        DaemonRow row = vm().daemons().get(0);
        console.host().track(vm().daemon(row.name()).orElseThrow().record());
        assertEquals("ui-a", row.name());
        assertEquals(RecordLook.LIVE, row.state());
        assertEquals("GPU-5f0c1a2e-0000-4000-8000-000000000001", row.gpu());
        assertTrue(notice(robot).startsWith("Started daemon ui-a"), notice(robot));
        NoticeBanner notification = robot.lookup("#notifications").queryAs(NoticeBanner.class);
        assertTrue(notification.isShowing(), "the success notification slides in");
        assertTrue(notification.getText().startsWith("Started daemon ui-a"), notification.getText());
        ActivityEntry entry = vm().context().activity().entries().get(0);
        assertTrue(entry.success());
        assertEquals("Start daemon ui-a", entry.action());
    }

    @Test
    void stopShowsTheEvidenceAndStopsAfterConfirmation(FxRobot robot) throws Exception {
        DaemonRecord record = console.host().start("ui-b", 0);
        refreshUntil(robot, () -> vm().daemons().size() == 1);
        // Looked up on the FX thread: the refresh may be changing the scene graph, and a lookup walking it
        // from the test thread then fails with an IndexOutOfBoundsException.
        Button stop = Waits.fx(() -> robot.lookup("#stopButton").queryAs(Button.class));
        assertTrue(stop.isDisabled(), "nothing selected yet");

        selectRow(robot, "ui-b");
        assertFalse(stop.isDisabled());
        robot.clickOn(stop);
        WindowFixture.waitUntil(() -> robot.lookup("#stopConfirmation").tryQuery().isPresent());

        assertEquals(Long.toString(record.pid()), robot.lookup("#evidencePid").queryAs(Label.class).getText());
        assertEquals(Long.toString(record.processStartTicks()), robot.lookup("#evidenceRecorded").queryAs(Label.class).getText());
        assertEquals(Long.toString(record.processStartTicks()), robot.lookup("#evidenceCurrent").queryAs(Label.class).getText());
        assertEquals(record.pipeDirectory().toString(), robot.lookup("#evidencePipe").queryAs(Label.class).getText());
        assertEquals(record.gpuUuids().get(0), robot.lookup("#evidenceGpu").queryAs(Label.class).getText());

        robot.clickOn("#confirmStop");
        WindowFixture.waitUntil(() -> notice(robot).startsWith("Stopped daemon ui-b"));
        WindowFixture.waitUntil(() -> vm().daemons().isEmpty());
        assertFalse(new ProcFsProcessTable().isAlive(record.identity()));
        assertTrue(vm().context().activity().entries().get(0).success());
    }

    @Test
    void aKilledDaemonTurnsStaleInTheTableOnTheNextAutomaticRefresh(FxRobot robot) throws Exception {
        DaemonRecord record = console.host().start("ui-c", 0);
        robot.interact(() -> {
            vm().intervalSecondsProperty().set(1);
            console.window().refresh().start();
        });
        WindowFixture.waitUntil(() -> vm().daemons().size() == 1 && vm().daemons().get(0).live());
        selectRow(robot, "ui-c");

        SimulatedConsole.kill(record);

        WindowFixture.waitUntil(() -> vm().daemons().get(0).state() == RecordLook.STALE);
        WindowFixture.waitUntil(() -> robot.lookup("stale").tryQuery().isPresent());
        assertTrue(robot.lookup("#stopButton").queryAs(Button.class).isDisabled(), "a stale record cannot be stopped");
        assertFalse(robot.lookup("#removeButton").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup(".state-icon").queryAll().stream()
                .anyMatch(icon -> icon.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("stale"))),
                "the state icon shows the stale shape");
    }

    @Test
    void stopRefusesARecordMadeStaleBetweenSelectionAndConfirmation(FxRobot robot) throws Exception {
        DaemonRecord record = console.host().start("ui-d", 1);
        refreshUntil(robot, () -> vm().daemons().size() == 1);
        selectRow(robot, "ui-d");
        robot.type(KeyCode.DELETE);
        WindowFixture.waitUntil(() -> robot.lookup("#stopConfirmation").tryQuery().isPresent());

        SimulatedConsole.kill(record);
        robot.clickOn("#confirmStop");

        WindowFixture.waitUntil(() -> notice(robot).contains("was stale"));
        assertTrue(notice(robot).contains("nothing was signalled"), notice(robot));
        WindowFixture.waitUntil(() -> robot.lookup("#stopOutcome").tryQuery().isPresent());
        String dialog = robot.lookup("#stopOutcome").queryAs(DialogPane.class).getContentText();
        assertTrue(dialog.contains("was stale") && dialog.contains("nothing was signalled"), "the dialog says it: " + dialog);
        WindowFixture.waitUntil(() -> vm().daemons().isEmpty());
        ActivityEntry entry = vm().context().activity().entries().get(0);
        assertTrue(entry.outcome().contains("nothing was signalled"), entry.outcome());
    }
}
