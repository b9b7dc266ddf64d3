package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.record.DaemonRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The main view model against a simulated host, without the toolkit (work runs on the calling thread). */
class MainViewModelTest {

    private SimulatedConsole host;
    private ConsoleContext ctx;
    private MainViewModel vm;

    @BeforeEach
    void open() {
        host = SimulatedConsole.open();
        ctx = host.context(new CurrentThreadUiExecutor(), Locale.ENGLISH);
        vm = host.viewModels(ctx).main();
    }

    @AfterEach
    void close() {
        host.close();
    }

    @Test
    void refreshShowsTheHostGpusPipesAndDaemons() {
        DaemonRecord record = host.start("vm-a", 1);

        vm.refresh();

        assertTrue(vm.summary().simulatedProperty().get());
        assertEquals("550.54.15", vm.summary().driverProperty().get());
        assertEquals("available", vm.summary().smiProperty().get());
        assertEquals(Severity.PASS, vm.summary().smiSeverityProperty().get());
        assertEquals("", vm.summary().diagnosticProperty().get());
        assertTrue(vm.summary().lastRefreshProperty().get().startsWith("Last refresh "), vm.summary().lastRefreshProperty().get());
        assertEquals(2, vm.gpus().size());
        GpuRow gpu1 = vm.gpus().get(1);
        assertEquals(List.of("vm-a"), gpu1.daemonNames());
        assertEquals("81559 MiB", gpu1.memory());
        assertEquals("yes", gpu1.visibleText());
        assertEquals(List.of(), vm.gpus().get(0).daemonNames());
        PipeRow pipe = vm.pipes().stream().filter(PipeRow::managed).findFirst().orElseThrow();
        assertEquals(record.pipeDirectory().resolve("control").toString(), pipe.path());
        assertEquals("socket", pipe.kind());
        assertEquals("vm-a", pipe.owner());
        DaemonRow row = vm.daemons().get(0);
        assertEquals("vm-a", row.name());
        assertEquals(RecordLook.LIVE, row.state());
        assertEquals("live", row.stateText());
        assertEquals(Long.toString(record.pid()), row.pid());
        assertEquals(Long.toString(record.processStartTicks()), row.startTicks());
        assertEquals(record.gpuUuids().get(0), row.gpu());
    }

    @Test
    void aRefreshThatChangesNothingLeavesTheTablesAloneAndAChangeReachesThem() {
        vm.refresh();
        List<String> changed = new ArrayList<>();
        vm.gpus().addListener((ListChangeListener<GpuRow>) c -> changed.add("gpus"));
        vm.pipes().addListener((ListChangeListener<PipeRow>) c -> changed.add("pipes"));
        GpuRow first = vm.gpus().get(0);

        vm.refresh();

        assertEquals(List.of(), changed, "the same GPUs and pipes: no table is touched");
        assertSame(first, vm.gpus().get(0));

        DaemonRecord record = host.start("vm-d", 1);
        vm.refresh();

        assertEquals(List.of("vm-d"), vm.gpus().get(1).daemonNames(), "the GPU row shows the new daemon");
        assertTrue(changed.contains("gpus") && changed.contains("pipes"), String.valueOf(changed));
        assertEquals(List.of("vm-d"), vm.daemons().stream().map(DaemonRow::name).toList());

        // Rows built elsewhere (the screenshot mode) are replaced whole by the next collection.
        vm.apply(new MainViewModel.Snapshot(host.services().status().collect(), Instant.now(), Duration.ZERO));
        SimulatedConsole.kill(record);
        vm.refresh();

        assertEquals(RecordLook.STALE, vm.daemons().get(0).state());
    }

    @Test
    void theSelectionSurvivesARefreshByName() {
        host.start("vm-b", 0);
        vm.refresh();
        vm.select(vm.daemons().get(0));
        assertFalse(vm.stopDisabledBinding().get(), "stop is offered for a live record");
        assertTrue(vm.removeDisabledBinding().get(), "a live record is stopped, not removed");

        vm.refresh();

        assertNotNull(vm.selectedRowProperty().get());
        assertSame(vm.daemons().get(0), vm.selectedRowProperty().get(), "the new row of the same name");
        assertEquals("vm-b", vm.selectedDaemonProperty().get().name());
    }

    @Test
    void anUnreadableRecordIsShownButSelectsNoDaemon() throws Exception {
        host.writeUnreadableRecord("broken");
        vm.refresh();

        DaemonRow row = vm.daemons().stream().filter(r -> r.name().equals("broken")).findFirst().orElseThrow();
        assertEquals(RecordLook.UNREADABLE, row.state());
        assertTrue(row.reason().isPresent());
        vm.select(row);
        assertNull(vm.selectedDaemonProperty().get(), "env and log panes get nothing for an unreadable record");
        assertTrue(vm.stopDisabledBinding().get());
        assertFalse(vm.removeDisabledBinding().get());
        assertTrue(vm.stopAllDisabledBinding().get(), "no record to stop or clean");
    }

    @Test
    void aKilledDaemonTurnsStaleAndItsRecordCanBeRemoved() {
        DaemonRecord record = host.start("vm-c", 0);
        vm.refresh();
        vm.select(vm.daemons().get(0));

        SimulatedConsole.kill(record);
        vm.refresh();

        assertEquals(RecordLook.STALE, vm.selectedRowProperty().get().state());
        assertEquals("", vm.gpus().get(0).daemons(), "the GPU table does not show a stale record like a live one");
        assertTrue(vm.stopDisabledBinding().get(), "nothing to stop");
        assertFalse(vm.removeDisabledBinding().get());

        vm.removeSelected();

        assertEquals(List.of(), vm.daemons());
        assertEquals(Severity.PASS, vm.noticeProperty().get().severity());
        assertTrue(vm.noticeProperty().get().text().contains("nothing was signalled"), vm.noticeProperty().get().text());
        assertTrue(ctx.activity().entries().get(0).success());
    }

    @Test
    void stopAllStopsLiveDaemonsAndCleansStaleOnes() {
        host.start("vm-d", 0);
        DaemonRecord stale = host.start("vm-e", 1);
        SimulatedConsole.kill(stale);
        vm.refresh();
        List<List<StopAllLine>> reported = new ArrayList<>();

        vm.stopAll().onSuccess(reported::add);

        List<StopAllLine> outcomes = reported.get(0);
        assertEquals(2, outcomes.size());
        // Each line one sentence naming its record once, with a capital (review L-12: not "vm-d: stopped — stopped daemon 'vm-d'").
        StopAllLine stopped = outcomes.stream().filter(o -> o.text().contains("'vm-d'")).findFirst().orElseThrow();
        assertTrue(stopped.text().startsWith("Stopped daemon 'vm-d' (pid "), stopped.text());
        assertEquals(Severity.PASS, stopped.severity());
        StopAllLine cleaned = outcomes.stream().filter(o -> o.text().contains("'vm-e'")).findFirst().orElseThrow();
        assertTrue(cleaned.text().startsWith("Record 'vm-e' was stale ("), cleaned.text());
        assertEquals(Severity.WARN, cleaned.severity(), "a cleaned stale record warns, in the VM, not the view");
        assertEquals(List.of(), vm.daemons(), "refreshed after the action");
        assertEquals(2, ctx.activity().entries().size());
        assertFalse(vm.busyProperty().get());
    }

    @Test
    void agesAreShortAndLocalised() {
        assertEquals("42 s", vm.age(Duration.ofSeconds(42)));
        assertEquals("3 min 5 s", vm.age(Duration.ofSeconds(185)));
        assertEquals("2 h 10 min", vm.age(Duration.ofMinutes(130)));
        assertEquals("4 d 3 h", vm.age(Duration.ofHours(99)));
        assertEquals("0 s", vm.age(Duration.ofSeconds(-3)), "a clock step back shows no negative age");
    }
}
