package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.record.ManagedDaemon;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoctorViewModelTest {

    @TempDir
    Path dir;

    private SimulatedConsole host;
    private ConsoleContext ctx;
    private DoctorViewModel vm;

    @BeforeEach
    void setUp() {
        host = SimulatedConsole.open();
        ctx = host.context(new CurrentThreadUiExecutor(), Messages.forLocale(Locale.ENGLISH));
        vm = host.viewModels(ctx).doctor();
    }

    @AfterEach
    void tearDown() {
        host.close();
    }

    @Test
    void aRunAgainstALiveDaemonIsValidAndListsEveryCheck() {
        host.live("t1", 0);
        List<DoctorRow> arrivedOneByOne = new ArrayList<>();
        vm.rows().addListener((ListChangeListener<DoctorRow>) c -> {
            while (c.next()) {
                if (c.wasAdded() && !c.wasReplaced()) {
                    arrivedOneByOne.addAll(c.getAddedSubList());
                }
            }
        });
        vm.selectorProperty().set("0");
        vm.run();

        assertFalse(vm.reportAbsentBinding().get(), "a finished run leaves a report to copy and export");
        assertEquals(0, checks(vm).stream().filter(c -> c.status() == CheckStatus.FAIL).count(), checks(vm).toString());
        assertEquals(vm.rows(), arrivedOneByOne, "rows are appended as the core hands them on");
        assertTrue(checks(vm).size() >= 10, "checks: " + checks(vm).size());
        assertEquals(checks(vm).stream().map(CheckResult::title).toList(),
                vm.rows().stream().map(DoctorRow::title).toList(), "the table shows one row per check, in order");
        assertEquals(checks(vm).stream().map(c -> DoctorRow.severity(c.status())).toList(),
                vm.rows().stream().map(DoctorRow::severity).toList());
        assertFalse(vm.runningProperty().get());
        long passed = checks(vm).stream().filter(c -> c.status() == CheckStatus.PASS).count();
        assertTrue(vm.verdictProperty().get().startsWith("Valid: " + passed + " pass"), vm.verdictProperty().get());
        assertEquals(Severity.PASS, vm.verdictSeverityProperty().get());

        ActivityEntry entry = ctx.activity().entries().get(0);
        assertEquals("Doctor (0)", entry.action());
        assertTrue(entry.success());
        assertEquals(vm.verdictProperty().get(), entry.outcome());
    }

    @Test
    void selectingADaemonPointsTheSelectorAtItsGpuUntilTheUserTypesOne() {
        ManagedDaemon onGpu1 = host.live("t1", 1);
        SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>();
        vm.followSelection(selection);
        assertEquals("", vm.selectorProperty().get());

        selection.set(onGpu1);
        assertEquals(onGpu1.record().firstGpu(), vm.selectorProperty().get());
        vm.run();
        assertTrue(vm.verdictProperty().get().startsWith("Valid: "), "with two GPUs visible the selected daemon's GPU is diagnosed: "
                + checks(vm));

        vm.selectorProperty().set("0");
        selection.set(null);
        assertEquals("0", vm.selectorProperty().get(), "a selector the user typed is kept");
    }

    @Test
    void aRunWithoutADaemonIsInvalidBecauseOfTheDaemonCount() {
        vm.selectorProperty().set("0");
        vm.run();

        CheckResult daemonCount = checks(vm).stream().filter(c -> c.id().equals("daemon_count")).findFirst().orElseThrow();
        assertEquals(CheckStatus.FAIL, daemonCount.status());
        assertTrue(vm.verdictProperty().get().startsWith("Invalid: "), vm.verdictProperty().get());
        assertEquals(Severity.FAIL, vm.verdictSeverityProperty().get());
        assertFalse(ctx.activity().entries().get(0).success());
    }

    @Test
    void exportWritesJsonExactlyAsTheCliAndMarkdownWithTheTable() throws Exception {
        vm.run();

        Path json = dir.resolve("report.JSON");
        vm.export(json);
        String written = Files.readString(json, StandardCharsets.UTF_8);
        // cumps doctor --json: sorted keys, indent 2, one newline at the end; the checks in the table's order.
        assertTrue(written.startsWith("{\n  \"checks\": [\n    {\n"), written);
        assertTrue(written.endsWith("\n  \"valid\": " + vm.verdictProperty().get().startsWith("Valid: ") + "\n}\n"), written);
        int at = 0;
        for (CheckResult check : checks(vm)) {
            int next = written.indexOf("\"id\": \"" + check.id() + "\"", at);
            assertTrue(next > at, check.id() + " in order in " + written);
            at = next;
        }

        Path markdown = dir.resolve("report.md");
        vm.export(markdown);
        String md = Files.readString(markdown, StandardCharsets.UTF_8);
        vm.copy();
        assertEquals(List.of(md), host.clipboard(), "Export as Markdown writes what Copy copies");
        assertTrue(md.contains("| check | status | observed | expected | remedy |"), md);
        assertTrue(md.contains("| nvidia-smi answers | pass |"), md);
        assertTrue(ctx.activity().entries().stream().anyMatch(e -> e.success() && e.outcome().contains("report.md")));
    }

    @Test
    void fixOnAStaleRecordMovesItAsideMarksTheRowAppliedAndRunsTheDoctorAgain() {
        Path record = host.recordFile("gone");
        SimulatedConsole.kill(host.start("gone", 0));
        vm.run();
        DoctorRow stale = vm.rows().stream().filter(r -> r.id().equals("stale_records")).findFirst().orElseThrow();
        assertEquals(Severity.WARN, stale.severity());
        vm.fixes().selectedProperty().set(stale);
        assertEquals(DoctorRow.Fix.AVAILABLE, stale.fix());

        vm.fixes().apply();

        assertFalse(Files.exists(record), "moved aside");
        assertEquals(DoctorRow.Fix.APPLIED, stale.fix());
        assertEquals(Severity.PASS, vm.rows().stream().filter(r -> r.id().equals("stale_records")).findFirst().orElseThrow().severity(),
                "the doctor ran again");
        assertEquals(ctx.messages().get("doctor.fix.doneRan", 1), vm.fixOutcomeProperty().get());
        String change = ctx.activity().lastChangeProperty().get().outcome();
        assertTrue(change.startsWith("moved the stale record gone to "), "the status line names the fix: " + change);
    }

    @Test
    void aFailedExportIsReportedNotThrown() {
        vm.run();
        vm.export(dir.resolve("no-such-folder").resolve("report.json"));
        ActivityEntry last = ctx.activity().entries().get(ctx.activity().entries().size() - 1);
        assertFalse(last.success());
        assertTrue(vm.verdictProperty().get().startsWith("Could not save"), vm.verdictProperty().get());
    }

    @Test
    void copyPutsTheMarkdownReportOnTheClipboard() {
        vm.copy();
        assertEquals(List.of(), host.clipboard(), "nothing to copy before a run");
        vm.run();
        vm.copy();
        assertEquals(1, host.clipboard().size());
        String md = host.clipboard().get(0);
        assertTrue(md.contains("| check | status | observed | expected | remedy |"), md);
        for (DoctorRow row : vm.rows()) {
            assertTrue(md.contains("| " + row.title() + " | "), row.title() + " in " + md);
        }
    }

    @Test
    void cancelStopsRowsArrivingAndLeavesNoReport() throws Exception {
        // A real worker thread; the test thread plays the FX thread, taking results from a queue.
        host.live("t1", 0);
        BlockingQueue<Runnable> uiThread = new LinkedBlockingQueue<>();
        try (FxUiExecutor executor = new FxUiExecutor(uiThread::add)) {
            ConsoleContext workerCtx = new ConsoleContext(executor, ctx.messages(), ctx.activity(),
                    ctx.clipboard(), ctx.clock());
            DoctorViewModel cancelling = host.viewModels(workerCtx).doctor();
            cancelling.run();
            assertTrue(cancelling.runningProperty().get());

            uiThread.poll(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS).run();
            int atCancel = checks(cancelling).size();
            assertTrue(atCancel >= 1, "the first rows arrive while the run goes on");
            cancelling.cancel();
            // The positive signal that nothing more can arrive: the worker has ended (close waits for it).
            executor.close();
            for (Runnable late; (late = uiThread.poll()) != null; ) {
                late.run();
            }

            assertEquals(atCancel, checks(cancelling).size(), "no row arrives after Cancel");
            assertTrue(cancelling.reportAbsentBinding().get());
            assertFalse(cancelling.runningProperty().get());
            assertEquals(atCancel == 1 ? "Cancelled after 1 check" : "Cancelled after " + atCancel + " checks",
                    cancelling.verdictProperty().get());
            assertEquals(Severity.WARN, cancelling.verdictSeverityProperty().get());
            ActivityEntry entry = ctx.activity().entries().get(0);
            assertFalse(entry.success());
            assertEquals(cancelling.verdictProperty().get(), entry.outcome());
        }
    }

    @Test
    void aCancelledRealRunEndsWithTheCoresCancellation() throws Exception {
        Throwable[] thrown = new Throwable[1];
        Thread worker = new Thread(() -> {
            Thread.currentThread().interrupt();
            try {
                host.services().doctor().run(Optional.empty(), check -> { });
            } catch (RuntimeException e) {
                thrown[0] = e;
            }
        });
        worker.start();
        worker.join();
        assertEquals("doctor run cancelled", thrown[0].getMessage(),
                "the view model relies on interruption cancelling the core's run");
    }

    @Test
    void statusesMapToTheirSeverityAndAWord() {
        Messages messages = Messages.forLocale(Locale.ENGLISH);
        for (CheckStatus status : CheckStatus.values()) {
            assertEquals(status.name(), DoctorRow.severity(status).name());
            assertFalse(DoctorRow.statusText(status, messages).startsWith("!"));
        }
        assertEquals("Warning", DoctorRow.statusText(CheckStatus.WARN, messages));
    }

    @Test
    void inChineseEveryRowIsInChinese() {
        host.live("zh1", 0);
        DoctorViewModel chinese = host.viewModels(
                host.context(new CurrentThreadUiExecutor(), Messages.forLocale(Locale.SIMPLIFIED_CHINESE))).doctor();
        chinese.selectorProperty().set("0");
        chinese.run();

        assertTrue(chinese.rows().size() >= 10, "rows: " + chinese.rows().size());
        for (DoctorRow row : chinese.rows()) {
            assertTrue(row.title().codePoints().anyMatch(DoctorViewModelTest::isHan), "title of " + row.id() + ": " + row.title());
            assertTrue(row.status().codePoints().anyMatch(DoctorViewModelTest::isHan), "status of " + row.id() + ": " + row.status());
            assertTrue(row.observed().codePoints().anyMatch(DoctorViewModelTest::isHan) || !row.observed().matches(".*[a-z]{3,} [a-z]{3,}.*"),
                    "observed of " + row.id() + " reads as an English sentence: " + row.observed());
        }

        chinese.copy();
        String markdown = host.clipboard().get(host.clipboard().size() - 1);
        assertTrue(markdown.startsWith("# cumps doctor 诊断报告\n\n结论：**有效**"), markdown);
        assertTrue(markdown.contains("| 检查项 | 状态 | 观察到 | 期望 | 处理建议 |"), markdown);
        assertTrue(markdown.contains("| " + chinese.rows().get(0).title() + " | " + chinese.rows().get(0).status()), markdown);
        assertFalse(markdown.contains("| pass |"), "no English status word: " + markdown);
    }

    /** The results the rows carry, in the run's order. */
    private static List<CheckResult> checks(DoctorViewModel vm) {
        return vm.rows().stream().map(r -> r.result().orElseThrow()).toList();
    }

    private static boolean isHan(int codePoint) {
        return Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.HAN;
    }
}
