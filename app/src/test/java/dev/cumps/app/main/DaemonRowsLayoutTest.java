package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import dev.cumps.core.status.HostStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * A refresh in which only a daemon's age changed (every refresh of the idle window with daemons) is laid out in
 * the refresh's one layout pulse: the daemons table does not ask for another layout pass, which JavaFX ran in
 * a second pulse and followed with a second paint of the whole window (docs/performance.md, round fourteen). The
 * selected daemon stays selected.
 */
class DaemonRowsLayoutTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

    @Test
    void aRefreshThatChangesAnAgeIsLaidOutInOnePulseAndShowsTheNewAge(FxRobot robot) {
        // Two rows: with one, a table skin takes the removal of its only row for a cleared list and rebuilds anyway.
        console.host().start("pulse-a", 0);
        console.host().start("pulse-b", 1);
        MainViewModel vm = console.window().viewModel();
        HostStatus status = console.host().services().status().collect();
        MainRows builder = new MainRows(Messages.forLocale(Locale.ENGLISH));
        Instant first = Instant.now();
        // Two collections of the same host 7 s apart, as the periodic refresh makes them: only the age differs.
        MainRows.Rows before = MainRows.diff(null, builder.rows(status, first), 1_000);
        MainRows.Rows after = MainRows.diff(before, builder.rows(status, first.plusSeconds(7)), 1_001);
        String newAge = after.daemons().get(0).age();
        assertNotEquals(before.daemons().get(0).age(), newAge);
        assertEquals(2, after.changes().daemons().length, "both rows changed (their ages), updated in place");

        TableView<?> table = robot.lookup("#daemonsTable").queryAs(TableView.class);
        Scene scene = table.getScene();
        robot.interact(() -> vm.apply(new MainViewModel.Snapshot(status, first, Duration.ZERO, before, List.of())));
        Waits.until("the daemon's row", () -> ageShown(robot, before.daemons().get(0).age()));
        robot.interact(() -> vm.select(before.daemons().get(0)));

        AtomicBoolean armed = new AtomicBoolean();
        AtomicReference<Boolean> layoutAgain = new AtomicReference<>();
        Runnable probe = () -> {
            if (armed.getAndSet(false)) {
                layoutAgain.set(table.isNeedsLayout());
            }
        };
        robot.interact(() -> {
            scene.addPostLayoutPulseListener(probe);
            vm.apply(new MainViewModel.Snapshot(status, first.plusSeconds(7), Duration.ZERO, after, List.of()));
            armed.set(true);
        });
        Waits.until("the refresh's layout pulse", () -> layoutAgain.get() != null);
        robot.interact(() -> scene.removePostLayoutPulseListener(probe));

        assertFalse(layoutAgain.get(), "after the refresh's layout pulse the daemons table needs no second layout pass");
        Waits.until("the new age on screen", () -> ageShown(robot, newAge));
        assertEquals(after.daemons().get(0), Waits.fx(() -> table.getSelectionModel().getSelectedItem()),
                "the selected daemon stays selected, as its new row");
    }

    private static boolean ageShown(FxRobot robot, String age) {
        return Waits.fx(() -> robot.lookup("#daemonsTable .table-cell").queryAllAs(TableCell.class).stream()
                .anyMatch(c -> c.isVisible() && !c.isEmpty() && age.equals(c.getText())));
    }
}
