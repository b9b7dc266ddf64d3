package dev.cumps.app.panes;

import dev.cumps.app.Waits;
import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.activity.ActivityView;
import dev.cumps.app.activity.ActivityViewModel;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Review 2026-12-06 M-11: the Activity page is built on its first visit, after the session's actions;
 * it opened at the oldest entry with the newest below the fold. It opens at the newest.
 */
@ExtendWith(ApplicationExtension.class)
class ActivityFirstVisitTest {

    private final ActivityLog log = new ActivityLog(Clock.fixed(Instant.parse("2024-05-01T12:34:56Z"), ZoneOffset.UTC));
    @TempDir
    Path home;

    @Start
    void start(Stage stage) {
        for (int i = 1; i <= 40; i++) {
            log.record("Action " + i, true, "done " + i);
        }
        ActivityViewModel viewModel = new ActivityViewModel(log, Messages.forLocale(Locale.ENGLISH), new CurrentThreadUiExecutor(),
                home, ZoneOffset.UTC);
        Scene scene = new Scene(new ActivityView(viewModel, (owner, dir) -> Optional.empty()), 800, 300);
        ConsoleStylesheet.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theFirstVisitOpensAtTheNewestEntry(FxRobot robot) {
        Waits.onFx("the newest of 40 entries in view", () -> {
            if (!(robot.lookup("#activityTable").queryTableView().lookup(".virtual-flow") instanceof VirtualFlow<?> flow)) {
                return false;
            }
            IndexedCell<?> last = flow.getLastVisibleCell();
            return last != null && last.getIndex() == 39;
        });
    }
}
