package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.env.EnvView;
import dev.cumps.app.log.LogView;
import dev.cumps.app.ui.style.MonospaceFont;
import dev.cumps.core.record.ManagedDaemon;
import java.util.List;
import java.util.Locale;
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
 * {@code Monospaced} resolved to a proportional CJK face there): the family is the one
 * {@code ui.MonospaceFont} chose for the scene, and its narrow and wide Latin letters are equally wide.
 */
class MonospacePanesChineseTest {

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

    private static double width(String text, Font font) {
        Text t = new Text(text);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }
}
