package dev.cumps.app.layout;

import dev.cumps.app.ConsoleExtension;
import java.io.IOException;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** {@link ReadableLayoutTest} in the Simplified Chinese window. */
class ReadableLayoutChineseTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE);

    @Test
    void everyDoctorRowIsReadableAtEachSizeWithAFailurePresent(FxRobot robot) throws IOException {
        ReadableLayoutTest.check(robot, console, "zh-CN", ReadableLayout.STAGE);
    }
}
