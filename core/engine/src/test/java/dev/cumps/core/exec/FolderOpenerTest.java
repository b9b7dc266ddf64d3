package dev.cumps.core.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Open folder: {@code xdg-open DIR} through the runner, with the environment and timeout given; each failure is one line. */
class FolderOpenerTest {
    private static final Path LOGS = Path.of("/tmp/uni-cumps-1000/train/log");
    private final List<CommandSpec> runs = new ArrayList<>();

    private FolderOpener answering(CommandResult result) {
        return new FolderOpener(spec -> {
            runs.add(spec);
            return result;
        }, Map.of("PATH", "/usr/bin:/bin", "DISPLAY", ":0"));
    }

    @Test
    void runsXdgOpenOnTheFolderWithTheGivenEnvironmentAndATimeout() {
        assertEquals(Optional.empty(), answering(CommandResult.exited("xdg-open", 0, "", "")).open(LOGS));
        assertEquals(1, runs.size());
        assertEquals(List.of("xdg-open", LOGS.toString()), runs.get(0).argv());
        assertEquals(Map.of("PATH", "/usr/bin:/bin", "DISPLAY", ":0"), runs.get(0).environment());
        assertEquals(FolderOpener.TIMEOUT, runs.get(0).timeout());
    }

    @Test
    void missingXdgOpenSaysWhatToDo() {
        String text = answering(CommandResult.notFound("xdg-open")).open(LOGS).orElseThrow().english();
        assertEquals("xdg-open was not found on PATH, so " + LOGS + " cannot be opened in the file manager:"
                + " install xdg-utils, or open the folder yourself", text);
    }

    @Test
    void aFailureOrATimeoutIsOneLineWithTheReason() {
        String failed = answering(CommandResult.exited("xdg-open", 3, "", "xdg-open: no method available for opening\nmore"))
                .open(LOGS).orElseThrow().english();
        assertEquals("could not open " + LOGS + " in the file manager: xdg-open exited with status 3:"
                + " xdg-open: no method available for opening", failed);
        String slow = answering(CommandResult.timedOut("xdg-open", "", "")).open(LOGS).orElseThrow().english();
        assertTrue(slow.startsWith("could not open " + LOGS + " in the file manager: xdg-open did not answer"), slow);
        assertTrue(!slow.contains("\n") && !failed.contains("\n"));
    }

    @Test
    void aDocumentIsOpenedByItsPathAndItsFailuresSpeakOfTheFile() {
        Path guide = Path.of("/usr/share/doc/mps-console/guide.md");
        assertEquals(Optional.empty(), answering(CommandResult.exited("xdg-open", 0, "", "")).openFile(guide));
        assertEquals(List.of("xdg-open", guide.toString()), runs.get(0).argv());
        assertEquals(FolderOpener.TIMEOUT, runs.get(0).timeout());
        assertEquals("xdg-open was not found on PATH, so " + guide + " cannot be opened: install xdg-utils, or open the file yourself",
                answering(CommandResult.notFound("xdg-open")).openFile(guide).orElseThrow().english());
        assertEquals("could not open " + guide + ": xdg-open exited with status 4: no viewer; open the file yourself",
                answering(CommandResult.exited("xdg-open", 4, "", "no viewer")).openFile(guide).orElseThrow().english());
    }

    @Test
    void browseHandsTheFileUrlToXdgOpenAndNeitherWaitsNorEnds() {
        Path guide = Path.of("/usr/share/doc/mps-console/guide.zh-CN.md");
        List<CommandSpec> spawned = new ArrayList<>();
        FolderOpener opener = new FolderOpener(spec -> {
            throw new AssertionError("browse does not go through the runner, which waits");
        }, spec -> {
            spawned.add(spec);
            return new ProcessSpawner.Spawned() {
                @Override
                public long pid() {
                    return 4242;
                }

                @Override
                public boolean isAlive() {
                    return true;
                }

                @Override
                public boolean waitFor(Duration timeout) {
                    throw new AssertionError("nothing waits for xdg-open");
                }

                @Override
                public int exitValue() {
                    throw new AssertionError("nothing asks how xdg-open ended");
                }
            };
        }, Map.of("PATH", "/usr/bin:/bin", "DISPLAY", ":0"));

        assertEquals(Optional.empty(), opener.browse(guide));
        assertEquals(List.of("xdg-open", "file:///usr/share/doc/mps-console/guide.zh-CN.md"), spawned.get(0).argv());
        assertEquals(Map.of("PATH", "/usr/bin:/bin", "DISPLAY", ":0"), spawned.get(0).environment());
    }

    @Test
    void browseWithoutXdgOpenOnPathSaysWhatToDo(@TempDir Path empty) {
        Path guide = Path.of("/usr/share/doc/mps-console/guide.md");
        FolderOpener opener = new FolderOpener(spec -> {
            throw new AssertionError("not the runner");
        }, Map.of("PATH", empty + "::relative"));

        assertEquals("xdg-open was not found on PATH, so " + guide + " cannot be opened: install xdg-utils, or open the file yourself",
                opener.browse(guide).orElseThrow().english());
    }
}
