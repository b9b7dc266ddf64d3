package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.HeldUiExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Hosts page's answers held until the test lets them arrive ({@link HeldUiExecutor}), so "the answer comes
 * after the user moved on" is a state: a doctor run's result that arrives after another host was selected is not
 * shown under that host, and a refresh the user replaced shows nothing.
 */
class HostsHeldAnswersTest {
    @TempDir
    Path dir;

    private final ScriptedHosts hosts = new ScriptedHosts();
    private final HeldUiExecutor held = new HeldUiExecutor();

    @AfterEach
    void releaseTheHungHost() {
        hosts.release();
    }

    private HostsViewModel shown() throws Exception {
        HostsViewModel vm = hosts.viewModel(dir, Messages.forLocale(Locale.ENGLISH), held);
        vm.showingProperty().set(true);
        return vm;
    }

    @Test
    void aDoctorResultThatArrivesAfterAnotherHostWasSelectedIsNotShownUnderIt() throws Exception {
        HostsViewModel vm = shown();
        held.runNext(); // the hosts file: three rows, the first selected; their reads stay held
        assertEquals("healthy", vm.selectedProperty().get().host());

        vm.doctor(Optional.empty());
        vm.selectedProperty().set(vm.rows().get(1));
        held.runLast(); // the healthy host's doctor answers now

        assertTrue(hosts.remote.contains(List.of("cumps", "doctor", "--json", "--gpus", "0")), hosts.remote.toString());
        assertEquals("changed", vm.selectedProperty().get().host(), "the selection stays where the user put it");
        assertEquals(List.of(), List.copyOf(vm.doctorRows()), "no healthy's doctor rows under changed");
        assertEquals("", vm.doctorGpuProperty().get());
        assertEquals("", vm.messageProperty().get());
        assertEquals("", vm.detailProperty().get());
        ActivityEntry last = hosts.activity().entries().getLast();
        assertEquals("Doctor · healthy", last.action(), "the run still ends in Activity, under its own host");
    }

    @Test
    void aRefreshReplacedByANewerOneShowsNothing() throws Exception {
        HostsViewModel vm = shown();
        vm.refresh(); // the user refreshes again before the first read of the hosts file answered

        held.runNext(); // the replaced one's answer
        assertEquals(List.of(), List.copyOf(vm.rows()));
        assertEquals("", vm.messageProperty().get());

        held.runNext(); // the newer one's
        assertEquals(List.of("healthy", "changed", "stuck"), vm.rows().stream().map(HostRow::host).toList());
        assertEquals("Reading 3 hosts over ssh…", vm.messageProperty().get());
    }
}
