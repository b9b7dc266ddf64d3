package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code cumps doctor} with no {@code --gpus} on a host where two GPUs are visible and a healthy daemon
 * runs on each: each visible GPU is diagnosed (the window's answer too), so the host is valid rather
 * than failing {@code topology} and asking for {@code --gpus}; a selector naming both still fails closed.
 */
class DoctorEachGpuCommandTest {
    private Sandbox sb;

    record Run(int code, String out, String err) {
    }

    @BeforeEach
    void twoGpusEachWithADaemon() {
        sb = new Sandbox();
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.start("first", 0);
        sb.start("second", 1);
    }

    @AfterEach
    void close() {
        sb.close();
    }

    private Run cumps(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), globals -> sb.services(), question -> Optional.empty())
                .run(args);
        return new Run(code, o.toString(), e.toString());
    }

    @Test
    void noSelectorDiagnosesEachVisibleGpu() {
        Run run = cumps("doctor");

        assertEquals(0, run.code(), run.out() + run.err());
        assertTrue(run.out().contains("PASS    GPU 0 · exactly one live managed daemon for the GPU"), run.out());
        assertTrue(run.out().contains("PASS    GPU 1 · exactly one live managed daemon for the GPU"), run.out());
        assertEquals(1, run.out().lines().filter(l -> l.contains("Linux host")).count(), "a host check once: " + run.out());
        assertFalse(run.out().contains("--gpus INDEX"), run.out());
        assertTrue(run.out().endsWith("VALID: 33 pass, 0 warn, 0 fail, 0 skip\n"), run.out());
    }

    @Test
    void jsonNamesEachChecksGpuAndThePlanSaysEachVisibleGpu() {
        Run run = cumps("doctor", "--json");

        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("\"each_visible_gpu\": true"), run.out());
        assertTrue(run.out().contains("\"uuid\": \"" + FakeGpu.uuidFor(1) + "\""), run.out());
    }

    @Test
    void bothGpusNamedStillFailClosed() {
        Run run = cumps("doctor", "--gpus", "all");

        assertEquals(1, run.code(), run.out());
        assertTrue(run.out().contains("FAIL    selector resolves to a supported topology"), run.out());
    }
}
