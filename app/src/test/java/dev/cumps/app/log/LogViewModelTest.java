package dev.cumps.app.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.ManagedDaemon;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
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
        selection.set(null);
        assertEquals("", vm.textProperty().get());
    }
}
