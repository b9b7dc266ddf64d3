package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.text.BreakIterator;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Review 2026-12-06 L-8: where the window's wrapped text may break, and that the original comes back whole. */
class LineBreaksTest {

    @Test
    void aPathGetsABreakOpportunityAfterEachSlashInsideIt() {
        assertEquals("/tmp/\u200Acsim-\u200A1/\u200Apipe/\u200Acontrol (nothing listens)",
                LineBreaks.wrappable("/tmp/csim-1/pipe/control (nothing listens)"));
        assertEquals("、/tmp/\u200Aa=/b (/c)", LineBreaks.wrappable("、/tmp/a=/b (/c)"), "a path's leading slash stays with its first name");
        assertEquals("a/ b // c", LineBreaks.wrappable("a/ b // c"), "a slash before white space or another slash is left alone");
    }

    @Test
    void aLongNameGetsABreakOpportunityAfterEachHyphenInsideIt() {
        assertEquals("/a/\u200Anvidia-\u200Acuda-\u200Amps-\u200Acontrol.pid names pid 2",
                LineBreaks.wrappable("/a/nvidia-cuda-mps-control.pid names pid 2"));
        assertEquals("on GPU-\u200A5f0c1a2e-\u200A0000-\u200A4000-\u200A8000-\u200A000000000000",
                LineBreaks.wrappable("on GPU-5f0c1a2e-0000-4000-8000-000000000000"));
        assertEquals("CUDA_\u200AVISIBLE_\u200ADEVICES=\u200A(unset) leaves 2", LineBreaks.wrappable("CUDA_VISIBLE_DEVICES=(unset) leaves 2"));
        assertEquals("a single-gpu run, --gpus x", LineBreaks.wrappable("a single-gpu run, --gpus x"), "short words keep their hyphens whole");
    }

    @Test
    void anEllipsisOrMiddleDotIsJoinedToTheCharacterBeforeIt() {
        String remedy = "点击“修复…”把它们移到一旁（与“移除失效记录…”的做法相同）";
        String drawn = LineBreaks.wrappable(remedy);
        assertEquals("点击“修复\uFEFF…”把它们移到一旁（与“移除失效记录\uFEFF…”的做法相同）", drawn);
        assertEquals("Fix\uFEFF… · GPU", LineBreaks.wrappable("Fix… · GPU"), "a mark after white space keeps its break");
        // Java's line rules, which JavaFX wraps by, break before the bare ellipsis and never before the joined one.
        assertEquals(true, breakBefore(remedy, remedy.indexOf('…')));
        assertEquals(false, breakBefore(drawn, drawn.indexOf('…')));
        assertEquals(false, breakBefore(drawn, drawn.indexOf('\uFEFF')));
    }

    @Test
    void theOriginalComesBackWhole() {
        for (String text : new String[] {"", "/tmp/a/b", "修复…”", "a … b/c…", "//x"}) {
            assertEquals(text, LineBreaks.original(LineBreaks.wrappable(text)), text);
        }
        assertEquals(null, LineBreaks.wrappable(null));
        assertEquals(null, LineBreaks.original(null));
    }

    private static boolean breakBefore(String text, int index) {
        BreakIterator lines = BreakIterator.getLineInstance(Locale.SIMPLIFIED_CHINESE);
        lines.setText(text);
        return lines.isBoundary(index);
    }
}
