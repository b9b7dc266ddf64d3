package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.env.EnvView;
import dev.cumps.app.log.LogView;
import dev.cumps.app.ui.MonospaceFont;
import dev.cumps.core.record.ManagedDaemon;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The env block and the control log keep a monospace font in the Chinese window (JavaFX's logical
 * {@code Monospaced} resolved to a proportional CJK face there): the family is the first installed
 * one of the stack, and its narrow and wide Latin letters are equally wide.
 */
class MonospaceFontTest {

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.SIMPLIFIED_CHINESE).withHost(host -> host.live("t1", 0)).size(900, 500)
            .showing(p -> {
                SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>(p.daemon("t1"));
                return new VBox(new EnvView(p.viewModels().env(selection)), new LogView(p.viewModels().log(selection)));
            });

    @Test
    void envAndLogTextIsMonospaceInChinese(FxRobot robot) {
        for (String id : List.of("#envBlock", "#logText")) {
            Font font = robot.lookup(id).queryAs(TextArea.class).getFont();
            assertEquals(MonospaceFont.family(), font.getFamily(), id);
            assertEquals(width("iiiiiiiiii", font), width("MMMMMMMMMM", font), 0.5, id + " in " + font + " is monospace");
        }
    }

    @Test
    void theStackPrefersALatinMonospaceFaceAndFallsBackToTheLogicalOne() {
        assertEquals("DejaVu Sans Mono", MonospaceFont.pick(Set.of("WenQuanYi Micro Hei", "DejaVu Sans Mono", "Noto Sans Mono CJK SC")));
        assertEquals("Noto Sans Mono CJK SC", MonospaceFont.pick(Set.of("WenQuanYi Micro Hei", "Noto Sans Mono CJK SC")));
        assertEquals("Monospaced", MonospaceFont.pick(Set.of("WenQuanYi Micro Hei")));
        assertTrue(MonospaceFont.stylesheet().startsWith("data:text/css;base64,"));
    }

    private static double width(String text, Font font) {
        Text t = new Text(text);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }
}
