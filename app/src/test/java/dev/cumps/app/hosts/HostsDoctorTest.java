package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.ui.style.Severity;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Review 2026-12-06 H-1 and M-9: Hosts → Run doctor on a host with two GPUs. The page asks the host's
 * cumps for the selected GPU ({@code --gpus 1}), or for each GPU in turn when none is selected, never
 * without a GPU (which fails the topology check and skips the daemon's checks on a healthy host); the
 * result shows in the local doctor's evidence table with the GPU named above it, not as raw JSON; and
 * selecting another host clears what the page showed of the previous one, a failed host's state shown whole.
 */
@ExtendWith(ApplicationExtension.class)
class HostsDoctorTest {
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
    void theDoctorOfATwoGpuHostDiagnosesTheChosenGpuOrEachInTheEvidenceTable(FxRobot robot) {
        TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
        Waits.onFx("the healthy host's row", () -> table.getItems().size() == 3 && table.getItems().get(0).state().equals("reachable"));
        robot.clickOn("healthy");
        TableView<HostDetailRows.GpuLine> gpus = robot.lookup("#hostGpus").queryTableView();
        Waits.onFx("the healthy host's two GPUs", () -> gpus.getItems().size() == 2);
        TableView<DoctorRow> evidence = robot.lookup("#hostDoctorTable").queryTableView();

        // GPU 1 chosen: the doctor of GPU 1 there, in the evidence table, the GPU named
        robot.interact(() -> gpus.getSelectionModel().select(1));
        robot.clickOn("#doctorOnHost");
        Waits.onFx("the doctor's rows", () -> !evidence.getItems().isEmpty() && evidence.isVisible());
        assertTrue(hosts.remote.contains(List.of("cumps", "doctor", "--json", "--gpus", "1")), hosts.remote.toString());
        assertFalse(hosts.remote.contains(List.of("cumps", "doctor", "--json")), "never a doctor without a GPU: " + hosts.remote);
        List<DoctorRow> rows = Waits.fx(() -> List.copyOf(evidence.getItems()));
        assertTrue(rows.stream().noneMatch(r -> r.severity() == Severity.FAIL), rows.toString());
        assertEquals("selector resolves to a supported topology", rows.get(1).title(), "titles in the window's words, by check id");
        assertEquals("Diagnosed: GPU 1 · NVIDIA H100 · GPU-5f0c1a2e…0001",
                Waits.fx(() -> robot.lookup("#hostDoctorGpu").queryAs(Label.class).getText()));
        assertFalse(Waits.fx(() -> robot.lookup("#hostDetail").query().isVisible()), "no raw JSON box beside the table");
        Waits.onFx("the verdict in the host's row", () -> table.getItems().get(0).doctor().equals("OK (1 warnings)"));

        // no GPU chosen: each GPU in turn, per-GPU checks led by their GPU, host checks once
        robot.interact(() -> gpus.getSelectionModel().clearSelection());
        robot.clickOn("#doctorOnHost");
        Waits.onFx("rows of both GPUs", () -> evidence.getItems().stream().anyMatch(r -> r.title().startsWith("GPU 0 · "))
                && evidence.getItems().stream().anyMatch(r -> r.title().startsWith("GPU 1 · ")));
        assertTrue(hosts.remote.contains(List.of("cumps", "doctor", "--json", "--gpus", "0")), hosts.remote.toString());
        assertEquals(1, (long) Waits.fx(() -> evidence.getItems().stream().filter(r -> r.title().equals("Linux host")).count()));
        assertTrue(Waits.fx(() -> robot.lookup("#hostDoctorGpu").queryAs(Label.class).getText()).startsWith("Diagnosed, each in turn: GPU 0"));

        // another host: the previous host's output and outcome go; a failed host's state is shown whole
        robot.clickOn("changed");
        Waits.onFx("the previous host's output gone", () -> evidence.getItems().isEmpty() && !evidence.isVisible());
        assertEquals("", Waits.fx(() -> robot.lookup("#hostsMessage").queryAs(Label.class).getText()));
        String state = Waits.fx(() -> table.getItems().get(1).state());
        assertEquals("changed: " + state, Waits.fx(() -> robot.lookup("#hostDetail").queryAs(TextArea.class).getText()));
        assertTrue(Waits.fx(() -> robot.lookup("#hostDetail").query().isVisible()));
    }
}
