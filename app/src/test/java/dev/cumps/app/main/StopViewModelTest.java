package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StopViewModelTest {

    private SimulatedConsole host;
    private ConsoleContext ctx;

    @BeforeEach
    void open() {
        host = SimulatedConsole.open();
        ctx = host.context(new CurrentThreadUiExecutor(), Locale.ENGLISH);
    }

    @AfterEach
    void close() {
        host.close();
    }

    @Test
    void theEvidenceSetsTheRecordNextToProc() {
        DaemonRecord record = host.start("st-a", 1);
        StopViewModel vm = new StopViewModel(ctx, host.services().stopper(), new ManagedDaemon(record, RecordState.LIVE), new ProcFsProcessTable());

        StopViewModel.Evidence e = vm.evidence();
        assertEquals(record.pid(), e.pid());
        assertEquals(record.processStartTicks(), e.recordedStartTicks());
        assertEquals(Optional.of(record.processStartTicks()), e.currentStartTicks());
        assertTrue(e.matches());
        assertEquals(record.gpuUuids().get(0), e.gpu());
        assertEquals(record.pipeDirectory().toString(), e.pipeDirectory());
    }

    @Test
    void aReusedPidShowsTheOtherStartTime(@TempDir Path proc) throws Exception {
        DaemonRecord record = host.start("st-b", 0);
        // A /proc where the recorded pid belongs to another process, started later.
        Files.createDirectories(proc.resolve(Long.toString(record.pid())));
        Files.writeString(proc.resolve(record.pid() + "/stat"), record.pid() + " (bash) S" + " 0".repeat(18) + " "
                + (record.processStartTicks() + 500) + " 0 0\n");
        StopViewModel vm = new StopViewModel(ctx, host.services().stopper(), new ManagedDaemon(record, RecordState.LIVE), new ProcFsProcessTable(proc));

        assertFalse(vm.evidence().matches());
        assertEquals(Long.toString(record.processStartTicks() + 500), vm.currentStartTicksText());
    }

    @Test
    void aLiveDaemonIsStopped() {
        DaemonRecord record = host.start("st-c", 0);
        StopViewModel vm = new StopViewModel(ctx, host.services().stopper(), new ManagedDaemon(record, RecordState.LIVE), new ProcFsProcessTable());
        List<StopOutcome> outcomes = new ArrayList<>();

        vm.stop().onSuccess(outcomes::add).onFailure(error -> { throw new AssertionError(error); });

        assertEquals(StopOutcome.Result.STOPPED, outcomes.get(0).result());
        assertFalse(new ProcFsProcessTable().isAlive(record.identity()));
        assertEquals(Severity.PASS, vm.notice(outcomes.get(0)).severity());
        assertTrue(ctx.activity().entries().get(0).success());
    }

    @Test
    void aRecordThatTurnedStaleAfterTheConfirmationIsOnlyCleaned() {
        DaemonRecord record = host.start("st-d", 0);
        StopViewModel vm = new StopViewModel(ctx, host.services().stopper(), new ManagedDaemon(record, RecordState.LIVE), new ProcFsProcessTable());
        assertTrue(vm.evidence().matches());
        SimulatedConsole.kill(record);
        List<StopOutcome> outcomes = new ArrayList<>();

        vm.stop().onSuccess(outcomes::add).onFailure(error -> { throw new AssertionError(error); });

        assertEquals(StopOutcome.Result.STALE_REMOVED, outcomes.get(0).result());
        Notice notice = vm.notice(outcomes.get(0));
        assertEquals(Severity.WARN, notice.severity());
        assertTrue(notice.text().contains("was stale") && notice.text().contains("nothing was signalled"), notice.text());
        assertTrue(ctx.activity().entries().get(0).outcome().contains("nothing was signalled"));
        // Activity shows it as its dialog does: a warning, not a plain success (review L-13).
        assertEquals(Severity.WARN, ctx.activity().entries().get(0).severity());
    }
}
