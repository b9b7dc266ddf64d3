package dev.cumps.wm;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.layout.ReadableLayoutTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The app suite's layout check ({@link ReadableLayoutTest#check}) on the GTK glass under the suite's
 * openbox, the window sized by the window manager ({@link WmSizing}). Not run by surefire (no
 * {@code Test} in its name): {@link LayoutWmTest} runs it in a JVM of its own with {@code DISPLAY},
 * {@code testfx.headless=false} and the language in {@code cumps.layout.language}.
 */
class ReadableLayoutOnOpenbox {

    private static final String LANGUAGE = System.getProperty("cumps.layout.language", "en");

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.forLanguageTag(LANGUAGE));

    @Test
    void everyDoctorRowIsReadableAtEachSizeWithAFailurePresent(FxRobot robot) throws IOException {
        try (XDesktop desktop = XDesktop.attach(System.getenv("DISPLAY"), Path.of(System.getenv("HOME")))) {
            ReadableLayoutTest.check(robot, console, LANGUAGE, new WmSizing(desktop));
        }
    }
}
