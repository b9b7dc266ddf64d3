package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.main.Notice;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.MpsFault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Pattern;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.testfx.api.FxRobot;

/**
 * A daemon started from the window that exits right after its start succeeded (the simulator's
 * {@code dies} fault, told by a file when to die): the next refresh turns the green "Started" of the
 * status line and of the start's activity entry into an error saying it exited and where its log is.
 */
final class DaemonExitAfterStart {

    private DaemonExitAfterStart() {
    }

    /**
     * Runs the scenario in {@code console}'s window; {@code expected} is the text the status line and
     * the activity entry must show, with {@code {name}}, {@code {pid}}, {@code {n}} (seconds) and {@code {log}} in it.
     */
    static void diesAfterTheStartIsReportedInWords(FxRobot robot, ConsoleExtension console, String expected) throws Exception {
        WindowDriver ui = new WindowDriver(robot, console.window());
        String name = "dies-w";
        Path trigger = console.host().sandbox().resolve("die-now");
        console.host().mpsFault(MpsFault.DIES);
        // The daemon launched by -d dies as soon as the trigger file exists (the fault's die file).
        Path control = console.host().sandbox().resolve("bin").resolve("nvidia-cuda-mps-control");
        Path real = control.resolveSibling("nvidia-cuda-mps-control.real");
        Files.move(control, real);
        Files.writeString(control, String.join("\n",
                "#!/bin/sh",
                "case \"$1\" in -d) CUMPS_SIM_MPS_DIE_FILE='" + trigger + "' exec '" + real + "' \"$@\" ;; esac",
                "exec '" + real + "' \"$@\"", ""));
        Files.setPosixFilePermissions(control, PosixFilePermissions.fromString("rwx------"));

        ui.refreshUntil("both GPUs", () -> ui.vm().gpus().size() == 2);
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        ui.dialog("#startDialog");
        TextField field = robot.lookup("#startName").queryAs(TextField.class);
        robot.interact(field::clear);
        robot.clickOn(field).write(name);
        Waits.onFx("Start to be enabled", () -> !robot.lookup("#startConfirm").queryButton().isDisabled());
        robot.clickOn("#startConfirm");
        ui.dialogGone("#startDialog");
        Waits.onFx("the live row", () -> ui.row(name).map(DaemonRow::live).orElse(false));
        DaemonRecord record = Waits.fx(() -> ui.vm().daemon(name).orElseThrow().record());
        console.host().track(record);
        assertEquals(Severity.PASS, Waits.fx(() -> ui.vm().statusLineProperty().get().severity()), "first a started daemon");

        Files.createFile(trigger);
        Waits.until("the daemon to exit", () -> !new ProcFsProcessTable().isAlive(record.identity()));
        ui.refreshUntil("the status line to turn to an error",
                () -> ui.vm().statusLineProperty().get().severity() == Severity.FAIL);

        Pattern words = Pattern.compile(Pattern.quote(expected)
                .replace("{name}", "\\E" + Pattern.quote(name) + "\\Q")
                .replace("{pid}", "\\E" + record.pid() + "\\Q")
                .replace("{n}", "\\E[1-9][0-9]*\\Q")
                .replace("{log}", "\\E" + Pattern.quote(record.logDirectory().resolve(RuntimeDirs.CONTROL_LOG).toString()) + "\\Q"));
        Notice line = Waits.fx(() -> ui.vm().statusLineProperty().get());
        assertTrue(words.matcher(line.text()).matches(), line.text());
        String shown = Waits.fx(() -> robot.lookup("#notice").queryAs(Label.class).getText());
        assertTrue(shown.contains(line.text()), "the status bar shows it: " + shown);
        List<ActivityEntry> starts = Waits.fx(() -> console.window().viewModel().context().activity().entries().stream()
                .filter(e -> e.outcome().contains(name)).toList());
        assertEquals(1, starts.size(), "one entry for the start: " + starts);
        assertFalse(starts.get(0).success(), "the start's activity entry turned to an error");
        assertEquals(line.text(), starts.get(0).outcome());
    }
}
