package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorGuide;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.doctor.DoctorView;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.core.CoreServices;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.guide.GuideLink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The doctor pane's Guide buttons against the simulated host with no daemon (so
 * {@code daemon_count} fails and the checks resting on it are skipped): a row that did not pass has
 * a Guide link in its remedy column, a passing row has none; the link shows that check's entry of
 * the real {@code docs/guide.md} in a dialog, and Open guide hands the guide file to xdg-open (a
 * recording runner stands in for the desktop) while the dialog stays open.
 */
class DoctorGuideViewTest {
    private static final Path GUIDE = guide();

    private final List<List<String>> opened = new CopyOnWriteArrayList<>();
    private DoctorViewModel viewModel;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).size(1200, 700).showing(p -> {
        CoreServices services = p.host().services();
        FolderOpener opener = new FolderOpener(spec -> record(spec), Map.of());
        viewModel = new DoctorViewModel(p.context(), services.doctor(), services.fixes(), services.host().home(),
                new DoctorGuide(p.context(), GuideLink.of(GUIDE.toString()), opener));
        return new DoctorView(viewModel);
    });

    private CommandResult record(CommandSpec spec) {
        opened.add(spec.argv());
        return CommandResult.exited(spec.argv().get(0), 0, "", "");
    }

    private static Path guide() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/guide.md"))) {
            dir = dir.getParent();
        }
        return dir.resolve("docs/guide.md");
    }

    static void runFor(FxRobot robot, String selector) {
        robot.clickOn("#doctorSelector").write(selector);
        robot.clickOn("#doctorRun");
        Button copy = robot.lookup("#doctorCopy").queryButton();
        Waits.onFx("the doctor run to finish", () -> !copy.isDisabled());
    }

    /** The Guide link of the row {@code id}, scrolled into view; empty when the row shows none. */
    static Optional<Hyperlink> guideLink(FxRobot robot, String id) {
        TableView<?> table = robot.lookup("#doctorTable").queryTableView();
        int index = Waits.fx(() -> {
            for (int i = 0; i < table.getItems().size(); i++) {
                if (((DoctorRow) table.getItems().get(i)).id().equals(id)) {
                    return i;
                }
            }
            throw new AssertionError("no row " + id);
        });
        robot.interact(() -> table.scrollTo(index));
        return Waits.fx(() -> robot.lookup(".remedy-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> !c.isEmpty() && c.getItem() instanceof DoctorRow row && row.id().equals(id))
                .map(c -> ((HBox) c.getGraphic()).getChildren().stream().filter(n -> n instanceof Hyperlink).findFirst().orElseThrow())
                .filter(Node::isVisible).map(n -> (Hyperlink) n).findFirst());
    }

    @Test
    void aFailingCheckLinksToItsGuideEntryAndOpenGuideOpensTheWholeGuide(FxRobot robot) {
        runFor(robot, "0");
        assertTrue(guideLink(robot, "platform").isEmpty(), "a passing check has no Guide link");
        Hyperlink link = guideLink(robot, "daemon_count").orElseThrow(() -> new AssertionError("the failing check has a Guide link"));
        assertEquals("Guide", link.getText());

        robot.clickOn(link);
        Waits.onFx("the guide dialog", () -> robot.lookup("#guideEntry").tryQuery().isPresent());
        String entry = Waits.fx(() -> robot.lookup("#guideEntry").queryAs(TextArea.class).getText());
        assertTrue(entry.startsWith("### `daemon_count`: exactly one live managed daemon for the GPU\n"), entry);
        assertTrue(entry.contains("`cumps start --gpus 0`"), "the entry says how to fix it: " + entry);
        assertFalse(entry.contains("<a id="), "only this entry, up to the next: " + entry);
        assertEquals(GUIDE.toUri() + "#daemon-count", Waits.fx(() -> robot.lookup("#guideLocation").queryAs(Label.class).getText()));

        robot.clickOn("#guideOpen");
        Waits.onFx("the guide to be handed to xdg-open", () -> !opened.isEmpty());
        assertEquals(List.of(List.of("xdg-open", GUIDE.toString())), opened, "the guide file, without the fragment");
        Waits.onFx("the outcome line", () -> robot.lookup("#guideOpenOutcome").queryAs(Label.class).getText().equals("Opened " + GUIDE));
        assertTrue(robot.lookup("#guideEntry").tryQuery().isPresent(), "Open guide keeps the dialog open");

        robot.clickOn("#guideClose");
        Waits.onFx("the dialog to close", () -> robot.lookup("#guideEntry").tryQuery().isEmpty());
    }

    @Test
    void aSkippedCheckLinksToItsOwnEntry(FxRobot robot) {
        runFor(robot, "0");
        robot.clickOn(guideLink(robot, "pipe_access").orElseThrow(() -> new AssertionError("a skipped check has a Guide link")));
        Waits.onFx("the guide dialog", () -> robot.lookup("#guideEntry").tryQuery().isPresent());
        String entry = Waits.fx(() -> robot.lookup("#guideEntry").queryAs(TextArea.class).getText());
        assertTrue(entry.startsWith("### `pipe_access`: control pipe is usable and private\n"), entry);
        robot.clickOn("#guideClose");
    }
}
