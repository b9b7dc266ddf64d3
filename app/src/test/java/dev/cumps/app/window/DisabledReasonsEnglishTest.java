package dev.cumps.app.window;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import java.util.Locale;
import java.util.Map;
import javafx.scene.control.Tooltip;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** {@link DisabledReasons} in the English window, and the reason shown on hover. */
class DisabledReasonsEnglishTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    @Test
    void eachDisabledButtonSaysWhyInEnglish(FxRobot robot) {
        DisabledReasons.eachDisabledButtonSaysWhy(robot, console, Map.ofEntries(
                Map.entry("stop.none", "Select a running daemon in the Daemons table first"),
                Map.entry("stop.stale", "The selected daemon is not running (its record is stale), so there is nothing to stop;"
                        + " Remove stale record… cleans the record up"),
                Map.entry("stopAll.none", "There is no daemon record of yours to stop or clean up"),
                Map.entry("remove.none", "Select a stale or unreadable record in the Daemons table first"),
                Map.entry("remove.live", "The selected daemon is running: stop it with Stop daemon…; only a stale or unreadable"
                        + " record can be removed"),
                Map.entry("env.none", "Select a running daemon on the Overview page first; the block is that daemon's environment"),
                Map.entry("doctor.noReport", "Run the doctor first; its report can then be copied or exported"),
                Map.entry("doctor.notRunning", "The doctor is not running, so there is nothing to cancel"),
                Map.entry("fix.none", "Select a result that Fix… can repair (a failed check with a fix) first"),
                Map.entry("terminate.none", "Select a client process (a line under an MPS server) in the tree first"),
                Map.entry("limits.none", "No running daemon is selected, or its limits are still being read: select a running"
                        + " daemon on the Overview page"),
                Map.entry("log.none", "Select a daemon whose log folder exists first")));
        console.guard().assertNoUncaughtErrors();
    }

    @Test
    void hoveringADisabledButtonShowsItsReason(FxRobot robot) {
        WindowDriver ui = new WindowDriver(robot, console.window());
        ui.overview();
        Waits.onFx("Stop disabled with nothing selected", () -> robot.lookup("#stopButton").query().isDisabled());

        robot.moveTo("#stopButton");

        Waits.onFx("the reason as a tooltip", () -> Window.getWindows().stream()
                .filter(w -> w instanceof Tooltip && w.isShowing())
                .anyMatch(w -> "Select a running daemon in the Daemons table first".equals(((Tooltip) w).getText())));
    }
}
