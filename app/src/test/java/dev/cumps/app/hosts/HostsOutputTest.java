package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.ui.style.ConsoleStyles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Review 2026-12-06 M-9 and L-18 on the Hosts page: what a host printed is its own text (an env block exactly as
 * {@code cumps env} prints it there, not JSON), in monospace, and Copy output copies it byte for byte; a change made on
 * a host (start) reaches the window's status line through Activity as the local pages' changes do; and at the size a
 * 900×600 window gives the page (about 780×480), the selected host's GPU and daemon tables show their rows whole, a
 * stale record with the Overview's amber triangle.
 */
@ExtendWith(ApplicationExtension.class)
class HostsOutputTest {
    @TempDir
    static Path dir;

    private ScriptedHosts hosts;
    private Stage stage;

    @AfterEach
    void releaseTheHungHost() {
        if (hosts != null) {
            hosts.release();
        }
    }

    @Test
    void theEnvBlockIsTheHostsOwnTextCopiedByteForByteAndAStartReachesTheStatusLine(FxRobot robot) throws Exception {
        hosts = new ScriptedHosts();
        robot.interact(() -> open(1100, 700));
        TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
        Waits.onFx("the healthy host's row", () -> table.getItems().size() == 3 && table.getItems().get(0).state().equals("reachable"));
        robot.clickOn("healthy");
        TableView<HostDetailRows.GpuLine> gpus = robot.lookup("#hostGpus").queryTableView();
        Waits.onFx("the healthy host's GPU", () -> gpus.getItems().size() == 1);
        Button copy = robot.lookup("#copyHostOutput").queryButton();
        assertTrue(Waits.fx(copy::isDisabled), "nothing to copy before an action");

        robot.interact(() -> gpus.getSelectionModel().select(0));
        robot.clickOn("#startOnHost");
        Waits.onFx("the started daemon", () -> robot.lookup("#hostDaemons").queryTableView().getItems().size() == 1);
        ActivityEntry change = Waits.fx(() -> hosts.activity().lastChangeProperty().get());
        assertNotNull(change, "a start on a host is a change the status line shows");
        assertEquals("Start · healthy", change.action());
        assertTrue(change.success());
        assertEquals("Start on healthy: done.", change.outcome());

        TableView<HostDetailRows.DaemonLine> daemons = robot.lookup("#hostDaemons").queryTableView();
        robot.interact(() -> daemons.getSelectionModel().select(0));
        Button env = robot.lookup("#envOnHost").queryButton();
        Waits.onFx("Env block enabled", () -> !env.isDisabled());
        robot.interact(env::fire);
        TextArea detail = robot.lookup("#hostDetail").queryAs(TextArea.class);
        try {
            Waits.onFx("the env block", () -> detail.getText().equals(ScriptedHosts.ENV_BLOCK));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; shown: [" + Waits.fx(detail::getText) + "], line: "
                    + Waits.fx(() -> robot.lookup("#hostsMessage").queryAs(Label.class).getText()) + ", sent: " + hosts.remote);
        }
        assertTrue(hosts.remote.contains(List.of("cumps", "env", "--name", "gpu-a")), "cumps env's own text, not --json: " + hosts.remote);
        assertTrue(detail.getStyleClass().contains(ConsoleStyles.MONOSPACE), "in monospace, as the Env block page shows it");
        Waits.onFx("Copy output enabled", () -> !copy.isDisabled());
        robot.interact(copy::fire);
        assertEquals(List.of(ScriptedHosts.ENV_BLOCK), List.copyOf(hosts.copied), "byte for byte what cumps env printed there");
    }

    @Test
    void atTheSizeA900By600WindowGivesThePageTheSelectedHostsTablesShowTheirRowsAndAStaleRecordItsTriangle(FxRobot robot)
            throws Exception {
        hosts = new ScriptedHosts(2).withStaleRecord();
        robot.interact(() -> open(780, 480));
        TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
        Waits.onFx("the healthy host's row", () -> table.getItems().size() == 3 && table.getItems().get(0).state().equals("reachable"));
        robot.interact(() -> table.getSelectionModel().select(0));
        TableView<HostDetailRows.GpuLine> gpus = robot.lookup("#hostGpus").queryTableView();
        TableView<HostDetailRows.DaemonLine> daemons = robot.lookup("#hostDaemons").queryTableView();
        Waits.onFx("the healthy host's two GPUs", () -> gpus.getItems().size() == 2);
        robot.interact(() -> gpus.getSelectionModel().select(0));
        robot.interact(() -> robot.lookup("#startOnHost").queryButton().fire());
        Waits.onFx("the started daemon beside the stale record", () -> daemons.getItems().size() == 2);

        Waits.onFx("the tables laid out", () -> gpus.lookup(".column-header-background") != null && !daemons.lookupAll(".table-row-cell").isEmpty());
        robot.interact(() -> { });
        assertEquals("", Waits.fx(() -> rowsCut(gpus, 2)), "both GPU rows whole inside their table");
        assertEquals("", Waits.fx(() -> rowsCut(daemons, 2)), "both daemon rows whole inside their table");

        TableCell<?, ?> stale = Waits.fx(() -> daemons.lookupAll(".table-cell").stream()
                .filter(n -> n instanceof TableCell<?, ?> c && "stale".equals(c.getText())).map(n -> (TableCell<?, ?>) n)
                .findFirst().orElse(null));
        assertNotNull(stale, "the stale record's state cell");
        FontIcon icon = Waits.fx(() -> stale.getGraphic() instanceof FontIcon f ? f : null);
        assertNotNull(icon, "the state with an icon, as the Overview shows it");
        assertEquals(Feather.ALERT_TRIANGLE, Waits.fx(icon::getIconCode));
        assertTrue(Waits.fx(() -> icon.getPseudoClassStates().contains(PseudoClass.getPseudoClass("stale"))), "amber, as a stale record");

        // Start on GPU's refusal of a name is read whole at this width: it wraps inside the page, never cut at its edge
        robot.interact(() -> {
            robot.lookup("#hostStartName").queryAs(TextField.class).setText("Not A Name For A Daemon Record Because Of Its Capitals");
            robot.lookup("#startOnHost").queryButton().fire();
        });
        Label message = robot.lookup("#hostsMessage").queryAs(Label.class);
        Waits.onFx("the refusal", () -> message.getText().contains("Not A Name"));
        robot.interact(() -> { });
        Text drawn = Waits.fx(() -> (Text) message.lookup(".text"));
        assertEquals(Waits.fx(message::getText), Waits.fx(drawn::getText), "the whole refusal drawn, no ellipsis");
        double right = Waits.fx(() -> message.localToScene(message.getBoundsInLocal()).getMaxX());
        assertTrue(right <= 780 + 0.5, "inside the page: its right edge at " + right);
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private void open(double width, double height) {
        try {
            hosts.open(stage, dir, Locale.ENGLISH, width, height);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Empty when the first {@code count} rows of {@code table} are drawn whole below its header and above its bottom edge; else what is cut. */
    private static String rowsCut(TableView<?> table, int count) {
        Node header = table.lookup(".column-header-background");
        double top = header.localToScene(header.getBoundsInLocal()).getMaxY();
        double bottom = table.localToScene(table.getBoundsInLocal()).getMaxY();
        List<String> cut = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int index = i;
            Bounds b = table.lookupAll(".table-row-cell").stream()
                    .filter(n -> n instanceof TableRow<?> r && !r.isEmpty() && r.isVisible() && r.getIndex() == index)
                    .map(n -> n.localToScene(n.getBoundsInLocal())).findFirst().orElse(null);
            if (b == null || b.getMinY() < top - 0.5 || b.getMaxY() > bottom + 0.5) {
                cut.add("row " + i + " at " + (b == null ? "none" : b.getMinY() + ".." + b.getMaxY()));
            }
        }
        return cut.isEmpty() ? "" : table.getId() + " shows " + top + ".." + bottom + ": " + cut;
    }
}
