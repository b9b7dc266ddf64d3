package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.doctor.DoctorView;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.app.ui.UiExecutor;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

class DoctorViewTest {

    /** Holds every piece of work back until opened, so that a run can be caught running. */
    private final CountDownLatch gate = new CountDownLatch(1);
    private DoctorViewModel viewModel;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).withHost(host -> host.live("t1", 0))
            .systemClipboard().size(1000, 600).wrapExecutor(this::gated)
            .showing(p -> new DoctorView(viewModel = p.viewModels().doctor()));

    private UiExecutor gated(UiExecutor executor) {
        return new UiExecutor() {
            @Override
            public <T> Future<?> submit(Callable<T> work, Consumer<? super T> onSuccess,
                    Consumer<? super Throwable> onFailure) {
                return executor.submit(() -> {
                    gate.await();
                    return work.call();
                }, onSuccess, onFailure);
            }

            @Override
            public void runOnUi(Runnable action) {
                executor.runOnUi(action);
            }

            @Override
            public Timer schedule(Duration delay, Runnable onUi) {
                return executor.schedule(delay, onUi);
            }
        };
    }

    @Test
    void runShowsOneColouredRowPerCheckAndTheVerdict(FxRobot robot) throws Exception {
        assertTrue(robot.lookup("#doctorCopy").queryButton().isDisabled(), "nothing to copy before a run");
        assertTrue(robot.lookup("#doctorCancel").queryButton().isDisabled());
        assertEquals("Not run yet", robot.lookup("#doctorVerdict").queryAs(Label.class).getText());

        gate.countDown();
        robot.clickOn("#doctorSelector").write("0");
        robot.clickOn("#doctorRun");
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS,
                () -> robot.lookup("#doctorVerdict").queryAs(Label.class).getText().startsWith("Valid: "));
        WaitForAsyncUtils.waitForFxEvents();

        Label verdict = robot.lookup("#doctorVerdict").queryAs(Label.class);
        assertTrue(pseudoClasses(verdict).contains("pass"), pseudoClasses(verdict).toString());
        TableView<?> table = robot.lookup("#doctorTable").queryTableView();
        assertTrue(table.getItems().size() >= 10, "rows: " + table.getItems().size());
        // The table follows the run to its last row; the user scrolls back up to read the first.
        robot.interact(() -> table.scrollTo(0));
        WaitForAsyncUtils.waitForFxEvents();

        List<TableCell<?, ?>> statusCells = robot.lookup(".severity-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> !c.isEmpty())
                .<TableCell<?, ?>>map(c -> c)
                .toList();
        assertFalse(statusCells.isEmpty(), "status cells are shown");
        TableCell<?, ?> first = statusCells.stream().filter(c -> c.getIndex() == 0).findFirst().orElseThrow();
        assertEquals("Pass", first.getText(), "the first check (Linux host) passes");
        assertEquals(Feather.CHECK_CIRCLE, ((FontIcon) first.getGraphic()).getIconCode(), "with the pass shape");
        assertTrue(pseudoClasses(first).contains("pass"), pseudoClasses(first).toString());
        for (TableCell<?, ?> cell : statusCells) {
            assertFalse(pseudoClasses(cell).contains("fail"), "no failing check: " + cell.getText());
        }
        assertTrue(robot.lookup("Linux host").tryQuery().isPresent(), "the check's title is shown");

        assertFalse(robot.lookup("#doctorRun").queryButton().isDisabled());
        assertTrue(robot.lookup("#doctorCancel").queryButton().isDisabled());
        Button copy = robot.lookup("#doctorCopy").queryButton();
        assertFalse(copy.isDisabled());
        assertFalse(robot.lookup("#doctorExport").queryButton().isDisabled());

        robot.clickOn(copy);
        String clipboard = WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get();
        assertTrue(clipboard.contains("| check | status | observed | expected | remedy |"), clipboard);
        for (DoctorRow row : Waits.fx(() -> List.copyOf(viewModel.rows()))) {
            assertTrue(clipboard.contains("| " + row.title() + " | "), row.title() + " in " + clipboard);
        }
    }

    @Test
    void whileTheDoctorRunsOnlyCancelIsOfferedAndCancelEndsTheRun(FxRobot robot) {
        // The gate stays closed: the run cannot finish before the user cancels.
        robot.clickOn("#doctorRun");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#doctorRun").queryButton().isDisabled());
        assertFalse(robot.lookup("#doctorCancel").queryButton().isDisabled());
        assertTrue(robot.lookup("#doctorSelector").query().isDisabled());
        assertEquals("Running… no checks so far", robot.lookup("#doctorVerdict").queryAs(Label.class).getText());

        robot.clickOn("#doctorCancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Cancelled after no checks", robot.lookup("#doctorVerdict").queryAs(Label.class).getText());
        assertFalse(robot.lookup("#doctorRun").queryButton().isDisabled());
        assertTrue(robot.lookup("#doctorCancel").queryButton().isDisabled());
        assertTrue(robot.lookup("#doctorCopy").queryButton().isDisabled(), "a cancelled run leaves no report");
        gate.countDown();
        // The positive signal that no row can come any more: the worker has ended (close waits for
        // it), and the FX events it posted before ending have run.
        pane.fxExecutor().close();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, viewModel.rows().size(), "no row arrives after Cancel");
    }

    private static Set<String> pseudoClasses(Node node) {
        return node.getPseudoClassStates().stream().map(Object::toString).collect(Collectors.toSet());
    }
}
