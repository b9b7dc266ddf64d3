package dev.cumps.app.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The Stop all report's lines (a stopped daemon, a stale record cleaned) keep at least 4.5:1 against
 * the dialog's rendered background in the light and the dark theme: a dialog is a root of its own
 * and takes the window's dark look (it showed the light theme's colours on the dark dialog, 2.9:1).
 */
class DialogContrastTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    @AfterEach
    void backToLight(FxRobot robot) {
        robot.interact(() -> Application.setUserAgentStylesheet(Appearance.LIGHT.userAgentStylesheet()));
    }

    @Test
    void theStopAllReportIsReadableInBothThemes(FxRobot robot) {
        for (Appearance appearance : Appearance.values()) {
            robot.interact(() -> themeItem(robot, appearance == Appearance.DARK ? "themeDark" : "themeLight").setSelected(true));
            WindowFixture.waitUntil(() -> appearance.userAgentStylesheet().equals(Application.getUserAgentStylesheet()));
            SimulatedConsole.kill(console.host().start("contrast-stale-" + appearance.ordinal(), 0));
            console.host().start("contrast-live-" + appearance.ordinal(), 1);
            robot.type(KeyCode.F5);
            Waits.onFx("both daemons listed", () -> console.window().viewModel().daemons().size() == 2);
            robot.clickOn("#stopAllButton");
            Waits.onFx("the confirmation", () -> robot.lookup("#confirmStopAll").tryQuery().isPresent());
            robot.clickOn(robot.lookup("#confirmStopAll").queryButton());
            Waits.onFx("the report", () -> robot.lookup("#stopAllOutcomes").tryQuery().isPresent()
                    && !robot.lookup("#stopAllOutcomes").queryAs(VBox.class).getChildren().isEmpty());
            List<String> measured = new ArrayList<>();
            WindowFixture.waitUntil(() -> {
                measured.clear();
                DialogPane pane = robot.lookup("#stopAllReport").queryAs(DialogPane.class);
                Color background = dominant(pane);
                double lightness = ThemeWindowTest.luminance(background);
                if (appearance == Appearance.DARK ? lightness > 0.1 : lightness < 0.8) {
                    return false; // the theme's stylesheet has not reached the dialog yet
                }
                for (Node node : robot.lookup("#stopAllOutcomes").queryAs(VBox.class).getChildren()) {
                    Label line = (Label) node;
                    double contrast = ThemeWindowTest.contrast((Color) line.getTextFill(), background);
                    measured.add(String.format(Locale.ROOT, "%s %.2f", line.getText(), contrast));
                }
                return true;
            });
            assertEquals(2, measured.size(), measured.toString());
            for (String line : measured) {
                double contrast = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                assertTrue(contrast >= 4.5, appearance + ": " + line);
            }
            robot.type(KeyCode.ESCAPE);
            Waits.onFx("the report to close", () -> robot.lookup("#stopAllReport").tryQuery().isEmpty());
            Waits.onFx("the table to empty", () -> console.window().viewModel().daemons().isEmpty());
        }
    }

    private static RadioMenuItem themeItem(FxRobot robot, String id) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().flatMap(menu -> menu.getItems().stream())
                .flatMap(item -> item instanceof Menu sub ? sub.getItems().stream() : Stream.of(item))
                .filter(item -> id.equals(item.getId())).map(RadioMenuItem.class::cast).findFirst().orElseThrow();
    }

    /** The colour most pixels of the rendered dialog have: its background. */
    private static Color dominant(DialogPane pane) {
        WritableImage image = pane.getScene().snapshot(null);
        Map<Integer, Integer> counts = new HashMap<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                counts.merge(image.getPixelReader().getArgb(x, y), 1, Integer::sum);
            }
        }
        int argb = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        return Color.rgb((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff);
    }
}
