package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.status.HostStatus;
import dev.cumps.sim.Simulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The doctor result in the real window follows the host: it is marked out of date when a daemon is
 * stopped outside the window (through the core's stop, as {@code cumps stop} runs it, not through
 * any view model) and the next refresh shows it, and it runs again by itself after a stop made in
 * the window.
 */
class DoctorFreshnessWindowTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    private final List<ProcessIdentity> clients = new ArrayList<>();

    /** Ends the clients this test attached that still run (by pid and start time); their daemons are stopped by the host. */
    @AfterEach
    void endClients() {
        ProcFsProcessTable processes = new ProcFsProcessTable();
        clients.forEach(processes::terminate);
    }

    private MainViewModel vm() {
        return console.window().viewModel();
    }

    private void selectRow(FxRobot robot, String name) throws Exception {
        Predicate<Node> nameCell = n -> n instanceof TableCell<?, ?> c && name.equals(c.getText())
                && c.isVisible() && c.getTableView() != null && "daemonsTable".equals(c.getTableView().getId());
        WindowFixture.waitUntil(() -> robot.lookup(nameCell).tryQuery().isPresent());
        robot.clickOn(robot.lookup(nameCell).<Node>query());
        WindowFixture.waitUntil(() -> vm().selectedRowProperty().get() != null && vm().selectedRowProperty().get().name().equals(name));
    }

    /** Runs the doctor for the selected daemon's GPU and waits for its verdict. */
    private void runDoctor(FxRobot robot) {
        robot.clickOn("#doctorNav");
        robot.clickOn("#doctorRun");
        Button copy = robot.lookup("#doctorCopy").queryButton();
        Waits.onFx("the doctor run to finish", () -> !copy.isDisabled());
    }

    private String verdict(FxRobot robot) {
        return Waits.fx(() -> robot.lookup("#doctorVerdict").queryAs(Label.class).getText());
    }

    private boolean outOfDateShown(FxRobot robot) {
        return Waits.fx(() -> robot.lookup("#doctorOutOfDate").queryAs(Label.class).isVisible());
    }

    @Test
    void theResultIsMarkedOutOfDateWhenADaemonStopsOutsideTheWindow(FxRobot robot) throws Exception {
        console.host().start("outside", 0);
        robot.clickOn("#refreshButton");
        selectRow(robot, "outside");
        runDoctor(robot);
        assertTrue(verdict(robot).startsWith("Valid: "), verdict(robot));
        assertFalse(outOfDateShown(robot), "a fresh result is not out of date");

        assertTrue(console.host().services().stopper().stop(Optional.of("outside")).stopped());
        robot.clickOn("#overviewNav");
        robot.clickOn("#refreshButton");
        robot.clickOn("#doctorNav");

        Waits.onFx("the out-of-date banner", () -> robot.lookup("#doctorOutOfDate").queryAs(Label.class).isVisible());
        assertTrue(verdict(robot).startsWith("Valid: "), "the old result stays, marked: " + verdict(robot));
        runDoctor(robot);
        assertFalse(outOfDateShown(robot), "running again clears the mark");
    }

    /**
     * Review 2026-12-06 M-2: a one-GPU run on a host where another GPU has a daemon was marked "Out of date"
     * by the first refresh that differed at all, though nothing the run judged changed. Here a client starts
     * on the other GPU's daemon after the run (as work does on a busy host: that GPU's memory and load move),
     * and the refreshes that show it, each awaited, leave the result current. Before the fix the first of them
     * marked it out of date (the run's GPU-0 records were compared with every GPU's); a host whose status
     * never changes (no client anywhere) sends no refresh to compare, which is why an idle host hid it.
     */
    @Test
    void aDaemonOnAnotherGpuDoesNotMakeAOneGpuRunOutOfDate(FxRobot robot) throws Exception {
        console.host().start("here", 0);
        DaemonRecord there = console.host().start("there", 1);
        robot.clickOn("#refreshButton");
        selectRow(robot, "here");
        runDoctor(robot);
        assertTrue(verdict(robot).startsWith("Valid: "), verdict(robot));
        assertTrue(Waits.fx(() -> robot.lookup("#doctorGpu").queryAs(Label.class).getText()).contains("GPU 0"), "a one-GPU run");

        Simulation.AttachedClient client = console.host().simulation().attachClient(there.pipeDirectory(), 1024, Duration.ofSeconds(60));
        new ProcFsProcessTable().find(client.pid()).map(ProcessInfo::identity).ifPresent(clients::add);
        WindowDriver ui = new WindowDriver(robot, console.window());
        ui.refreshUntil("a refresh that shows the client's memory on GPU 1", () -> gpuMemoryUsed(1) == 1024);
        assertFalse(outOfDateShown(robot), "a client on another GPU's daemon changes nothing the run judged");
        for (int i = 0; i < 2; i++) {
            HostStatus before = Waits.fx(() -> vm().summary().statusProperty().get());
            ui.refreshUntil("another refresh after the run", () -> vm().summary().statusProperty().get() != before);
            assertFalse(outOfDateShown(robot), "nothing the run judged changed (refresh " + (i + 2) + ")");
        }
    }

    /** GPU {@code index}'s memory in use as the window's last refresh read it (0 when not read). */
    private long gpuMemoryUsed(int index) {
        HostStatus status = vm().summary().statusProperty().get();
        return status == null ? 0 : status.gpus().stream().filter(r -> r.gpu().index() == index)
                .findFirst().flatMap(r -> r.gpu().memoryUsedMiB()).orElse(0L);
    }

    @Test
    void theDoctorRunsAgainAfterAStopInTheWindow(FxRobot robot) throws Exception {
        DaemonRecord record = console.host().start("inside", 0);
        robot.clickOn("#refreshButton");
        selectRow(robot, "inside");
        runDoctor(robot);
        assertTrue(verdict(robot).startsWith("Valid: "), verdict(robot));

        robot.clickOn("#overviewNav");
        robot.clickOn("#stopButton");
        WindowFixture.waitUntil(() -> robot.lookup("#stopConfirmation").tryQuery().isPresent());
        robot.clickOn("#confirmStop");
        robot.clickOn("#doctorNav");

        Waits.onFx("the doctor to run again and find no daemon", () -> robot.lookup("#doctorVerdict").queryAs(Label.class).getText()
                .startsWith("Invalid: "));
        assertFalse(new ProcFsProcessTable().isAlive(record.identity()));
        assertFalse(outOfDateShown(robot), "the new result is current");
    }
}
