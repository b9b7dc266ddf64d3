package dev.cumps.app.theme;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.WindowFixture;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import javafx.application.Application;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.scene.shape.Polyline;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The GPUs table's load sparkline stands out from the cell it is drawn on in both themes: WCAG 2's
 * 3:1 for non-text contrast, its stroke against the background the window actually renders there.
 */
class SparklineContrastTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    @AfterEach
    void backToLight(FxRobot robot) {
        robot.interact(() -> Application.setUserAgentStylesheet(Appearance.LIGHT.userAgentStylesheet()));
    }

    @Test
    void theSparklineHasAtLeastThreeToOneContrastOnItsCellInLightAndDark(FxRobot robot) {
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> robot.lookup(".gpu-load .gpu-sparkline").tryQuery().isPresent()
                && !robot.lookup(".gpu-load .gpu-sparkline").queryAs(Polyline.class).getPoints().isEmpty());

        for (Appearance appearance : Appearance.values()) {
            robot.interact(() -> themeItem(robot, appearance == Appearance.DARK ? "themeDark" : "themeLight").setSelected(true));
            WindowFixture.waitUntil(() -> appearance.userAgentStylesheet().equals(Application.getUserAgentStylesheet()));
            AtomicReference<double[]> measured = new AtomicReference<>();
            // The new stylesheet reaches the scene on the next pulses: wait until the cell's background has the theme's lightness.
            WindowFixture.waitUntil(() -> {
                Polyline line = robot.lookup(".gpu-load .gpu-sparkline").queryAs(Polyline.class);
                line.applyCss();
                Color background = renderedBackground(line.getParent());
                double luminance = ThemeWindowTest.luminance(background);
                measured.set(new double[] {ThemeWindowTest.contrast((Color) line.getStroke(), background), luminance,
                        line.getStrokeWidth()});
                return appearance == Appearance.DARK ? luminance < 0.1 : luminance > 0.8;
            });
            double[] m = measured.get();
            assertTrue(m[0] >= 3.0, appearance + ": sparkline contrast " + m[0] + " on a background of luminance " + m[1]);
            assertTrue(m[2] >= 1.0, appearance + ": a visible stroke width, " + m[2]);
        }
    }

    private static RadioMenuItem themeItem(FxRobot robot, String id) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().flatMap(menu -> menu.getItems().stream())
                .flatMap(item -> item instanceof Menu sub ? sub.getItems().stream() : Stream.of(item))
                .filter(item -> id.equals(item.getId())).map(RadioMenuItem.class::cast).findFirst().orElseThrow();
    }

    /** The colour most pixels of {@code node}'s area have in the rendered window (the line is thin). On the FX thread. */
    private static Color renderedBackground(Node node) {
        WritableImage image = node.getScene().snapshot(null);
        Bounds area = node.localToScene(node.getBoundsInLocal());
        Map<Integer, Integer> counts = new HashMap<>();
        for (int y = (int) Math.max(0, area.getMinY()); y < (int) Math.min(image.getHeight(), area.getMaxY()); y++) {
            for (int x = (int) Math.max(0, area.getMinX()); x < (int) Math.min(image.getWidth(), area.getMaxX()); x++) {
                counts.merge(image.getPixelReader().getArgb(x, y), 1, Integer::sum);
            }
        }
        int argb = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        return Color.rgb((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff);
    }
}
