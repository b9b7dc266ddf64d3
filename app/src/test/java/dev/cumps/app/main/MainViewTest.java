package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.ViewModels;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.session.HostSession;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.core.host.HostEnvironment;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

class MainViewTest {

    static final Pattern MISSING_KEY = Pattern.compile("![a-zA-Z][\\w.]*!");

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);


    @Test
    void showsTheThreeTablesWithEnglishTitles(FxRobot robot) {
        assertEquals("GPUs", robot.lookup("#gpusTitle").queryAs(Label.class).getText());
        assertEquals("Control pipes", robot.lookup("#pipesTitle").queryAs(Label.class).getText());
        assertEquals("Daemons", robot.lookup("#daemonsTitle").queryAs(Label.class).getText());
        for (String id : new String[] {"#gpusTable", "#pipesTable", "#daemonsTable"}) {
            assertTrue(robot.lookup(id).tryQueryAs(TableView.class).isPresent(), id);
        }
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
    void f5FillsTheHeaderAndTablesFromTheSimulatedHost(FxRobot robot) throws Exception {
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> console.window().viewModel().gpus().size() == 2);

        assertEquals("Driver: 550.54.15", robot.lookup("#driver").queryAs(Label.class).getText());
        assertEquals("nvidia-smi: available", robot.lookup("#smiStatus").queryAs(Label.class).getText());
        assertFalse(robot.lookup("#diagnostic").queryAs(Label.class).isVisible());
        assertTrue(robot.lookup("#lastRefresh").queryAs(Label.class).getText().startsWith("Last refresh"));
        assertEquals(2, robot.lookup("#gpusTable").queryAs(TableView.class).getItems().size());
    }

    @Test
    void theSimulatedBadgeIsShownOnlyForASimulatedHost(FxRobot robot, @TempDir Path dir) {
        assertTrue(robot.lookup("#simulatedBadge").query().isVisible());
        // A host that is not simulated, but not this machine either: no NVIDIA tools on PATH, HOME, TMPDIR and
        // NVIDIA's default directories in the test's folder (this machine's records and daemons stay unseen).
        HostEnvironment notSimulated = SimulatedConsole.privateHost(dir, Map.of("PATH", dir.resolve("bin").toString(),
                "TMPDIR", dir.toString(), "LANG", "C.UTF-8"));
        try (HostSession real = HostSession.open(false, notSimulated)) {
            ViewModels viewModels = ViewModels.create(real.services(), new CurrentThreadUiExecutor(),
                    Messages.forLocale(Locale.ENGLISH), text -> { }, Clock.systemUTC());
            ConsoleWindow.Built[] built = new ConsoleWindow.Built[1];
            robot.interact(() -> built[0] = ConsoleWindow.build(viewModels));
            assertFalse(built[0].view().lookup("#simulatedBadge").isVisible());
        }
    }

    /** ControlsFX's notification bar brings its own close button (an "x" glyph), which is not ours to label. */
    private static boolean insideNotificationBar(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n.getStyleClass().contains("notification-bar")) {
                return true;
            }
        }
        return false;
    }

    /** The menu bar's menus (View) are menu titles, not buttons with an action: like any desktop menu, no tooltip. */
    private static boolean insideMenuBar(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof MenuBar) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyButtonHasATooltip(FxRobot robot) {
        List<ButtonBase> buttons = robot.lookup((Node n) -> n instanceof ButtonBase)
                .queryAllAs(ButtonBase.class).stream().filter(b -> b.getScene() == console.window().scene())
                .filter(b -> !insideNotificationBar(b) && !insideMenuBar(b)).toList();
        assertTrue(buttons.size() >= 6, "found " + buttons.size());
        for (var b : buttons) {
            assertTrue(b.getTooltip() != null && !b.getTooltip().getText().isBlank(), b.getId() + " has no tooltip");
        }
    }

    @Test
    void noTextIsAMissingKey(FxRobot robot) throws Exception {
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> !console.window().viewModel().gpus().isEmpty());
        WindowFixture.visitEveryPage(robot, console.window().view());
        List<String> texts = WaitForAsyncUtils.asyncFx(() -> WindowFixture.visibleTexts(console.window().view())).get();
        assertTrue(texts.size() > 40, "too few texts found: " + texts);
        assertEquals(List.of(), texts.stream().filter(t -> MISSING_KEY.matcher(t).find()).toList());
    }
}
