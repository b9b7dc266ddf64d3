package dev.cumps.app.ui.style;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.control.TextArea;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The env block and the control log keep a monospace font whatever the language (zh-CN once lost it). */
@ExtendWith(ApplicationExtension.class)
class MonospaceFontTest {

    private TextArea block;

    @Start
    void start(Stage stage) {
        block = new TextArea("CUDA_MPS_PIPE_DIRECTORY=/tmp/x\n管道目录 iiii MMMM");
        block.getStyleClass().add(ConsoleStyles.ENV_BLOCK);
        Scene scene = new Scene(new StackPane(block), 400, 200);
        ConsoleStylesheet.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theFirstInstalledFamilyOfTheStackIsChosen() {
        assertEquals("WenQuanYi Micro Hei Mono",
                MonospaceFont.choose(Set.of("DejaVu Sans Mono", "WenQuanYi Micro Hei Mono")::contains));
        assertEquals("DejaVu Sans Mono", MonospaceFont.choose(Set.of("DejaVu Sans Mono", "Arial")::contains));
        assertEquals("Monospaced", MonospaceFont.choose(family -> false), "JavaFX's logical font is always there");
        assertEquals("Noto Sans Mono CJK SC", MonospaceFont.STACK.get(0), "CJK-capable monospace fonts come first");
    }

    @Test
    void theEnvBlockUsesTheChosenFamilyAndItIsMonospaced(FxRobot robot) {
        AtomicReference<List<Object>> seen = new AtomicReference<>();
        robot.interact(() -> {
            Font font = block.getFont();
            seen.set(List.of(font.getFamily(), width("iiiiiiii", font), width("MMMMMMMM", font), width("........", font)));
        });
        List<Object> s = seen.get();
        assertEquals(MonospaceFont.family(), s.get(0));
        assertEquals((double) s.get(1), (double) s.get(2), 0.5, "i and M are equally wide in " + s.get(0));
        assertEquals((double) s.get(1), (double) s.get(3), 0.5, "and so is the full stop in " + s.get(0));
    }

    private static double width(String text, Font font) {
        Text probe = new Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }
}
