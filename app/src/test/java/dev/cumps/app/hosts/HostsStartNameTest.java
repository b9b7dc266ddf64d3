package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Review 2026-12-06 L-18 (issue 40: "start with a name field"): Start on GPU takes an optional name, sent
 * as {@code --name}; a name the record rules refuse is refused on the page, before anything runs.
 */
@ExtendWith(ApplicationExtension.class)
class HostsStartNameTest {
    @TempDir
    static Path dir;

    private final ScriptedHosts hosts = new ScriptedHosts(2);

    @Start
    void start(Stage stage) throws Exception {
        hosts.open(stage, dir, Locale.ENGLISH);
    }

    @AfterEach
    void releaseTheHungHost() {
        hosts.release();
    }

    @Test
    void startOnGpuSendsTheTypedNameAndRefusesABadOne(FxRobot robot) {
        TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
        Waits.onFx("the healthy host's row", () -> table.getItems().size() == 3 && table.getItems().get(0).state().equals("reachable"));
        robot.clickOn("healthy");
        TableView<HostDetailRows.GpuLine> gpus = robot.lookup("#hostGpus").queryTableView();
        Waits.onFx("the healthy host's two GPUs", () -> gpus.getItems().size() == 2);
        robot.interact(() -> gpus.getSelectionModel().select(1));

        int before = hosts.remote.size();
        robot.clickOn("#hostStartName").write("Bad Name");
        robot.clickOn("#startOnHost");
        Waits.onFx("the refusal", () -> !robot.lookup("#hostsMessage").queryAs(Label.class).getText().isEmpty());
        assertTrue(Waits.fx(() -> robot.lookup("#hostsMessage").queryAs(Label.class).getText()).contains("Bad Name"),
                Waits.fx(() -> robot.lookup("#hostsMessage").queryAs(Label.class).getText()));
        assertEquals(before, hosts.remote.size(), "nothing was sent");

        robot.doubleClickOn("#hostStartName").eraseText(8).write("train");
        robot.clickOn("#startOnHost");
        Waits.onFx("the start done", () -> robot.lookup("#hostsMessage").queryAs(Label.class).getText().equals("Start on healthy: done."));
        assertTrue(hosts.remote.contains(List.of("cumps", "start", "--gpus", "1", "--name", "train")), hosts.remote.toString());
        assertFalse(hosts.remote.stream().anyMatch(w -> w.contains("Bad")), hosts.remote.toString());
    }
}
