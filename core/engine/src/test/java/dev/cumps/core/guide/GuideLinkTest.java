package dev.cumps.core.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuideLinkTest {
    @TempDir
    Path dir;

    @Test
    void anAbsoluteRegularFileGivesAFileUriWithTheAnchor() throws IOException {
        Path guide = Files.writeString(dir.resolve("guide.md"), "# guide\n");

        GuideLink link = GuideLink.of(guide.toString());

        assertEquals(Optional.of(guide), link.file());
        assertEquals(Optional.of("file://" + guide + "#pipe-access"), link.link("pipe-access"));
        assertEquals("file://" + guide + "#pipe-access", link.shown("pipe-access"));
    }

    @Test
    void aPathWithASpaceOrAHashIsPercentEncodedInTheLink() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("my docs/#1"));
        Path guide = Files.writeString(folder.resolve("guide.md"), "# guide\n");

        String link = GuideLink.of(guide.toString()).link("mig").orElseThrow();

        assertEquals(guide.toUri() + "#mig", link);
        assertEquals(-1, link.indexOf(' '), link);
        assertEquals(true, link.endsWith("/my%20docs/%231/guide.md#mig"), link);
    }

    @Test
    void withoutAUsableGuideTheLinkIsTheSourceTreePath() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Path real = Files.writeString(dir.resolve("real.md"), "# guide\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.md"), real);
        for (String location : new String[] {null, "", "  ", "docs/guide.md", dir.resolve("missing.md").toString(), folder.toString(),
            link.toString(), "/dev/null", "bad\u0000path"}) {
            GuideLink guide = GuideLink.of(location);
            assertEquals(Optional.empty(), guide.file(), String.valueOf(location));
            assertEquals(Optional.empty(), guide.link("answers"), String.valueOf(location));
            assertEquals("docs/guide.md#answers", guide.shown("answers"), String.valueOf(location));
        }
    }

    @Test
    void theSystemPropertyNamesTheGuide() throws IOException {
        Path guide = Files.writeString(dir.resolve("guide.md"), "# guide\n");
        String before = System.getProperty(GuideLink.PROPERTY);
        try {
            System.setProperty(GuideLink.PROPERTY, guide.toString());
            assertEquals(Optional.of(guide), GuideLink.fromSystemProperty().file());
            System.clearProperty(GuideLink.PROPERTY);
            assertEquals(GuideLink.none(), GuideLink.fromSystemProperty());
        } finally {
            if (before == null) {
                System.clearProperty(GuideLink.PROPERTY);
            } else {
                System.setProperty(GuideLink.PROPERTY, before);
            }
        }
    }

    @Test
    void theChineseGuideIsTheFileBesideTheEnglishOneWhenThereElseTheEnglish() throws Exception {
        Path english = Files.writeString(dir.resolve("guide.md"), "# Guide\n");
        GuideLink link = GuideLink.of(english.toString());
        assertEquals(Optional.of(english), link.file("zh"), "no Chinese guide: the English one");
        Path chinese = Files.writeString(dir.resolve(GuideLink.CHINESE_NAME), "# 指南\n");
        assertEquals(Optional.of(chinese), link.file("zh"));
        assertEquals(Optional.of(english), link.file("en"));
        assertEquals(Optional.empty(), GuideLink.none().file("zh"));
    }
}
