package dev.cumps.core.cli.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.gpu.GpuText;
import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.GpuLoad;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.LiveText;
import dev.cumps.core.live.MpsServer;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Golden;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One frame of {@code cumps top} on a fixed snapshot: the golden text, bars, width and cut commands. */
class TopTextTest {
    private static final String GPU0 = "GPU-5f0c1a2e-0000-4000-8000-000000000000";
    private static final String GPU1 = "GPU-5f0c1a2e-0000-4000-8000-000000000001";
    private static final ProcessOwner ALICE = new ProcessOwner(1000, "alice");
    private static final String LONG_COMMAND = "python3 train.py --config configs/very/long/path/to/an/experiment.yaml"
            + " --epochs 300 --batch-size 512 --output /scratch/alice/runs/2026-12-01";

    private static LiveSnapshot busy() {
        ClientProcess train = new ClientProcess(4101, Optional.of(ALICE), Optional.of(List.of("python3", "train.py", "--epochs", "3")),
                OptionalLong.of(5000), OptionalLong.of(187), List.of(GPU0), OptionalLong.of(2048));
        ClientProcess eval = new ClientProcess(4102, Optional.of(ALICE), Optional.of(List.of(LONG_COMMAND.split(" "))),
                OptionalLong.of(6000), OptionalLong.of(7529), List.of(GPU0), OptionalLong.of(512));
        ClientProcess hidden = new ClientProcess(4103, Optional.empty(), Optional.empty(), OptionalLong.empty(), OptionalLong.empty(),
                List.of(), OptionalLong.empty());
        MpsServer server = new MpsServer(4100, Optional.of(ALICE), OptionalLong.of(4000), Optional.of("ACTIVE"), List.of(train, eval, hidden));
        DaemonSnapshot alpha = new DaemonSnapshot(Optional.of("alpha"), Path.of("/tmp/alpha/pipe"), DaemonSnapshot.State.ANSWERING,
                Optional.empty(), List.of(server));
        DaemonSnapshot beta = new DaemonSnapshot(Optional.of("beta"), Path.of("/tmp/beta/pipe"), DaemonSnapshot.State.NOT_ANSWERING,
                Optional.of(Message.of(LiveText.INTERRUPTED)), List.of());
        DaemonSnapshot unmanaged = new DaemonSnapshot(Optional.empty(), Path.of("/tmp/nvidia-mps"), DaemonSnapshot.State.ANSWERING,
                Optional.empty(), List.of());
        return new LiveSnapshot(List.of(
                new GpuLoad(0, GPU0, OptionalInt.of(62), OptionalLong.of(2560), OptionalLong.of(81559)),
                new GpuLoad(1, GPU1, OptionalInt.empty(), OptionalLong.empty(), OptionalLong.of(81559))),
                List.of(alpha, beta, unmanaged), List.of());
    }

    private static Map<String, DaemonRecord> records() {
        return Map.of("alpha", record("alpha", 4000, GPU0), "beta", record("beta", 4200, GPU1));
    }

    private static DaemonRecord record(String name, long pid, String gpu) {
        return new DaemonRecord(name, 1000, "host", "single", List.of(gpu), Path.of("/tmp/" + name + "/pipe"),
                Path.of("/tmp/" + name + "/log"), pid, 12345, 1.5);
    }

    @Test
    void frameShowsGpusDaemonsServersAndClients() {
        String frame = TopText.render(busy(), records(), "cumps top: refreshing every 2 s; press q to quit", 120);
        Golden.assertMatches(getClass(), "golden/top/busy.txt", frame, "the top frame");
    }

    @Test
    void noDaemonShowsTheGpusAndSaysSo() {
        LiveSnapshot idle = new LiveSnapshot(List.of(new GpuLoad(0, GPU0, OptionalInt.of(0), OptionalLong.of(0), OptionalLong.of(81559))),
                List.of(), List.of());
        String frame = TopText.render(idle, Map.of(), "", 120);
        Golden.assertMatches(getClass(), "golden/top/idle.txt", frame, "the top frame without daemons");
        assertTrue(frame.contains("\nno live daemons\n"), frame);
        assertFalse(frame.contains("Clients"), frame);
    }

    @Test
    void diagnosticIsShownAboveTheGpus() {
        LiveSnapshot failed = new LiveSnapshot(List.of(), List.of(), List.of(Message.of(GpuText.SMI_NOT_FOUND)));
        String frame = TopText.render(failed, Map.of(), "", 120);
        assertTrue(frame.startsWith("diagnostic: " + Message.of(GpuText.SMI_NOT_FOUND).english() + "\nGPUs\n  (none)\n"), frame);
    }

    @ParameterizedTest
    @CsvSource({"40", "60", "80", "100", "200"})
    void noLineIsWiderThanTheTerminal(int width) {
        String frame = TopText.render(busy(), records(), "cumps top: refreshing every 2 s; press q to quit", width);
        for (String line : frame.split("\n")) {
            assertTrue(line.codePointCount(0, line.length()) <= width, "wider than " + width + ": " + line);
        }
        // The daemon and client columns come first, so they stay visible at every width.
        assertTrue(frame.contains("  alpha   4100    4101"), frame);
    }

    @Test
    void longCommandIsCutWithAnEllipsisAtTheEdge() {
        String frame = TopText.render(busy(), records(), "", 100);
        String evalLine = frame.lines().filter(l -> l.contains("4102")).findFirst().orElseThrow();
        assertEquals(100, evalLine.length(), evalLine);
        assertTrue(evalLine.endsWith("…"), evalLine);
        assertTrue(evalLine.contains("python3 train.py --config"), evalLine);
        String wide = TopText.render(busy(), records(), "", 400);
        assertTrue(wide.contains(LONG_COMMAND + "\n"), "a terminal wide enough shows the whole command: " + wide);
    }

    @Test
    void narrowerThanTheMinimumStillShowsFortyColumns() {
        String frame = TopText.render(busy(), records(), "", 10);
        assertEquals(TopText.MIN_WIDTH, frame.lines().mapToInt(String::length).max().orElseThrow());
    }

    @ParameterizedTest
    @CsvSource({"0,[..........]", "4,[..........]", "5,[#.........]", "50,[#####.....]", "62,[######....]", "100,[##########]",
        "130,[##########]", "-3,[..........]"})
    void barFillsOneCellPerTenPercent(int percent, String bar) {
        assertEquals(bar, TopText.bar(percent));
    }

    @Test
    void controlCharactersInACommandAreEscaped() {
        ClientProcess evil = new ClientProcess(9, Optional.of(ALICE), Optional.of(List.of("sh", "-c", "echo \033[2Jgone")),
                OptionalLong.of(1), OptionalLong.of(1), List.of(), OptionalLong.empty());
        DaemonSnapshot d = new DaemonSnapshot(Optional.of("alpha"), Path.of("/p"), DaemonSnapshot.State.ANSWERING, Optional.empty(),
                List.of(new MpsServer(8, Optional.of(ALICE), OptionalLong.of(1), Optional.empty(), List.of(evil))));
        String frame = TopText.render(new LiveSnapshot(List.of(), List.of(d), List.of()), Map.of(), "", 200);
        assertFalse(frame.contains("\033"), frame);
    }
}
