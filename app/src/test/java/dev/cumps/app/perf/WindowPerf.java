package dev.cumps.app.perf;

import com.sun.management.OperatingSystemMXBean;
import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordStore;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Window performance harness (docs/performance.md), not a test: its name does not match surefire's
 * patterns, so {@code mvn verify} never runs it, and it asserts nothing about time. Run it with
 * <pre>mvn -o -pl app -am verify -Dtest=WindowPerf -Dsurefire.failIfNoSpecifiedTests=false</pre>
 * and read the {@code WINDOW-PERF} lines it prints. Against a simulated host (headless Monocle):
 * <ol>
 *   <li>launch to first complete status on screen: from opening the host (JVM uptime reported too)
 *       until the first refresh, started before the window is shown as {@code ConsoleApplication}
 *       does, has filled the GPU table;</li>
 *   <li>the longest gap between FX pulses (an {@link AnimationTimer}) while a refresh of 1,000
 *       records (half stale) runs and is applied (the first, into an empty table, and the next), and
 *       while {@code nvidia-smi} hangs (5 s timeout);</li>
 *   <li>used heap after 1,000 refresh cycles against its level after 20 (full GC before each);</li>
 *   <li>CPU used by the window refreshing every 2 s for {@code -Dwindowperf.idleSeconds} (default 30):
 *       this JVM, and this JVM plus its reaped children (the {@code nvidia-smi} runs), per core.</li>
 * </ol>
 * The sizes can be lowered for a quick run: {@code -Dwindowperf.cycles=100 -Dwindowperf.records=200}.
 */
@ExtendWith(ApplicationExtension.class)
class WindowPerf {
    private static final int RECORDS = Integer.getInteger("windowperf.records", 1000);
    private static final int CYCLES = Integer.getInteger("windowperf.cycles", 1000);
    private static final int IDLE_SECONDS = Integer.getInteger("windowperf.idleSeconds", 30);

    private final long openedAt = System.nanoTime();
    private final SimulatedConsole host = SimulatedConsole.open();
    private final long hostReadyAt = System.nanoTime();
    private long startCalledAt;
    private long shownAt;
    private ConsoleWindow.Built window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        startCalledAt = System.nanoTime();
        this.stage = stage;
        // As ConsoleApplication.start: the first collection starts before the window is shown.
        window = ConsoleWindow.build(host.viewModels(host.context(new FxUiExecutor(), Locale.ENGLISH)));
        window.viewModel().refresh();
        stage.setScene(window.scene());
        stage.setMaximized(false);
        stage.setWidth(ConsoleWindow.DEFAULT_WIDTH);
        stage.setHeight(ConsoleWindow.DEFAULT_HEIGHT);
        stage.show();
        shownAt = System.nanoTime();
    }

    @AfterEach
    void close() {
        WindowFixture.closeOtherWindows(stage);
        host.close();
    }

    private static void report(String what, String value) {
        System.out.println("WINDOW-PERF " + what + ": " + value);
    }

    private void refreshAndWait(ConsoleWindow.Built built) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> built.viewModel().refresh()).get();
        WindowFixture.waitUntil(() -> !built.viewModel().refreshingProperty().get());
    }

    /** Records the longest gap between FX pulses while it runs. */
    private static final class PulseGaps extends AnimationTimer {
        private final AtomicLong last = new AtomicLong();
        private final AtomicLong longest = new AtomicLong();
        private final AtomicLong longestEndedAt = new AtomicLong();

        @Override
        public void handle(long now) {
            long previous = last.getAndSet(now);
            if (previous != 0 && now - previous > longest.get()) {
                longest.set(now - previous);
                longestEndedAt.set(System.currentTimeMillis());
            }
        }

        /** Wall-clock time (epoch ms) at which the longest gap ended, to find it in a JFR recording. */
        long longestEndedAt() {
            return longestEndedAt.get();
        }

        double longestMillis() {
            return longest.get() / 1e6;
        }
    }

    private static PulseGaps pulses() throws Exception {
        PulseGaps gaps = new PulseGaps();
        WaitForAsyncUtils.asyncFx(gaps::start).get();
        Thread.sleep(200);
        return gaps;
    }

    @Test
    void measure() throws Exception {
        // 1. Launch to first complete status on screen (the first refresh was started in start()).
        WindowFixture.waitUntil(() -> !window.viewModel().gpus().isEmpty());
        report("first status on screen after opening the host", (System.nanoTime() - openedAt) / 1_000_000 + " ms (JVM uptime "
                + ManagementFactory.getRuntimeMXBean().getUptime() + " ms, TestFX start-up included; simulated host "
                + (hostReadyAt - openedAt) / 1_000_000 + " ms, TestFX " + (startCalledAt - hostReadyAt) / 1_000_000
                + " ms, window built and shown " + (shownAt - startCalledAt) / 1_000_000
                + " ms, then the first refresh (started before the window was shown) applied after "
                + (System.nanoTime() - shownAt) / 1_000_000 + " ms)");

        // 2a. Longest pulse gap during a refresh of many records, half of them stale.
        RecordStore store = host.services().records();
        long pid = ProcessHandle.current().pid();
        long ticks = new ProcFsProcessTable().find(pid).map(ProcessInfo::startTicks).orElseThrow();
        Path run = Files.createTempDirectory("wp");
        for (int i = 0; i < RECORDS; i++) {
            Path dir = run.resolve("d" + i);
            store.write(new DaemonRecord(String.format("perf-%04d", i), store.uid(), store.host(), "single_gpu",
                    List.of("GPU-5f0c1a2e-0000-4000-8000-000000000000"), dir.resolve("pipe"), dir.resolve("log"), pid,
                    i % 2 == 0 ? ticks : ticks + 1, 1764540000.5));
        }
        PulseGaps gaps = pulses();
        long t0 = System.nanoTime();
        refreshAndWait(window);
        WaitForAsyncUtils.waitForFxEvents();
        long took = (System.nanoTime() - t0) / 1_000_000;
        WaitForAsyncUtils.asyncFx(gaps::stop).get();
        report("longest FX pulse gap, refresh of " + RECORDS + " records (half stale)", String.format("%.1f ms (refresh took %d ms, "
                + "%d rows; the gap ended at %tT.%<tL)", gaps.longestMillis(), took, window.viewModel().daemons().size(),
                gaps.longestEndedAt()));
        // The same records again: the rows exist (their ages changed), the table's cells are built.
        PulseGaps again = pulses();
        long a0 = System.nanoTime();
        refreshAndWait(window);
        WaitForAsyncUtils.waitForFxEvents();
        long againTook = (System.nanoTime() - a0) / 1_000_000;
        WaitForAsyncUtils.asyncFx(again::stop).get();
        report("longest FX pulse gap, next refresh of the same " + RECORDS + " records", String.format("%.1f ms (refresh took %d ms)",
                again.longestMillis(), againTook));
        for (int i = 0; i < RECORDS; i++) {
            store.remove(String.format("perf-%04d", i));
        }

        // 2b. Longest pulse gap while nvidia-smi hangs (the core gives up after 5 s).
        try (SimulatedConsole hanging = SimulatedConsole.open(Map.of("CUMPS_SIM_SMI_FAULT", "hang"))) {
            Stage second = WaitForAsyncUtils.asyncFx((Callable<Stage>) Stage::new).get();
            ConsoleWindow.Built hung = WaitForAsyncUtils.asyncFx(
                    (Callable<ConsoleWindow.Built>) () -> WindowFixture.show(second, hanging, Locale.ENGLISH)).get();
            PulseGaps hangGaps = pulses();
            long h0 = System.nanoTime();
            refreshAndWait(hung);
            long hangTook = (System.nanoTime() - h0) / 1_000_000;
            WaitForAsyncUtils.asyncFx(hangGaps::stop).get();
            WaitForAsyncUtils.asyncFx(second::hide).get();
            report("longest FX pulse gap, nvidia-smi hanging", String.format("%.1f ms (refresh took %d ms)", hangGaps.longestMillis(),
                    hangTook));
        }

        // 3. Heap after many refresh cycles.
        for (int i = 0; i < 20; i++) {
            refreshAndWait(window);
        }
        long before = usedHeapAfterGc();
        for (int i = 0; i < CYCLES; i++) {
            refreshAndWait(window);
        }
        long after = usedHeapAfterGc();
        report("used heap after 20 / after " + (20 + CYCLES) + " refresh cycles", String.format("%.1f / %.1f MiB (%+.1f %%)",
                before / 1048576.0, after / 1048576.0, 100.0 * (after - before) / before));

        // 4. CPU of the idle window refreshing every 2 s.
        WaitForAsyncUtils.asyncFx(() -> {
            window.viewModel().intervalSecondsProperty().set(2);
            window.refresh().start();
        }).get();
        Thread.sleep(3000);
        long cpu0 = processCpuNanos();
        long[] children0 = childrenCpuTicks();
        long w0 = System.nanoTime();
        Thread.sleep(IDLE_SECONDS * 1000L);
        long cpu = processCpuNanos() - cpu0;
        long[] children1 = childrenCpuTicks();
        long wall = System.nanoTime() - w0;
        WaitForAsyncUtils.asyncFx(() -> window.refresh().stop()).get();
        double hz = 100.0;
        double childNanos = ((children1[0] - children0[0]) + (children1[1] - children0[1])) / hz * 1e9;
        report("CPU of the idle window refreshing every 2 s, " + IDLE_SECONDS + " s", String.format("%.2f %% of one core (JVM), "
                + "%.2f %% with its nvidia-smi children", 100.0 * cpu / wall, 100.0 * (cpu + childNanos) / wall));
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** cutime and cstime of /proc/self/stat: CPU ticks of reaped children. */
    private static long[] childrenCpuTicks() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return new long[] {Long.parseLong(f[13]), Long.parseLong(f[14])};
    }
}
