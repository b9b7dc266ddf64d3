package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.core.record.DaemonRecord;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.Control;
import org.testfx.api.FxRobot;

/**
 * Every button of the window that can be disabled says why while it is: the tooltip of its
 * {@link DisabledReason} wrapper names the state that disables it, in the window's language; an
 * enabled button has none.
 */
final class DisabledReasons {

    private DisabledReasons() {
    }

    /** The reason {@code #id}'s wrapper shows now; asserts the button is disabled exactly when there is one. */
    static String reason(FxRobot robot, String id) {
        return Waits.fx(() -> {
            Node node = robot.lookup(id).query();
            DisabledReason why = (DisabledReason) node.getParent();
            assertEquals(((Control) node).isDisabled(), !why.reasonProperty().get().isEmpty(), id + " disabled exactly when it says why");
            assertEquals(why.reasonProperty().get(), why.tooltip().getText());
            return why.reasonProperty().get();
        });
    }

    private static void page(ConsoleExtension console, String id) {
        assertTrue(Waits.fx(() -> console.window().view().rail().select(id)), id);
        Waits.onFx("the page " + id, () -> id.equals(console.window().view().rail().selectedProperty().get()));
    }

    /**
     * The reasons in {@code console}'s window; {@code expected} maps each reason's key (the tail of
     * {@code disabled.*}) to the text it must show.
     */
    static void eachDisabledButtonSaysWhy(FxRobot robot, ConsoleExtension console, Map<String, String> expected) {
        WindowDriver ui = new WindowDriver(robot, console.window());
        ui.refreshUntil("both GPUs", () -> ui.vm().gpus().size() == 2);
        // Nothing recorded, nothing selected.
        assertEquals(expected.get("stop.none"), reason(robot, "#stopButton"));
        assertEquals(expected.get("remove.none"), reason(robot, "#removeButton"));
        assertEquals(expected.get("stopAll.none"), reason(robot, "#stopAllButton"));
        page(console, "env");
        assertEquals(expected.get("env.none"), reason(robot, "#envCopy"));
        page(console, "doctor");
        assertEquals(expected.get("doctor.noReport"), reason(robot, "#doctorCopy"));
        assertEquals(expected.get("doctor.noReport"), reason(robot, "#doctorExport"));
        assertEquals(expected.get("doctor.notRunning"), reason(robot, "#doctorCancel"));
        assertEquals(expected.get("fix.none"), reason(robot, "#doctorFix"));
        page(console, "clients");
        assertEquals(expected.get("terminate.none"), reason(robot, "#terminateClient"));
        page(console, "limits");
        assertEquals(expected.get("limits.none"), reason(robot, "#limitsApply"));
        page(console, "log");
        assertEquals(expected.get("log.none"), reason(robot, "#logOpenFolder"));
        page(console, "overview");

        // A live daemon selected: Stop is enabled and says nothing; Remove says the daemon runs.
        DaemonRecord live = console.host().start("why-live", 0);
        ui.refreshUntil("the live row", () -> ui.row("why-live").map(DaemonRow::live).orElse(false));
        ui.select("why-live");
        Waits.onFx("Stop enabled", () -> !robot.lookup("#stopButton").query().isDisabled());
        assertEquals("", reason(robot, "#stopButton"));
        assertEquals(expected.get("remove.live"), reason(robot, "#removeButton"));
        assertEquals("", reason(robot, "#stopAllButton"));

        // The same daemon gone (its record stale): Stop says there is nothing to stop, Remove is enabled.
        SimulatedConsole.kill(live);
        ui.refreshUntil("the stale row", () -> ui.row("why-live").map(r -> !r.live()).orElse(false));
        ui.select("why-live");
        Waits.onFx("Stop disabled on the stale row", () -> robot.lookup("#stopButton").query().isDisabled());
        assertEquals(expected.get("stop.stale"), reason(robot, "#stopButton"));
        assertEquals("", reason(robot, "#removeButton"));
        assertFalse(expected.get("stop.stale").isEmpty());
        assertTrue(expected.values().stream().noneMatch(String::isBlank));
    }
}
