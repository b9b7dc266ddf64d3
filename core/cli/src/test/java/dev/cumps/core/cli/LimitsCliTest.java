package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.cli.CliRuns.Run;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code cumps limits} and {@code start}'s limit options through the CLI: the fast path and picocli
 * print the same, bad values are one-line usage errors (exit 2) before anything runs, refusals are
 * one-line errors (exit 1), and status and clients show the recorded limits.
 */
class LimitsCliTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private Run viaCli(String... args) {
        return CliRuns.cli(sb, args);
    }

    private Run viaPicocli(String... args) {
        return CliRuns.picocli(sb, args);
    }

    private Integer fast(String... args) {
        return CliRuns.fast(sb, args);
    }

    @Test
    void startWithLimitsRecordsThemAndLimitsShowsRecordedAndCurrent() throws IOException {
        Run start = viaCli("start", "--name", "a", "--active-thread-percentage", "25", "--pinned-mem-limit", "8192M");
        assertEquals(0, start.code(), start.err());
        assertTrue(start.out().contains("\"mps_active_thread_percentage\": 25"), start.out());
        assertTrue(start.out().contains("\"mps_pinned_device_mem_limit\": \"8G\""), start.out());

        Run limits = viaCli("limits");

        assertEquals(0, limits.code(), limits.err());
        assertTrue(limits.out().lines().anyMatch(l -> l.matches("  a +25% / 25% +8G / 8G +- *")), limits.out());
        Map<String, Object> json = Sandbox.parseObject(viaCli("limits", "--json").out());
        @SuppressWarnings("unchecked")
        Map<String, Object> a = ((List<Map<String, Object>>) json.get("daemons")).get(0);
        assertEquals(Map.of("active_thread_percentage", 25, "pinned_device_mem_limit", "8G"), a.get("recorded"));
        assertEquals(Map.of("active_thread_percentage", 25.0, "pinned_device_mem_limit", "8G", "pinned_device_mem_limit_supported", true),
                a.get("current"));
        assertEquals(false, a.get("differs_from_record"));
    }

    @Test
    void statusAndClientsShowTheRecordedLimits() {
        viaCli("start", "--name", "a", "--active-thread-percentage", "25");

        String status = viaCli("status").out();
        String clients = viaCli("clients").out();
        String clientsJson = viaCli("clients", "--json").out();

        for (String text : List.of(status, clients)) {
            assertTrue(text.contains("\nRecorded limits (see `cumps limits`)\n"), text);
            assertTrue(text.lines().anyMatch(l -> l.matches("  a +25% +- *")), text);
        }
        assertTrue(viaCli("status", "--json").out().contains("\"mps_active_thread_percentage\": 25"));
        assertTrue(clientsJson.contains("\"mps_active_thread_percentage\": 25"), clientsJson);
        assertFalse(clientsJson.contains("mps_pinned_device_mem_limit"), clientsJson);
    }

    @Test
    void readFormsPrintWhatPicocliPrints() {
        viaCli("start", "--name", "a", "--active-thread-percentage", "25");
        List<List<String>> forms = List.of(List.of("limits"), List.of("limits", "--json"), List.of("limits", "--name", "a"),
                List.of("limits", "--name=a", "--json"), List.of("limits", "--name", "missing"), List.of("limits", "--name", "Bad Name"));
        for (List<String> form : forms) {
            String[] args = form.toArray(String[]::new);
            assertNotNull(fast(args), "the fast path takes " + form);
            assertEquals(viaPicocli(args), viaCli(args), "same result for " + form);
        }
    }

    @Test
    void aSetThroughTheFastPathPrintsWhatPicocliPrints() {
        viaCli("start", "--name", "a");
        Run picocli = viaPicocli("limits", "--name", "a", "--set-active-thread-percentage", "40", "--set-pinned-mem-limit", "2G");
        Run fast = viaCli("limits", "--name", "a", "--set-active-thread-percentage=40", "--set-pinned-mem-limit=2G");

        assertEquals(0, fast.code(), fast.err());
        assertEquals(picocli, fast);
        assertTrue(fast.out().startsWith("limits of 'a' set and recorded: active thread percentage 40, pinned memory limit 2G"
                + " (defaults and 0 running server(s))\n"), fast.out());
    }

    @Test
    void invalidOrIncompleteSetsAreLeftToPicocli() {
        List<List<String>> forms = List.of(List.of("limits", "--set-active-thread-percentage", "50"),
                List.of("limits", "--name", "a", "--set-active-thread-percentage", "0"),
                List.of("limits", "--name", "a", "--set-active-thread-percentage", "101"),
                List.of("limits", "--name", "a", "--set-pinned-mem-limit", "8T"),
                List.of("limits", "--name", "a", "--set-pinned-mem-limit"),
                List.of("limits", "--name", "a", "--set-pinned-mem-limit", "1G", "--set-pinned-mem-limit", "2G"),
                List.of("status", "--set-pinned-mem-limit", "1G"), List.of("limits", "--all"));
        for (List<String> form : forms) {
            assertNull(fast(form.toArray(String[]::new)), "left to picocli: " + form);
        }
    }

    @Test
    void badValuesAreOneLineUsageErrorsAndStartNothing() {
        List<List<String>> forms = List.of(List.of("start", "--name", "a", "--active-thread-percentage", "0"),
                List.of("start", "--name", "a", "--active-thread-percentage", "12.5"),
                List.of("start", "--name", "a", "--pinned-mem-limit", "8GB"),
                List.of("limits", "--name", "a", "--set-pinned-mem-limit", "-1G"),
                List.of("limits", "--set-active-thread-percentage", "50"));
        for (List<String> form : forms) {
            Run run = viaCli(form.toArray(String[]::new));
            assertEquals(Cli.USAGE, run.code(), form + ": " + run.err());
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().startsWith("error: "), run.err());
        }
        assertTrue(viaCli("start", "--active-thread-percentage", "0").err().contains(
                "invalid active thread percentage '0': give a whole number from 1 to 100, e.g. 25"));
        assertTrue(viaCli("limits", "--set-active-thread-percentage", "50").err().contains("need --name N"));
        assertTrue(sb.mps.launches().isEmpty(), "nothing was started");
        assertTrue(sb.mps.clientCommands().isEmpty(), "nothing was sent");
    }

    @Test
    void refusalsAreOneLineErrorsWithExitOne() throws IOException {
        sb.handRecord("old", 4_150_000L, 7, sb.dir.resolve("op"), sb.dir.resolve("ol"));
        String before = Files.readString(sb.recordFile("old"));

        Run stale = viaCli("limits", "--name", "old", "--set-active-thread-percentage", "50");
        Run missing = viaCli("limits", "--name", "ghost");

        assertEquals(Cli.FAILED, stale.code());
        assertEquals("error: daemon 'old' is stale (pid 4150000 is gone or reused); nothing was changed. Start it again with"
                + " `cumps start --name old`\n", stale.err());
        assertEquals(before, Files.readString(sb.recordFile("old")));
        assertEquals(Cli.FAILED, missing.code());
        assertEquals("error: no record named 'ghost' (see `cumps status`)\n", missing.err());
    }

    /** R470's daemon answers the pinned-memory commands {@code Unknown command "…"} (exit 0): never a success, never "not answering". */
    @Test
    void onADriverWithoutPinnedMemoryLimitsStartAndSetRefuseThemAndLimitsSaysNotSupported() throws IOException {
        sb.mps.r470();

        Run refused = viaCli("start", "--name", "a", "--active-thread-percentage", "25", "--pinned-mem-limit", "2G");
        assertEquals(1, refused.code(), refused.out());
        assertEquals("", refused.out());
        assertEquals(1, refused.err().lines().count(), refused.err());
        assertTrue(refused.err().startsWith("error: daemon 'a' did not start: this driver's control daemon does not know"
                + " set_default_device_pinned_mem_limit (it answered: Unknown command \"set_default_device_pinned_mem_limit\"): the limit is"
                + " not supported by this driver branch; leave it out"), refused.err());
        assertFalse(Files.exists(sb.recordFile("a")), "no record");
        assertEquals(List.of(), sb.mps.daemon(sb.runtimeRoot().resolve("a").resolve("pipe")).filter(d -> sb.processes.contains(d.pid))
                .map(d -> d.pid).stream().toList(), "no daemon left running");

        assertEquals(0, viaCli("start", "--name", "a", "--active-thread-percentage", "25").code());
        Run set = viaCli("limits", "--name", "a", "--set-pinned-mem-limit", "1G");
        assertEquals(1, set.code());
        assertTrue(set.err().startsWith("error: the limits of 'a' were not all applied: this driver's control daemon does not know"
                + " set_default_device_pinned_mem_limit"), set.err());
        assertFalse(Files.readString(sb.recordFile("a")).contains("mps_pinned_device_mem_limit"), "the record claims no pinned limit");

        Run limits = viaCli("limits");
        assertEquals(0, limits.code(), limits.err());
        assertTrue(limits.out().lines().anyMatch(l -> l.matches("  a +25% / 25% +- / not supported by this driver +- *")), limits.out());
        assertFalse(limits.out().contains("not answering"), limits.out());
        Map<String, Object> json = Sandbox.parseObject(viaCli("limits", "--json").out());
        @SuppressWarnings("unchecked")
        Map<String, Object> a = ((List<Map<String, Object>>) json.get("daemons")).get(0);
        assertEquals(false, ((Map<?, ?>) a.get("current")).get("pinned_device_mem_limit_supported"), a.toString());
        assertNull(a.get("problem"), a.toString());
    }
}
