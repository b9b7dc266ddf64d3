package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Closing the simulated window at once: with {@code --simulate} the console sets up its
 * demo daemon and two clients on a worker right after the window opens, which takes seconds; a close
 * in that time interrupts the set-up on purpose. The console must exit without a warning or a stack
 * trace naming a wrong cause ("daemon 'demo' did not start: interrupted while waiting ...").
 */
class QuickCloseWmTest extends OpenboxSuite {

    @Test
    void closingTheWindowWhileTheDemoIsSetUpLogsNoStackTrace() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        try (Console console = Console.launchWithDemo(desktop, dir, home)) {
            // Closed as soon as it is mapped: the demo's stand-in daemons are still starting.
            console.closeWindow(console.mainWindow());
            String log = console.log();
            assertFalse(log.contains("\tat ") || log.contains("Exception") || log.contains("StartFailure"),
                    "a stack trace after a quick close:\n" + log);
            assertFalse(log.contains("WARNING"), "a warning after a quick close:\n" + log);
        }
    }
}
