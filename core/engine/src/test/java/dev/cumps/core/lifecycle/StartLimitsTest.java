package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.live.ControlReplies;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code start --active-thread-percentage P --pinned-mem-limit SIZE}: the limits go to the daemon
 * right after it answers, before the record is written, and a daemon that does not take them is a
 * failed start, undone like any other.
 */
class StartLimitsTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void tearDown() {
        sb.close();
    }

    private DaemonRecord start(String name, MpsLimits limits) {
        return sb.services().starter().start(new StartRequest(Optional.empty(), Optional.of(name), Optional.empty(), Optional.empty(),
                Map.of(), limits), stage -> { });
    }

    private static final MpsLimits LIMITS = new MpsLimits(OptionalInt.of(25), OptionalLong.of(8192));

    @Test
    void startAppliesTheLimitsAfterTheHandshakeAndRecordsThem() throws Exception {
        DaemonRecord record = start("a", LIMITS);

        assertEquals(List.of("get_server_list", "set_default_device_pinned_mem_limit 0 8G", "set_default_active_thread_percentage 25",
                ControlReplies.batch(List.of("get_default_active_thread_percentage", "get_default_device_pinned_mem_limit 0"))),
                sb.mps.clientCommands().stream().map(String::strip).toList());
        assertEquals(LIMITS, record.limits());
        String text = Files.readString(sb.recordFile("a"));
        assertTrue(text.contains("\"mps_active_thread_percentage\": 25"), text);
        assertTrue(text.contains("\"mps_pinned_device_mem_limit\": \"8G\""), text);
    }

    @Test
    void startWithoutLimitsSendsNoLimitCommandAndWritesNoLimitKey() throws Exception {
        start("a", MpsLimits.NONE);

        assertEquals(List.of("get_server_list"), sb.mps.clientCommands().stream().map(String::strip).toList());
        assertFalse(Files.readString(sb.recordFile("a")).contains("mps_"));
    }

    @Test
    void aDaemonThatRefusesTheLimitsIsStoppedAndNotRecorded() {
        sb.mps.reply("set_default_device_pinned_mem_limit 0 8G", "Invalid command\n");

        StartFailure f = assertThrows(StartFailure.class, () -> start("a", LIMITS));

        assertTrue(f.getMessage().contains("the control daemon refused `set_default_device_pinned_mem_limit 0 8G` (Invalid command)"),
                f.getMessage());
        assertFalse(Files.exists(sb.recordFile("a")));
        FakeMpsHost.Daemon daemon = sb.mps.daemon(sb.runtimeRoot().resolve("a").resolve("pipe")).orElseThrow();
        assertFalse(sb.processes.isAlive(new ProcessIdentity(daemon.pid, daemon.startTicks)), "the launched daemon must be stopped");
    }

    /** R470 answers {@code Unknown command "set_default_device_pinned_mem_limit"} with exit 0: a refusal, never a success. */
    @Test
    void aStartWithAPinnedLimitOnADriverWithoutItFailsNamingTheCommandAndLeavesNoDaemonAndNoRecord() {
        sb.mps.r470();

        StartFailure f = assertThrows(StartFailure.class, () -> start("a", LIMITS));

        assertEquals("daemon 'a' did not start: this driver's control daemon does not know set_default_device_pinned_mem_limit (it"
                + " answered: Unknown command \"set_default_device_pinned_mem_limit\"): the limit is not supported by this driver branch;"
                + " leave it out", f.reason());
        assertFalse(Files.exists(sb.recordFile("a")), "no record");
        FakeMpsHost.Daemon daemon = sb.mps.daemon(sb.runtimeRoot().resolve("a").resolve("pipe")).orElseThrow();
        assertFalse(sb.processes.isAlive(new ProcessIdentity(daemon.pid, daemon.startTicks)), "the launched daemon is stopped");
        assertFalse(sb.mps.clientCommands().stream().anyMatch(c -> c.startsWith("set_default_active_thread_percentage")),
                "the refusal came first: nothing else was changed");
    }

    @Test
    void aStartWithOnlyAThreadPercentageOnR470IsRecorded() throws Exception {
        sb.mps.r470();

        DaemonRecord record = start("a", new MpsLimits(OptionalInt.of(40), OptionalLong.empty()));

        assertEquals(new MpsLimits(OptionalInt.of(40), OptionalLong.empty()), record.limits());
        assertFalse(Files.readString(sb.recordFile("a")).contains("mps_pinned_device_mem_limit"));
    }

    /** NVIDIA's daemon takes 1536M and then reports 1G (measured, R535 and R555): the record must not say 1536M. */
    @Test
    void aLimitTheDaemonTookButDoesNotReportIsAFailedStartAndNotRecorded() {
        sb.mps.reply("get_default_device_pinned_mem_limit 0", "1G\n");

        StartFailure f = assertThrows(StartFailure.class, () -> start("a", new MpsLimits(OptionalInt.empty(), OptionalLong.of(1536))));

        assertEquals("daemon 'a' did not start: the control daemon took `set_default_device_pinned_mem_limit 0 1536M` but reports 1G"
                + " now, not 1536M; the limit is not recorded", f.reason());
        assertFalse(Files.exists(sb.recordFile("a")));
    }
}
