package dev.cumps.app.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.main.MainView;
import dev.cumps.app.ui.table.FullTextCell;
import dev.cumps.core.record.DaemonRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import javafx.application.Application;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;

/** The look of the real main window: AtlantaFX light and dark, readable selection, icons, ellipsis, the split grip. */
class ThemeWindowTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    /** Later test classes start from the light look, as every window does. */
    @AfterEach
    void backToLight(FxRobot robot) {
        robot.interact(() -> Application.setUserAgentStylesheet(Appearance.LIGHT.userAgentStylesheet()));
    }

    @Test
    void viewThemeDarkInstallsAtlantaFxDarkAndTheTablesTurnDark(FxRobot robot) {
        assertEquals(Appearance.LIGHT.userAgentStylesheet(), Application.getUserAgentStylesheet(), "the window opens light");
        double lightTable = medianLuminance(robot, "#daemonsTable");
        assertTrue(lightTable > 0.8, "light table background, luminance " + lightTable);

        robot.clickOn("View");
        robot.clickOn("Theme");
        robot.clickOn("Dark");

        WindowFixture.waitUntil(() -> Appearance.DARK.userAgentStylesheet().equals(Application.getUserAgentStylesheet()));
        assertTrue(Application.getUserAgentStylesheet().contains("primer-dark"), Application.getUserAgentStylesheet());
        assertTrue(console.window().view().getPseudoClassStates().contains(ThemeSwitch.DARK), "console.css sees :dark");
        // The new stylesheet reaches the scene on the next pulses: wait for the table to turn dark.
        WindowFixture.waitUntil(() -> medianLuminance(robot.lookup("#daemonsTable").query()) < 0.1);
        assertTrue(themeItem(robot, "themeDark").isSelected());

        robot.clickOn("View");
        robot.clickOn("Theme");
        robot.clickOn("Light");
        WindowFixture.waitUntil(() -> Appearance.LIGHT.userAgentStylesheet().equals(Application.getUserAgentStylesheet()));
        assertFalse(console.window().view().getPseudoClassStates().contains(ThemeSwitch.DARK));
    }

    @Test
    void theSceneIsFilledWithTheThemesBackgroundSoTheFirstFrameIsNeverWhiteInDark(FxRobot robot) {
        for (Appearance appearance : List.of(Appearance.DARK, Appearance.LIGHT)) {
            robot.interact(() -> themeItem(robot, appearance == Appearance.DARK ? "themeDark" : "themeLight").setSelected(true));
            WindowFixture.waitUntil(() -> appearance.userAgentStylesheet().equals(Application.getUserAgentStylesheet()));
            AtomicReference<Object> rootFill = new AtomicReference<>();
            robot.interact(() -> {
                MainView root = console.window().view();
                root.applyCss();
                rootFill.set(root.getBackground() == null || root.getBackground().getFills().isEmpty() ? null
                        : root.getBackground().getFills().get(0).getFill());
            });
            assertEquals(appearance.background(), console.window().scene().getFill(), appearance + ": the scene's fill");
            // The fill stands for the root's own background until the first paint: the same colour.
            assertEquals(rootFill.get(), appearance.background(), appearance + ": the theme's root background");
        }
    }

    @Test
    void theSelectedLiveRowKeepsItsStateColourReadableInBothThemes(FxRobot robot) throws Exception {
        DaemonRecord record = console.host().start("look-a", 0);
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> console.window().viewModel().daemons().size() == 1);
        robot.interact(() -> console.window().viewModel().select(console.window().viewModel().daemons().get(0)));
        WindowFixture.waitUntil(() -> stateCell(robot) != null && stateCell(robot).getTableRow().isSelected());
        assertEquals(record.name(), console.window().viewModel().selectedRowProperty().get().name());

        for (Appearance appearance : Appearance.values()) {
            robot.interact(() -> themeItem(robot, appearance == Appearance.DARK ? "themeDark" : "themeLight").setSelected(true));
            WindowFixture.waitUntil(() -> appearance.userAgentStylesheet().equals(Application.getUserAgentStylesheet()));
            WindowFixture.waitUntil(() -> appearance == Appearance.DARK
                    ? medianLuminance(robot.lookup("#gpusTable").query()) < 0.1
                    : medianLuminance(robot.lookup("#gpusTable").query()) > 0.8);
            AtomicReference<double[]> measured = new AtomicReference<>();
            robot.interact(() -> {
                TableCell<?, ?> cell = stateCell(robot);
                cell.applyCss();
                Color text = (Color) cell.getTextFill();
                // The row paints the selection; its cells are transparent over it.
                Color selection = dominant(cell.getTableRow().snapshot(null, null));
                TableView<?> table = robot.lookup("#gpusTable").queryAs(TableView.class);
                Color plain = dominant(table.snapshot(null, null));
                FontIcon icon = (FontIcon) cell.getGraphic();
                measured.set(new double[] {contrast(text, selection), distance(selection, plain),
                        text.getGreen() - Math.max(text.getRed(), text.getBlue()), distance((Color) icon.getIconColor(), text),
                        icon.getIconCode() == Feather.CHECK_CIRCLE ? 1 : 0});
            });
            double[] m = measured.get();
            assertTrue(m[0] >= 4.5, appearance + ": live text on the selected row has contrast " + m[0]);
            assertTrue(m[1] > 0.05, appearance + ": the selection is visible against an unselected table");
            assertTrue(m[2] > 0.1, appearance + ": the state keeps its green on the selected row");
            assertTrue(m[3] < 0.01, appearance + ": the state icon has the state's colour");
            assertEquals(1, m[4], appearance + ": live has the check-circle shape");
        }
    }

    @Test
    void theDefaultNameIsCutInTheMiddleAndShownWholeAsTooltip(FxRobot robot) throws Exception {
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> console.window().viewModel().gpus().size() == 2);
        // The core's default name: gpu-<the UUID without its GPU- prefix>.
        String name = "gpu-" + console.window().viewModel().gpus().get(0).uuid().substring("GPU-".length()).toLowerCase(Locale.ROOT);
        console.host().start(name, 0);
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> console.window().viewModel().daemons().size() == 1);
        TableColumn<DaemonRow, ?> nameColumn = daemonColumn(robot, "Name");

        robot.interact(() -> nameColumn.setPrefWidth(170));
        WindowFixture.waitUntil(() -> nameCell(robot, name) != null && nameCell(robot, name).isCut());
        AtomicReference<String> shown = new AtomicReference<>();
        robot.interact(() -> shown.set(shownText(nameCell(robot, name))));
        assertTrue(shown.get().startsWith(name.substring(0, 8)) && shown.get().contains(nameCell(robot, name).getEllipsisString())
                && shown.get().endsWith(name.substring(name.length() - 4)), "cut in the middle: " + shown.get());
        assertNotNull(nameCell(robot, name).getTooltip(), "a cut name has a tooltip");
        assertEquals(name, nameCell(robot, name).getTooltip().getText());

        robot.interact(() -> nameColumn.setPrefWidth(600));
        WindowFixture.waitUntil(() -> !nameCell(robot, name).isCut() && nameCell(robot, name).getTooltip() == null);
        robot.interact(() -> shown.set(shownText(nameCell(robot, name))));
        assertEquals(name, shown.get(), "a name that fits is shown whole, without tooltip");
    }

    @Test
    void eachPageOfTheRailGetsTheWholeHeightBesideTheRail(FxRobot robot) {
        Node rail = robot.lookup("#pageRail").query();
        for (String page : List.of("overview", "doctor", "clients", "limits", "env", "log", "activity", "hosts")) {
            robot.clickOn("#" + page + "Nav");
            WindowFixture.waitUntil(() -> page.equals(((MainView) robot.lookup(".main-view").query()).rail().selectedProperty().get()));
            List<Node> shown = robot.lookup("#pages").queryAs(StackPane.class).getChildren().stream().filter(Node::isVisible).toList();
            assertEquals(1, shown.size(), page + ": one page shown at a time");
            double pageHeight = shown.get(0).getLayoutBounds().getHeight();
            double railHeight = rail.getLayoutBounds().getHeight();
            assertTrue(pageHeight >= railHeight - 1, page + ": the page is as high as the rail beside it: " + pageHeight + " / " + railHeight);
            assertTrue(Waits.fx(() -> robot.lookup("#" + page + "Nav").queryAs(ToggleButton.class).isSelected()));
        }
    }

    @Test
    void actionsAndPanesHaveIcons(FxRobot robot) {
        List<String> buttons = List.of("#startButton", "#stopButton", "#stopAllButton", "#removeButton", "#refreshButton",
                "#pauseButton");
        long shapes = buttons.stream()
                .map(id -> robot.lookup(id).queryAs(Labeled.class).getGraphic())
                .map(graphic -> ((FontIcon) graphic).getIconCode())
                .distinct().count();
        assertEquals(buttons.size(), shapes, "each action its own icon");
        assertTrue(robot.lookup(".rail-button").queryAllAs(ToggleButton.class).stream()
                .allMatch(page -> page.getGraphic() instanceof FontIcon), "every page of the rail has an icon");
        assertTrue(robot.lookup("#startButton").queryAs(Button.class).getText().startsWith("Start"), "the text stays");
    }

    // ------------------------------------------------------------------ helpers

    private static RadioMenuItem themeItem(FxRobot robot, String id) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().flatMap(menu -> menu.getItems().stream())
                .flatMap(item -> item instanceof Menu sub ? sub.getItems().stream() : Stream.of(item))
                .filter(item -> id.equals(item.getId())).map(RadioMenuItem.class::cast).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static TableColumn<DaemonRow, ?> daemonColumn(FxRobot robot, String title) {
        TableView<DaemonRow> table = robot.lookup("#daemonsTable").queryAs(TableView.class);
        return table.getColumns().stream().filter(c -> c.getText().equals(title)).findFirst().orElseThrow();
    }

    private static TableCell<?, ?> stateCell(FxRobot robot) {
        return robot.lookup("#daemonsTable .table-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> !c.isEmpty() && c.getGraphic() instanceof FontIcon && c.getGraphic().getStyleClass().contains("state-icon"))
                .findFirst().orElse(null);
    }

    private static FullTextCell<?> nameCell(FxRobot robot, String name) {
        return robot.lookup("#daemonsTable .full-text-cell").queryAllAs(FullTextCell.class).stream()
                .filter(c -> name.equals(c.getText())).findFirst().orElse(null);
    }

    private static String shownText(Labeled cell) {
        return cell.getChildrenUnmodifiable().stream().filter(n -> n instanceof Text)
                .map(n -> ((Text) n).getText()).findFirst().orElse("");
    }

    private static double medianLuminance(FxRobot robot, String query) {
        AtomicReference<Double> median = new AtomicReference<>();
        robot.interact(() -> median.set(medianLuminance(robot.lookup(query).query())));
        return median.get();
    }

    /**
     * The median luminance of {@code node}'s area in the rendered window: its background's (a table's
     * own background is transparent over the window's). On the FX thread.
     */
    private static double medianLuminance(Node node) {
        WritableImage image = node.getScene().snapshot(null);
        Bounds area = node.localToScene(node.getBoundsInLocal());
        int minX = (int) Math.max(0, area.getMinX());
        int minY = (int) Math.max(0, area.getMinY());
        int maxX = (int) Math.min(image.getWidth(), area.getMaxX());
        int maxY = (int) Math.min(image.getHeight(), area.getMaxY());
        List<Double> values = new ArrayList<>();
        for (int y = minY; y < maxY; y += 2) {
            for (int x = minX; x < maxX; x += 2) {
                values.add(luminance(image.getPixelReader().getColor(x, y)));
            }
        }
        values.sort(Double::compare);
        return values.get(values.size() / 2);
    }

    /** The colour most pixels of {@code image} have: a cell's or a table's background. */
    private static Color dominant(WritableImage image) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                counts.merge(image.getPixelReader().getArgb(x, y), 1, Integer::sum);
            }
        }
        int argb = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        return Color.rgb((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff);
    }

    /** WCAG 2 relative luminance. */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double channel) {
        return channel <= 0.03928 ? channel / 12.92 : Math.pow((channel + 0.055) / 1.055, 2.4);
    }

    /** WCAG 2 contrast ratio. */
    static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double distance(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) + Math.abs(a.getGreen() - b.getGreen()) + Math.abs(a.getBlue() - b.getBlue());
    }
}
