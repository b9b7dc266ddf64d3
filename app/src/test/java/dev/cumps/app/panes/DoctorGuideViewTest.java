package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.doctor.DoctorView;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.layout.Pane;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The doctor pane's Guide links against the simulated host with no daemon (so {@code daemon_count}
 * fails and the checks resting on it are skipped): a row that did not pass has a Guide link, a
 * passing row has none; the link opens the user guide inside the application, drawn (headings,
 * bold, code; no Markdown marks left), scrolled to that check's entry, which is marked; a second
 * link moves the same window to the other entry. No launcher property is needed: the guide is in the jar.
 */
public class DoctorGuideViewTest {

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).size(1200, 700)
            .showing(p -> new DoctorView(p.viewModels().doctor()));

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
        // Rows grow with their text: the row scrolled to is drawn within a pulse or two.
        Waits.onFx("the remedy cell of " + id, () -> robot.lookup(".remedy-cell").queryAllAs(TableCell.class).stream()
                .anyMatch(c -> !c.isEmpty() && c.getItem() instanceof DoctorRow row && row.id().equals(id)));
        return Waits.fx(() -> robot.lookup(".remedy-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> !c.isEmpty() && c.getItem() instanceof DoctorRow row && row.id().equals(id))
                .map(c -> ((Pane) c.getGraphic()).getChildren().stream().filter(n -> n instanceof Hyperlink).findFirst().orElseThrow())
                .filter(Node::isVisible).map(n -> (Hyperlink) n).findFirst());
    }

    /** The guide window, once it shows. */
    public static Stage guideWindow() {
        Waits.onFx("the guide window", () -> Window.getWindows().stream()
                .anyMatch(w -> w.isShowing() && w.getScene() != null && "guideWindow".equals(w.getScene().getRoot().getId())));
        return Waits.fx(() -> (Stage) Window.getWindows().stream()
                .filter(w -> w.isShowing() && "guideWindow".equals(w.getScene().getRoot().getId())).findFirst().orElseThrow());
    }

    /** Waits until the guide window marks the heading {@code expected} as the entry it was opened at and shows it whole. */
    static void markedHeadingInView(Stage guide, String expected) {
        Parent root = guide.getScene().getRoot();
        Waits.onFx("the marked entry to be in view", () -> marked(root).map(h -> inView(root, h)).orElse(false)
                && marked(root).map(h -> text(h).equals(expected)).orElse(false));
        assertEquals(expected, Waits.fx(() -> text(marked(root).orElseThrow())));
    }

    private static Optional<TextFlow> marked(Parent root) {
        return root.lookupAll(".guide-heading").stream()
                .filter(n -> n.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("target")))
                .map(n -> (TextFlow) n).findFirst();
    }

    private static boolean inView(Parent root, Node heading) {
        ScrollPane scroll = (ScrollPane) root.lookup("#guideScroll");
        Bounds viewport = scroll.localToScene(scroll.getLayoutBounds());
        Bounds shown = heading.localToScene(heading.getLayoutBounds());
        return shown.getHeight() > 0 && shown.getMinY() >= viewport.getMinY() - 1 && shown.getMaxY() <= viewport.getMaxY() + 1;
    }

    static String text(TextFlow flow) {
        StringBuilder out = new StringBuilder();
        for (Node child : flow.getChildren()) {
            if (child instanceof Text run) {
                out.append(run.getText());
            } else if (child instanceof Hyperlink link) {
                out.append(link.getText());
            }
        }
        return out.toString();
    }

    /** Every run of text the guide window draws. */
    public static List<String> runs(Stage guide) {
        return Waits.fx(() -> guide.getScene().getRoot().lookupAll(".guide-text").stream().map(n -> ((Text) n).getText()).toList());
    }

    @Test
    void aFailingCheckOpensTheRenderedGuideAtItsEntry(FxRobot robot) {
        runFor(robot, "0");
        assertTrue(guideLink(robot, "platform").isEmpty(), "a passing check has no Guide link");
        Hyperlink link = guideLink(robot, "daemon_count").orElseThrow(() -> new AssertionError("the failing check has a Guide link"));
        assertEquals("Guide", link.getText());

        robot.clickOn(link);
        Stage guide = guideWindow();
        assertEquals("User guide — MPS Console", Waits.fx(guide::getTitle));
        markedHeadingInView(guide, "daemon_count: exactly one live managed daemon for the GPU");
        List<String> runs = runs(guide);
        assertTrue(runs.contains("cumps start --gpus 0"), "the entry's code is a run of its own: " + runs.size() + " runs");
        assertTrue(runs.contains("How to fix it."), "bold as a run of its own, without its marks");
        for (String run : runs) {
            assertFalse(run.contains("**") || run.startsWith("#") && !run.startsWith("#!") && !run.startsWith("#SBATCH")
                    && !run.startsWith("#PBS") || run.contains("<a id="), "Markdown left in the drawn guide: " + run);
        }
        assertTrue(Waits.fx(() -> guide.getScene().getRoot().lookupAll(".guide-code-block").size()) > 10, "code blocks drawn as blocks");

        // A second link: the same window, at the other entry.
        Hyperlink skipped = guideLink(robot, "pipe_access").orElseThrow(() -> new AssertionError("a skipped check has a Guide link"));
        robot.interact(skipped::fire);
        markedHeadingInView(guideWindow(), "pipe_access: control pipe is usable and private");
        assertEquals(1, Waits.fx(() -> Window.getWindows().stream()
                .filter(w -> w.isShowing() && "guideWindow".equals(w.getScene().getRoot().getId())).count()).intValue());

        robot.interact(() -> guide.getScene().getRoot().lookup("#guideClose").requestFocus());
        robot.interact(() -> ((Button) guide.getScene().getRoot().lookup("#guideClose")).fire());
        Waits.onFx("the guide window to close", () -> !guide.isShowing());
    }

    @Test
    void aLinkInsideTheGuideMovesToItsTarget(FxRobot robot) {
        runFor(robot, "0");
        robot.clickOn(guideLink(robot, "daemon_count").orElseThrow());
        Stage guide = guideWindow();
        markedHeadingInView(guide, "daemon_count: exactly one live managed daemon for the GPU");
        robot.interact(() -> ((Button) guide.getScene().getRoot().lookup("#guideTop")).fire());
        Hyperlink contents = Waits.fx(() -> guide.getScene().getRoot().lookupAll(".guide-link").stream().map(n -> (Hyperlink) n)
                .filter(h -> h.getText().equals("Troubleshooting, check by check")).findFirst().orElseThrow());
        robot.interact(contents::fire);
        Waits.onFx("the section heading in view", () -> {
            Parent root = guide.getScene().getRoot();
            TextFlow heading = root.lookupAll(".guide-h2").stream().map(n -> (TextFlow) n)
                    .filter(h -> text(h).equals("Troubleshooting, check by check")).findFirst().orElseThrow();
            return inView(root, heading);
        });
        robot.interact(guide::hide);
    }
}
