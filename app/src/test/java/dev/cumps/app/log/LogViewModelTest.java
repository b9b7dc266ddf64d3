package dev.cumps.app.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.HeldUiExecutor;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LogViewModelTest {

    private SimulatedConsole host;
    private final SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>();
    private LogViewModel vm;

    @BeforeEach
    void setUp() {
        host = SimulatedConsole.open();
        vm = host.viewModels(host.context(new CurrentThreadUiExecutor(), Messages.forLocale(Locale.ENGLISH))).log(selection);
    }

    @AfterEach
    void tearDown() {
        host.close();
    }

    @Test
    void showsTheTailOfTheSelectedDaemonsControlLog() {
        ManagedDaemon daemon = host.live("t1", 0);
        selection.set(daemon);
        Path log = daemon.record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);

        List<String> lines = RuntimeDirs.controlLogTail(daemon.record().logDirectory(), LogViewModel.TAIL_LINES);
        assertFalse(lines.isEmpty(), "the stand-in daemon writes control.log");
        assertEquals(String.join("\n", lines) + "\n", vm.textProperty().get());
        assertEquals("Last " + lines.size() + " lines of " + log, vm.captionProperty().get());
    }

    @Test
    void theReadANewerSelectionReplacedNeverOverwritesIt() {
        HeldUiExecutor held = new HeldUiExecutor();
        LogViewModel log = host.viewModels(host.context(held, Messages.forLocale(Locale.ENGLISH))).log(selection);
        selection.set(host.live("first", 0));
        ManagedDaemon second = host.live("second", 1);
        selection.set(second);

        held.runLast();
        held.runNext();

        assertEquals(0, held.waiting());
        Path secondLog = second.record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        assertTrue(log.captionProperty().get().endsWith(" " + secondLog), "the first daemon's read, ending last, was replaced: "
                + log.captionProperty().get());
    }

    @Test
    void refreshPicksUpNewLinesAndKeepsOnlyTheLastTwoHundred() throws Exception {
        ManagedDaemon daemon = host.live("t1", 0);
        selection.set(daemon);
        Path log = daemon.record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        StringBuilder more = new StringBuilder();
        for (int i = 1; i <= 250; i++) {
            more.append("[test] line ").append(i).append('\n');
        }
        Files.writeString(log, more, StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        vm.refresh();
        String[] shown = vm.textProperty().get().split("\n");
        assertEquals(LogViewModel.TAIL_LINES, shown.length);
        assertEquals("[test] line 250", shown[shown.length - 1]);
        assertEquals("[test] line 51", shown[0]);
    }

    @Test
    void noSelectionAndAMissingLogSayWhy() {
        assertEquals("", vm.textProperty().get());
        assertEquals("Select a daemon to see the end of its control.log.", vm.captionProperty().get());

        ManagedDaemon daemon = host.live("t1", 0);
        selection.set(daemon);
        assertTrue(vm.textProperty().get().length() > 0);
        String shown = vm.textProperty().get();
        selection.set(null);
        assertEquals(shown, vm.textProperty().get(), "the last log of a daemon that left the table stays");
        assertTrue(vm.stoppedProperty().get());
    }

    @Test
    void aStoppedDaemonKeepsItsLastLogMarkedAsSuch() throws Exception {
        DaemonRecord record = host.start("t1", 0);
        ManagedDaemon daemon = new ManagedDaemon(record, RecordState.LIVE);
        selection.set(daemon);
        assertFalse(vm.stoppedProperty().get());
        host.services().stopper().stop(Optional.of("t1"));
        Path log = record.logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        List<String> last = RuntimeDirs.controlLogTail(record.logDirectory(), LogViewModel.TAIL_LINES);

        selection.set(null); // the refresh after the stop removes its row
        assertEquals(String.join("\n", last) + "\n", vm.textProperty().get(), "the log as the daemon left it");
        assertEquals("Daemon 't1' stopped; its last log: " + last.size() + " lines of " + log, vm.captionProperty().get());
        assertTrue(vm.stoppedProperty().get());
        vm.refresh();
        assertTrue(vm.captionProperty().get().startsWith("Daemon 't1' stopped; its last log"), "a refresh keeps it");

        ManagedDaemon other = host.live("t2", 1);
        selection.set(other);
        assertFalse(vm.stoppedProperty().get());
        assertTrue(vm.captionProperty().get().endsWith(other.record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG).toString()),
                vm.captionProperty().get());
    }

    @Test
    void openFolderWithoutXdgOpenSaysSoInOneLine() throws Exception {
        Path emptyBin = Files.createDirectories(host.sandbox().resolve("empty-bin"));
        LogViewModel noXdg = new LogViewModel(host.context(new CurrentThreadUiExecutor(), Messages.forLocale(Locale.ENGLISH)), selection,
                new FolderOpener(new ProcessCommandRunner(), Map.of("PATH", emptyBin.toString())));
        ManagedDaemon daemon = host.live("t1", 0);
        selection.set(daemon);
        assertTrue(noXdg.folderAvailableProperty().get());

        noXdg.openFolder();
        assertEquals("xdg-open was not found on PATH, so " + daemon.record().logDirectory() + " cannot be opened in the file manager:"
                + " install xdg-utils, or open the folder yourself", noXdg.noticeProperty().get());
    }

    @Test
    void openFolderRunsXdgOpenOnTheLogDirectory() throws Exception {
        // A stand-in xdg-open that records its argument: the pane hands it exactly the log directory.
        Path bin = Files.createDirectories(host.sandbox().resolve("xdg-bin"));
        Path seen = host.sandbox().resolve("xdg-open.args");
        Path xdg = bin.resolve("xdg-open");
        Files.writeString(xdg, "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" + seen + "'\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(xdg, PosixFilePermissions.fromString("rwx------"));
        LogViewModel withXdg = new LogViewModel(host.context(new CurrentThreadUiExecutor(), Messages.forLocale(Locale.ENGLISH)),
                selection, new FolderOpener(new ProcessCommandRunner(), Map.of("PATH", bin + ":/usr/bin:/bin")));
        ManagedDaemon daemon = host.live("t1", 0);
        selection.set(daemon);

        withXdg.openFolder();
        assertEquals(daemon.record().logDirectory() + "\n", Files.readString(seen));
        assertEquals("Opened " + daemon.record().logDirectory() + " in the file manager", withXdg.noticeProperty().get());
    }
}
