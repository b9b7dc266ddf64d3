package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.doctor.DoctorView;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.ui.style.Severity;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The doctor with no GPU chosen on the simulated host, which has two visible GPUs and no daemon:
 * the window diagnoses each GPU in turn instead of failing {@code topology} and telling the user to
 * pass {@code --gpus} (a flag the window has no field for). Each GPU's checks are titled with the
 * GPU; the host's checks appear once.
 */
class DoctorEachGpuTest {
    private MainViewModel main;
    private DoctorViewModel doctor;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).size(1280, 820).showing(p -> {
        main = p.viewModels().main();
        doctor = p.viewModels().doctor(main);
        return new DoctorView(doctor);
    });

    @Test
    void aBlankSelectorOnTwoGpusDiagnosesEachGpu(FxRobot robot) {
        robot.interact(main::refresh);
        Waits.onFx("the window's first status", () -> main.summary().statusProperty().get() != null);
        robot.interact(() -> doctor.selectorProperty().set(""));
        robot.clickOn("#doctorRun");
        Waits.onFx("the run to finish", () -> !doctor.reportAbsentBinding().get());
        List<DoctorRow> rows = Waits.fx(() -> List.copyOf(doctor.rows()));

        List<DoctorRow> topology = rows.stream().filter(r -> r.id().equals("topology")).toList();
        assertEquals(List.of("GPU 0 · selector resolves to a supported topology", "GPU 1 · selector resolves to a supported topology"),
                topology.stream().map(DoctorRow::title).toList());
        assertTrue(topology.stream().allMatch(r -> r.severity() == Severity.PASS), "each GPU resolves: " + topology);
        assertEquals(List.of("GPU 0 · exactly one live managed daemon for the GPU", "GPU 1 · exactly one live managed daemon for the GPU"),
                rows.stream().filter(r -> r.id().equals("daemon_count")).map(DoctorRow::title).toList());
        assertEquals(1, rows.stream().filter(r -> r.id().equals("platform")).count(), "a host check once");
        assertEquals("Linux host", rows.stream().filter(r -> r.id().equals("platform")).findFirst().orElseThrow().title());
        assertFalse(rows.stream().anyMatch(r -> r.remedy().contains("--gpus")),
                () -> "no remedy asks for a command-line flag: " + rows.stream().filter(r -> r.remedy().contains("--gpus")).toList());
        assertTrue(Waits.fx(() -> doctor.verdictProperty().get()).contains("2 fail"),
                "the verdict counts both GPUs' missing daemons: " + Waits.fx(() -> doctor.verdictProperty().get()));
    }

    /** The copied report keeps each row's GPU, as the table does, rather than repeating the same check twice. */
    @Test
    void copyReportTitlesEachGpusChecksWithItsGpu(FxRobot robot) {
        robot.interact(main::refresh);
        Waits.onFx("the window's first status", () -> main.summary().statusProperty().get() != null);
        robot.interact(() -> doctor.selectorProperty().set(""));
        robot.clickOn("#doctorRun");
        Waits.onFx("the run to finish", () -> !doctor.reportAbsentBinding().get());

        robot.interact(doctor::copy);

        List<String> copied = pane.host().clipboard();
        assertFalse(copied.isEmpty(), "Copy report put the report on the clipboard");
        String md = copied.get(copied.size() - 1);
        assertTrue(md.contains("| GPU 0 · selector resolves to a supported topology | pass |"), md);
        assertTrue(md.contains("| GPU 1 · selector resolves to a supported topology | pass |"), md);
        assertTrue(md.contains("\n| Linux host | "), "a host check without a GPU: " + md);
    }
}
