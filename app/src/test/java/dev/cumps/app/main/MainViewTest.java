package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;

import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.LaunchOptions;
import dev.cumps.app.Messages;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class MainViewTest {

    @Start
    void start(Stage stage) {
        stage.setScene(ConsoleWindow.createScene(LaunchOptions.DEFAULTS, Messages.forLocale(Locale.ENGLISH)));
        stage.show();
    }

    @Test
    void showsTheThreeTablesWithEnglishTitles(FxRobot robot) {
        assertEquals("GPUs", robot.lookup("#gpusTitle").queryAs(Label.class).getText());
        assertEquals("Control pipes", robot.lookup("#pipesTitle").queryAs(Label.class).getText());
        assertEquals("Daemons", robot.lookup("#daemonsTitle").queryAs(Label.class).getText());
        assertEquals(3, robot.lookup(".table-view").queryAll().size());
        assertTrue(robot.lookup("No daemons recorded").tryQuery().isPresent(), "empty-table placeholder");
    }

    @Test
    void tablesShareTheWindowHeight(FxRobot robot) {
        for (String id : new String[] {"#gpusTable", "#pipesTable", "#daemonsTable"}) {
            TableView<?> table = robot.lookup(id).queryAs(TableView.class);
            assertTrue(table.getHeight() > 100, id + " is " + table.getHeight() + " px high");
        }
    }

    @Test
    void theSimulatedBadgeIsHiddenForTheRealHost(FxRobot robot) {
        Node badge = robot.lookup("#simulatedBadge").query();
        assertFalse(badge.isVisible());
    }
}
