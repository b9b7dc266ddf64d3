package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.activity.ActivityView;
import dev.cumps.app.activity.ActivityViewModel;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import dev.cumps.app.ui.style.Severity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class ActivityViewTest {

    private final ActivityLog log = new ActivityLog(Clock.fixed(Instant.parse("2024-05-01T12:34:56Z"), ZoneOffset.UTC));
    /** The user's home ({@code $HOME}); injected before {@code @Start} runs. */
    @TempDir
    Path home;
    /** What the save dialog was asked: the directory it opened in. */
    private final List<Path> dialogOpenedIn = new ArrayList<>();
    private Path answer;

    @Start
    void start(Stage stage) {
        ActivityViewModel viewModel = new ActivityViewModel(log, Messages.forLocale(Locale.ENGLISH), new CurrentThreadUiExecutor(),
                home, ZoneOffset.UTC);
        Scene scene = new Scene(new ActivityView(viewModel, (owner, dir) -> {
            dialogOpenedIn.add(dir);
            return Optional.ofNullable(answer);
        }), 800, 300);
        ConsoleStylesheet.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void showsEachRecordedActionWithTimeAndOutcome(FxRobot robot) {
        assertTrue(robot.lookup("Nothing done in this window yet").tryQuery().isPresent());
        robot.interact(() -> {
            log.record("Start daemon t1", true, "started, pid 4242");
            log.record("Stop daemon t2", false, "daemon 't2' is stale; nothing was signalled");
        });

        TableView<?> table = robot.lookup("#activityTable").queryTableView();
        assertEquals(2, table.getItems().size());
        assertTrue(robot.lookup("12:34:56").tryQuery().isPresent(), "local time as HH:mm:ss");
        assertTrue(robot.lookup("Start daemon t1").tryQuery().isPresent());

        TableCell<?, ?> ok = outcomeCell(robot, 0);
        assertEquals("started, pid 4242", ok.getText());
        assertEquals(Feather.CHECK_CIRCLE, ((FontIcon) ok.getGraphic()).getIconCode(), "the pass shape");
        assertTrue(pseudo(ok).contains("pass"), pseudo(ok));
        TableCell<?, ?> failed = outcomeCell(robot, 1);
        assertEquals("daemon 't2' is stale; nothing was signalled", failed.getText());
        assertEquals(Feather.X_OCTAGON, ((FontIcon) failed.getGraphic()).getIconCode(), "the fail shape");
        assertTrue(pseudo(failed).contains("fail"), pseudo(failed));
    }

    @Test
    void aWarningAndACancelAreNeitherASuccessNorAFailure(FxRobot robot) throws Exception {
        robot.interact(() -> {
            log.record("Stop daemon old", Severity.WARN, "the record was stale; nothing was signalled");
            log.record("Start daemon slow", Severity.SKIP, "Start cancelled: no record was written");
        });

        TableCell<?, ?> stale = outcomeCell(robot, 0);
        assertEquals(Feather.ALERT_TRIANGLE, ((FontIcon) stale.getGraphic()).getIconCode(), "the warning shape, as the stop's dialog");
        assertTrue(pseudo(stale).contains("warn"), pseudo(stale));
        TableCell<?, ?> cancelled = outcomeCell(robot, 1);
        assertEquals(Feather.MINUS_CIRCLE, ((FontIcon) cancelled.getGraphic()).getIconCode(), "a cancel is not a red failure");
        assertTrue(pseudo(cancelled).contains("skip"), pseudo(cancelled));

        answer = home.resolve("activity.txt");
        robot.clickOn("#activityExport");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("2024-05-01 12:34:56  \u26A0 Stop daemon old: the record was stale; nothing was signalled\n"
                + "2024-05-01 12:34:56  \u2013 Start daemon slow: Start cancelled: no record was written\n",
                Files.readString(answer, StandardCharsets.UTF_8));
    }

    @Test
    void theNewestEntryScrollsIntoViewUnlessTheUserScrolledUp(FxRobot robot) {
        robot.interact(() -> {
            for (int i = 1; i <= 40; i++) {
                log.record("Action " + i, true, "done " + i);
            }
        });
        settle(robot);
        assertEquals(39, lastVisibleRow(robot), "the newest of 40 entries is in view");
        Waits.onFx("the newest entry shown whole, not cut by the table's bottom edge", () -> newestShownWhole(robot));

        // The user goes back to the oldest entry to read (keys: Monocle's wheel direction differs from the desktop's).
        robot.clickOn("Action 40").type(KeyCode.HOME);
        settle(robot);
        int reading = lastVisibleRow(robot);
        assertTrue(reading < 30, "scrolled up to older entries: " + reading);
        robot.interact(() -> log.record("Action 41", true, "done 41"));
        settle(robot);
        assertEquals(reading, lastVisibleRow(robot), "a new entry does not pull the reader away");

        robot.type(KeyCode.END);
        settle(robot);
        assertEquals(40, lastVisibleRow(robot));
        robot.interact(() -> log.record("Action 42", true, "done 42"));
        settle(robot);
        assertEquals(41, lastVisibleRow(robot), "back at the end, it follows again");
        Waits.onFx("the newest entry shown whole again", () -> newestShownWhole(robot));
    }

    @Test
    void saveAsWritesTextOrMarkdownAndTheDialogOpensInHome(FxRobot robot) throws Exception {
        robot.interact(() -> {
            log.record("Start daemon t1", true, "started, pid 4242");
            log.record("Stop daemon t2", false, "refused | not yours");
        });
        answer = home.resolve("activity.txt");
        robot.clickOn("#activityExport");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(home), dialogOpenedIn, "the save dialog opens in $HOME, not the working directory");
        assertEquals("2024-05-01 12:34:56  \u2714 Start daemon t1: started, pid 4242\n"
                + "2024-05-01 12:34:56  \u2716 Stop daemon t2: refused | not yours\n", Files.readString(answer, StandardCharsets.UTF_8));
        assertEquals("Saved to " + answer, robot.lookup("#activityNotice").queryLabeled().getText());

        answer = home.resolve("activity.md");
        robot.clickOn("#activityExport");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("# Activity\n\n| Time | Action | Outcome |\n|---|---|---|\n"
                + "| 2024-05-01 12:34:56 | Start daemon t1 | \u2714 started, pid 4242 |\n"
                + "| 2024-05-01 12:34:56 | Stop daemon t2 | \u2716 refused \\| not yours |\n", Files.readString(answer, StandardCharsets.UTF_8));

        answer = home.resolve("missing-folder").resolve("activity.txt");
        robot.clickOn("#activityExport");
        WaitForAsyncUtils.waitForFxEvents();
        String notice = robot.lookup("#activityNotice").queryLabeled().getText();
        assertTrue(notice.startsWith("Could not save to " + answer + ": "), notice);
        assertFalse(notice.contains("\n"), notice);
        assertFalse(Files.exists(answer));
    }

    /**
     * Lets the pane finish reacting: its scroll is queued as an FX event and the table applies it
     * at its next layout, which is forced here instead of waiting for a pulse.
     */
    private static void settle(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = robot.lookup("#activityTable").queryTableView();
        robot.interact(() -> {
            table.applyCss();
            table.layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Whether the newest row lies wholly inside the part of the table that shows rows. */
    private static boolean newestShownWhole(FxRobot robot) {
        TableView<?> table = robot.lookup("#activityTable").queryTableView();
        if (!(table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow)) {
            return false;
        }
        IndexedCell<?> newest = flow.getVisibleCell(table.getItems().size() - 1);
        Node viewport = table.lookup(".clipped-container");
        if (newest == null || viewport == null) {
            return false;
        }
        Bounds cell = newest.localToScene(newest.getLayoutBounds());
        Bounds shown = viewport.localToScene(viewport.getLayoutBounds());
        return cell.getMinY() >= shown.getMinY() - 0.5 && cell.getMaxY() <= shown.getMaxY() + 0.5;
    }

    private static int lastVisibleRow(FxRobot robot) {
        VirtualFlow<?> flow = robot.lookup("#activityTable").queryTableView().lookup(".virtual-flow") instanceof VirtualFlow<?> f ? f : null;
        IndexedCell<?> last = flow.getLastVisibleCell();
        return last.getIndex();
    }

    private static TableCell<?, ?> outcomeCell(FxRobot robot, int row) {
        return robot.lookup(".severity-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> !c.isEmpty() && c.getIndex() == row).findFirst().orElseThrow();
    }

    private static String pseudo(TableCell<?, ?> cell) {
        return cell.getPseudoClassStates().stream().map(Object::toString).collect(Collectors.joining(","));
    }
}
