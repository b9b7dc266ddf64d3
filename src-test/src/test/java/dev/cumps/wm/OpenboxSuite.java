package dev.cumps.wm;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * A window-manager test class's fixture: one Xvfb with openbox for the class ({@link #desktop}), and
 * a private short folder per test ({@link #dir}) for the console's HOME and config, removed after it.
 */
abstract class OpenboxSuite {

    static XDesktop desktop;
    private static Path desktopDir;

    Path dir;

    @BeforeAll
    static void startDesktop() throws IOException, InterruptedException {
        desktopDir = WindowManagerTest.TempDirs.shortDir("wx");
        desktop = XDesktop.start(desktopDir);
    }

    @AfterAll
    static void stopDesktop() throws IOException {
        if (desktop != null) {
            desktop.close();
            desktop = null;
        }
        WindowManagerTest.TempDirs.delete(desktopDir);
    }

    @BeforeEach
    void privateFolder() throws IOException {
        dir = WindowManagerTest.TempDirs.shortDir("wd");
    }

    @AfterEach
    void removeFolder() throws IOException {
        WindowManagerTest.TempDirs.delete(dir);
    }
}
