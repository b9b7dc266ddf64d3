package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.i18n.Messages;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code --screenshots DIR} does with a DIR it cannot use; the set itself is checked end to end by ScreenshotsCurrentTest. */
class ScreenshotSetTest {

    @Test
    void aFileWhereTheDirectoryShouldBeIsOneErrorLineExit1AndLeftAlone(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "keep me");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Messages messages = Messages.forLocale(Locale.ENGLISH);

        int status = ScreenshotSet.run(file, messages, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(1, status);
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(List.of("error: cannot write the screenshot set into " + file
                + " (it exists and is not a directory); give a directory you can write"), lines);
        assertEquals("keep me", Files.readString(file));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "nothing else was created");
        }
    }

    @Test
    void withoutASupportedLanguageThePicturesAreEnglishAndNamedSo() {
        assertEquals(Locale.ENGLISH, ScreenshotSet.language(Locale.ROOT));
        assertEquals(Locale.ENGLISH, ScreenshotSet.language(Locale.GERMANY));
        assertEquals(Locale.SIMPLIFIED_CHINESE, ScreenshotSet.language(Locale.forLanguageTag("zh-CN")));
    }

    @Test
    void theFileNamesFollowTheSharedContract() {
        assertEquals("stop-dialog-zh-CN.png", ScreenshotTour.fileName("stop-dialog", Locale.SIMPLIFIED_CHINESE, false));
        assertEquals("console-en-dark.png", ScreenshotTour.fileName("console", Locale.ENGLISH, true));
        assertEquals("doctor-1100x700-zh-CN.png", ScreenshotTour.fileName(ScreenshotTour.SIZES.get(1).name("doctor"),
                Locale.SIMPLIFIED_CHINESE, false));
        assertEquals(List.of("console-1280x820", "console-1100x700", "console-900x600"),
                ScreenshotTour.SIZES.stream().map(size -> size.name("console")).toList());
        assertEquals(List.of("console", "doctor", "hosts"), ScreenshotTour.SIZED_VIEWS);
    }
}
