package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.doctor.DoctorView;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.app.doctor.FixDialog;
import dev.cumps.app.ui.LineBreaks;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Stream;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextArea;
import javafx.scene.text.Text;
import javafx.stage.Modality;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The doctor pane's Fix… button against the simulated host, after a daemon was killed with
 * SIGKILL (a stale record, its orphaned sockets and pid file): Fix… on the stale-record row shows
 * exactly what will be done, Cancel (the default button) changes nothing, Apply moves the record
 * aside and the doctor runs again with that row passing; the orphaned socket left behind is cleaned
 * the same way.
 */
class DoctorFixViewTest {
    /** The host is set up once for the class: the daemon killed there. */
    private static DaemonRecord killed;
    private DoctorViewModel viewModel;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).withHost(host -> {
        killed = host.start("gone", 0);
        SimulatedConsole.kill(killed);
    }).size(1100, 700).showing(p -> new DoctorView(viewModel = p.viewModels().doctor()));

    private void run(FxRobot robot) {
        robot.clickOn("#doctorRun");
        Button copy = robot.lookup("#doctorCopy").queryButton();
        Waits.onFx("the doctor run to finish", () -> !copy.isDisabled());
    }

    private DoctorRow row(String id) {
        return Waits.fx(() -> viewModel.rows().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow());
    }

    private void selectRow(FxRobot robot, String title) {
        Predicate<Node> cell = n -> n instanceof TableCell<?, ?> c && title.equals(c.getText()) && c.isVisible();
        Waits.onFx("the row " + title, () -> robot.lookup(cell).tryQuery().isPresent());
        robot.clickOn(robot.lookup(cell).<Node>query());
    }

    private String openFix(FxRobot robot) {
        robot.clickOn("#doctorFix");
        Waits.onFx("the fix confirmation", () -> robot.lookup("#fixDryRun").tryQuery().isPresent());
        return Waits.fx(() -> robot.lookup("#fixDryRun").queryAs(TextArea.class).getText());
    }

    @Test
    void fixOnTheStaleRecordShowsWhatItDoesCancelChangesNothingAndApplyFixesAndRunsAgain(FxRobot robot) {
        Path record = pane.host().recordFile("gone");
        run(robot);
        assertEquals(Severity.WARN, row("stale_records").severity());
        assertTrue(robot.lookup("#doctorFix").queryButton().isDisabled(), "nothing selected: nothing to fix");

        selectRow(robot, "no stale records of yours");
        assertFalse(robot.lookup("#doctorFix").queryButton().isDisabled());
        String dryRun = openFix(robot);
        assertEquals("• move the stale record " + record + " (pid " + killed.pid() + " start " + killed.processStartTicks()
                + ", no longer running) aside to " + pane.host().records().resolve(".stale"), dryRun);
        assertTrue(Waits.fx(() -> robot.lookup("#fixCancel").queryButton().isDefaultButton()), "Cancel is the default button");
        // The heading names the check as a check, not as a statement that holds ("no stale records: 1 fix").
        assertEquals("The check “no stale records of yours” did not hold: 1 fix will be applied",
                Waits.fx(() -> ((DialogPane) robot.lookup("#fixDryRun").query().getScene().getRoot()).getHeaderText()));
        // Like every dialog (Dialogs.own): owned by the window it came from and modeless to the window
        // system; a modal one un-maximised the main window under openbox.
        Stage fix = (Stage) Waits.fx(() -> robot.lookup("#fixDryRun").query().getScene().getWindow());
        assertEquals(Modality.NONE, Waits.fx(fix::getModality));
        assertSame(Waits.fx(() -> robot.lookup("#doctorFix").query().getScene().getWindow()), Waits.fx(fix::getOwner));
        assertFalse(Waits.fx(() -> robot.lookup("#fixApply").queryButton().isDefaultButton()));

        robot.clickOn("#fixCancel");
        Waits.onFx("the confirmation to close", () -> robot.lookup("#fixDryRun").tryQuery().isEmpty());
        assertTrue(Files.exists(record), "Cancel changes nothing");
        assertEquals(Severity.WARN, row("stale_records").severity());

        // The sockets the dead daemon left are orphaned sockets: Fix… on their row removes them.
        Path socket = killed.pipeDirectory().resolve("control");
        assertTrue(Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
        assertEquals(Severity.WARN, row("orphaned_sockets").severity());
        selectRow(robot, "no orphaned control sockets of yours");
        // The selection holds the row itself, with its result and where its fix stands.
        DoctorRow sockets = row("orphaned_sockets");
        assertSame(sockets, Waits.fx(() -> viewModel.fixes().selectedProperty().get()));
        assertEquals(DoctorRow.Fix.AVAILABLE, Waits.fx(sockets::fix));
        String socketsDryRun = openFix(robot);
        assertTrue(socketsDryRun.startsWith("• remove the orphaned control socket " + socket + " (nothing listens"), socketsDryRun);
        robot.clickOn("#fixApply");
        Waits.onFx("the orphaned-socket row to pass", () -> !viewModel.runningProperty().get() && !viewModel.reportAbsentBinding().get()
                && row("orphaned_sockets").severity() == Severity.PASS);
        assertFalse(Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
        assertEquals(DoctorRow.Fix.APPLIED, Waits.fx(sockets::fix), "the row the fix was applied to says so");
        // Review 2026-12-06 L-6: the change the status line shows names every fix applied, not only the last.
        String removed = Waits.fx(() -> pane.context().activity().lastChangeProperty().get().outcome());
        assertTrue(socketsDryRun.lines().count() >= 2, "the dead daemon left more than one socket: " + socketsDryRun);
        assertEquals(List.of("removed " + socket, "removed " + killed.pipeDirectory().resolve("control_privileged")),
                List.of(removed.split("; ")), "each socket named");

        selectRow(robot, "no stale records of yours");
        openFix(robot);
        robot.clickOn("#fixApply");
        Waits.onFx("the doctor to run again with the stale-record row passing",
                () -> !viewModel.runningProperty().get() && !viewModel.reportAbsentBinding().get()
                        && row("stale_records").severity() == Severity.PASS);
        assertFalse(Files.exists(record), "the record was moved aside");
        // Review 2026-12-06 L-3: beside Fix…, and in the past tense once the doctor ran again.
        assertEquals("1 fix applied; the doctor ran again", Waits.fx(() -> robot.lookup("#doctorFixOutcome").queryAs(Label.class).getText()));
        // Review 2026-12-06 L-20: the dead daemon's pid file went with its record, so nothing is left for a further fix.
        assertFalse(Files.exists(killed.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(Severity.PASS, row("stale_pid_files").severity());
        // Review 2026-12-06 L-4: the pointer is still over Fix…, now disabled; it looks disabled as Cancel beside it does
        // (the theme's hover look set its opacity to 0.9).
        Button fixButton = robot.lookup("#doctorFix").queryButton();
        Button cancel = robot.lookup("#doctorCancel").queryButton();
        assertTrue(Waits.fx(() -> fixButton.isDisabled() && cancel.isDisabled()), "nothing to fix, nothing to cancel");
        Waits.onFx("Fix… to look disabled", () -> fixButton.getOpacity() == cancel.getOpacity());
    }

    /** Four socket removals with long paths (a long TMPDIR) are shown whole, without a scroll bar (review 2026-12-06 L-5). */
    @Test
    void theFixConfirmationShowsFourLongLinesWhole(FxRobot robot) {
        Path scratch = Path.of("/tmp/a-long-scratch-directory-of-the-operator/uni-cumps-1000");
        List<String> lines = Stream.of("train", "train2").flatMap(job -> Stream.of("control", "control_privileged")
                .map(socket -> "remove the orphaned control socket " + scratch.resolve(job).resolve("pipe").resolve(socket)
                        + " (nothing listens; no live record names its directory)")).toList();
        FixDialog dialog = Waits.fx(() -> new FixDialog("no orphaned control sockets of yours", lines, pane.context().messages()));
        robot.interact(dialog::show);
        try {
            TextArea area = robot.lookup("#fixDryRun").queryAs(TextArea.class);
            Waits.onFx("the confirmation laid out", () -> area.getHeight() > 0 && area.lookup(".scroll-pane") != null);
            List<ScrollBar> vertical = Waits.fx(() -> area.lookupAll(".scroll-bar").stream().map(ScrollBar.class::cast)
                    .filter(b -> b.getOrientation() == Orientation.VERTICAL && b.isVisible() && b.getVisibleAmount() < b.getMax()).toList());
            assertEquals(List.of(), vertical, "no scroll bar: the four lines fit");
        } finally {
            robot.interact(dialog::close);
        }
    }

    @Test
    void aFixableRowsRemedyPointsAtTheFixButtonNotAtACommand(FxRobot robot) {
        run(robot);

        for (String id : List.of("stale_records", "orphaned_sockets")) {
            String remedy = row(id).remedy();
            assertTrue(remedy.startsWith("click Fix… to "), id + ": " + remedy);
            assertFalse(remedy.contains("cumps "), id + " names no command: " + remedy);
            Predicate<Node> shown = n -> n instanceof Text t && remedy.equals(LineBreaks.original(t.getText())) && t.isVisible()
                    && t.getParent() != null && t.getParent().getParent() instanceof TableCell<?, ?>;
            Waits.onFx("the remedy of " + id + " in the table", () -> robot.lookup(shown).tryQuery().isPresent());
        }
        assertTrue(pane.host().recordFile("gone").toFile().exists(), "nothing was fixed by running the doctor");
    }

    @Test
    void copyReportSaysCopied(FxRobot robot) {
        run(robot);

        robot.clickOn("#doctorCopy");

        Waits.onFx("the copy feedback", () -> "Copied".equals(robot.lookup("#doctorFeedback").queryAs(Label.class).getText()));
        // Review 2026-12-06 M-6 and L-3: the note is under Copy report, not beside Fix…, which keeps its name; a new run clears it.
        assertEquals("", Waits.fx(() -> robot.lookup("#doctorFixOutcome").queryAs(Label.class).getText()));
        Button fix = robot.lookup("#doctorFix").queryButton();
        assertTrue(Waits.fx(() -> fix.getWidth() >= fix.prefWidth(-1) - 0.5), "Fix… keeps its name");
        double copyY = Waits.fx(() -> robot.lookup("#doctorCopy").query().localToScene(0, 0).getY());
        assertTrue(Waits.fx(() -> robot.lookup("#doctorFeedback").query().localToScene(0, 0).getY()) > copyY, "under Copy report");
        run(robot);
        assertEquals("", Waits.fx(() -> robot.lookup("#doctorFeedback").queryAs(Label.class).getText()), "a new run clears it");
    }

    @Test
    void theTableTakesTheHeightThePaneHas(FxRobot robot) {
        run(robot);

        double table = Waits.fx(() -> robot.lookup("#doctorTable").queryTableView().getHeight());
        double pane = Waits.fx(() -> robot.lookup("#doctorTable").queryTableView().getScene().getHeight());
        // 700 px: the toolbar, the Fix… line and the verdict take about 120; the table has the rest, not a fixed ~5 rows.
        assertTrue(table > pane * 0.6, "table " + table + " px of a " + pane + " px pane");
    }

    /** Review 2026-12-06 M-3: a long path is drawn whole, wrapped over lines inside its cell, not cut with an ellipsis. */
    @Test
    void aLongPathWrapsWholeInsideItsCell(FxRobot robot) {
        run(robot);

        String observed = row("orphaned_sockets").observed();
        // The table draws a path with a hair space after each slash (L-8: it wraps there); the text is the value otherwise.
        Predicate<Node> drawn = n -> n instanceof Text t && observed.equals(LineBreaks.original(t.getText())) && t.isVisible();
        Waits.onFx("the orphaned sockets drawn in the table", () -> robot.lookup(drawn).tryQuery().isPresent());
        Text text = robot.lookup(drawn).queryAs(Text.class);
        TableCell<?, ?> cell = Waits.fx(() -> (TableCell<?, ?>) robot.lookup(drawn).query().getParent());
        Waits.onFx("the path wrapped over lines inside its cell", () -> {
            double line = text.getFont().getSize() * 1.5;
            return text.getLayoutBounds().getHeight() > line
                    && text.localToScene(text.getLayoutBounds()).getMaxX() <= cell.localToScene(cell.getLayoutBounds()).getMaxX() + 1
                    && text.localToScene(text.getLayoutBounds()).getMaxY() <= cell.localToScene(cell.getLayoutBounds()).getMaxY() + 1;
        });
    }
}
