package dev.cumps.app.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.core.doctor.DoctorCheckId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The guide drawn as nodes, in both languages: every link into the guide (the contents line, the
 * cross references) has its target, every doctor check's entry has its anchor, and a small document
 * shows each construct the guide uses as the node a reader expects.
 */
class GuideRendererTest {
    private GuideRenderer.Rendered english;
    private GuideRenderer.Rendered chinese;
    private GuideRenderer.Rendered sample;

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).size(900, 600).showing(p -> {
        english = GuideRenderer.render(GuideDocument.forLocale(Locale.ENGLISH), a -> { });
        chinese = GuideRenderer.render(GuideDocument.forLocale(Locale.SIMPLIFIED_CHINESE), a -> { });
        sample = GuideRenderer.render(GuideDocument.of(Locale.ENGLISH, """
                # Title

                Intro with **bold**, *italic*, `code` and a [link](#second-part),
                joined from two lines.

                <a id="entry"></a>
                ### `an_id`: a check

                - one
                - two

                1. first

                ```sh
                echo hi
                ```

                ## Second part
                中文第一行
                第二行
                """), a -> { });
        return new VBox(sample.content());
    });

    @Test
    void everyLinkIntoTheGuideHasItsTargetInBothLanguages() {
        for (GuideRenderer.Rendered rendered : List.of(english, chinese)) {
            List<String> links = Waits.fx(() -> rendered.content().lookupAll(".guide-link").stream()
                    .map(n -> (String) ((Hyperlink) n).getUserData()).toList());
            assertTrue(links.size() >= 10, "the contents line and cross references: " + links);
            List<String> dead = links.stream().filter(a -> !rendered.anchors().containsKey(a)).toList();
            assertTrue(dead.isEmpty(), "links to no anchor: " + dead);
            for (DoctorCheckId id : DoctorCheckId.values()) {
                assertTrue(rendered.anchors().containsKey(id.anchor()), "no entry for " + id.anchor());
                assertTrue(rendered.anchors().get(id.anchor()).getStyleClass().contains("guide-h3"),
                        id.anchor() + " names its heading");
            }
        }
    }

    @Test
    void eachConstructIsDrawnAsItsNode() {
        Map<String, Region> anchors = sample.anchors();
        assertEquals("an_id: a check", text(anchors.get("entry")));
        assertEquals(anchors.get("entry"), anchors.get("an_id-a-check"), "a heading's GitHub id");
        assertEquals("Intro with bold, italic, code and a link, joined from two lines.",
                text((TextFlow) Waits.fx(() -> sample.content().lookup(".guide-paragraph"))));
        assertEquals("中文第一行第二行", text((TextFlow) Waits.fx(() -> sample.content().lookupAll(".guide-paragraph").stream()
                .reduce((a, b) -> b).orElseThrow())), "no space between two Chinese lines");
        List<String> classes = Waits.fx(() -> {
            List<String> out = new ArrayList<>();
            for (Node n : sample.content().lookupAll(".guide-text")) {
                Text t = (Text) n;
                if (t.getText().equals("bold") || t.getText().equals("italic") || t.getText().equals("code")) {
                    out.add(t.getText() + ":" + String.join(",", t.getStyleClass()));
                }
            }
            return out;
        });
        assertEquals(List.of("bold:guide-text,guide-strong", "italic:guide-text,guide-emphasis",
                "code:guide-text,guide-code,monospace"), classes);
        assertEquals(2, Waits.fx(() -> sample.content().lookupAll(".guide-list").size()), "a bullet and a numbered list");
        assertEquals("echo hi", Waits.fx(() -> ((Text) sample.content().lookup(".guide-code-block .guide-text")).getText()));
        assertTrue(anchors.containsKey("second-part"));
    }

    private static String text(Region flow) {
        StringBuilder out = new StringBuilder();
        for (Node child : ((TextFlow) flow).getChildren()) {
            out.append(child instanceof Text t ? t.getText() : child instanceof Hyperlink h ? h.getText() : "");
        }
        return out.toString();
    }
}
