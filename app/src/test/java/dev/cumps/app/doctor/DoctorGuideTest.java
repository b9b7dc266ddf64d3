package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.guide.GuideLink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Guide buttons' model on the calling thread: what the dialog is given, and what Open guide runs and says. */
class DoctorGuideTest {
    private static final String GUIDE = """
            <a id="answers"></a>
            ### `answers`: daemon answers get_server_list

            **What it means.** The daemon did not
            answer in time.

            - one item
              continued
            - two

            ```sh
            echo get_server_list |
              nvidia-cuda-mps-control
            ```
            """;

    @TempDir
    Path dir;
    private final List<List<String>> ran = new ArrayList<>();
    private CommandResult answer = CommandResult.exited("xdg-open", 0, "", "");

    private DoctorGuide guide(GuideLink link, Locale locale) {
        ConsoleContext ctx = new ConsoleContext(new CurrentThreadUiExecutor(), Messages.forLocale(locale),
                new ActivityLog(Clock.systemUTC()), text -> { }, Clock.systemUTC());
        return new DoctorGuide(ctx, link, new FolderOpener(spec -> {
            ran.add(spec.argv());
            return answer;
        }, Map.of()));
    }

    private DoctorGuide.Entry load(DoctorGuide guide, String anchor) {
        List<DoctorGuide.Entry> shown = new ArrayList<>();
        guide.load(anchor, shown::add);
        assertEquals(1, shown.size());
        return shown.get(0);
    }

    @Test
    void theEntryIsShownWithItsParagraphsJoinedAndItsCodeAsWritten() throws IOException {
        Path file = Files.writeString(dir.resolve("guide.md"), GUIDE);

        DoctorGuide.Entry entry = load(guide(GuideLink.of(file.toString()), Locale.ENGLISH), "answers");

        assertEquals("### `answers`: daemon answers get_server_list\n\n**What it means.** The daemon did not answer in time.\n\n"
                + "- one item continued\n- two\n\n```sh\necho get_server_list |\n  nvidia-cuda-mps-control\n```", entry.text());
        assertEquals(file.toUri() + "#answers", entry.location());
        assertTrue(entry.openable());
    }

    @Test
    void aMissingEntryOrGuideSaysWhyInTheWindowsLanguage() throws IOException {
        Path file = Files.writeString(dir.resolve("guide.md"), GUIDE);
        DoctorGuide guide = guide(GuideLink.of(file.toString()), Locale.SIMPLIFIED_CHINESE);

        assertEquals("用户指南 " + file + " 中没有条目 #mig；请在其中搜索该检查的 id", load(guide, "mig").text());
        Files.delete(file);
        assertTrue(load(guide, "answers").text().startsWith("无法读取用户指南 " + file + "："), "the guide went away");
    }

    @Test
    void openGuideHandsTheFileToXdgOpenAndSaysHowItWent() throws IOException {
        Path file = Files.writeString(dir.resolve("guide.md"), GUIDE);
        DoctorGuide guide = guide(GuideLink.of(file.toString()), Locale.ENGLISH);

        guide.open();
        assertEquals(List.of(List.of("xdg-open", file.toString())), ran);
        assertEquals("Opened " + file, guide.openOutcomeProperty().get());

        answer = CommandResult.notFound("xdg-open");
        guide.open();
        assertEquals("xdg-open was not found on PATH, so " + file + " cannot be opened: install xdg-utils, or open the file yourself",
                guide.openOutcomeProperty().get());
    }

    @Test
    void withoutAGuideNothingIsReadOrOpened() {
        DoctorGuide guide = guide(GuideLink.none(), Locale.ENGLISH);

        DoctorGuide.Entry entry = load(guide, "pid-file");
        guide.open();

        assertFalse(entry.openable());
        assertEquals("docs/guide.md#pid-file", entry.location());
        assertTrue(entry.text().contains("docs/guide.md#pid-file"), entry.text());
        assertTrue(ran.isEmpty(), "nothing to open");
        assertFalse(guide.known());
    }
}
