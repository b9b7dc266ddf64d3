package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.activity.ActivityView;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.Styles;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.stream.Collectors;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class ActivityViewTest {

    private final ActivityLog log = new ActivityLog(Clock.fixed(Instant.parse("2024-05-01T12:34:56Z"), ZoneOffset.UTC));

    @Start
    void start(Stage stage) {
        Scene scene = new Scene(new ActivityView(log, Messages.forLocale(Locale.ENGLISH), ZoneOffset.UTC), 800, 300);
        Styles.applyTo(scene);
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

    private static TableCell<?, ?> outcomeCell(FxRobot robot, int row) {
        return robot.lookup(".severity-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> !c.isEmpty() && c.getIndex() == row).findFirst().orElseThrow();
    }

    private static String pseudo(TableCell<?, ?> cell) {
        return cell.getPseudoClassStates().stream().map(Object::toString).collect(Collectors.joining(","));
    }
}
