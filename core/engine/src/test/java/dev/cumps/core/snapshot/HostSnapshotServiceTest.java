package dev.cumps.core.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.CoreServices;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The host snapshot over the fake host: one {@code nvidia-smi} query feeds the status and the live
 * view, the plain read asks no daemon, and a named read refuses a name it cannot use before it runs
 * anything.
 */
class HostSnapshotServiceTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void tearDown() {
        sb.close();
    }

    @Test
    void theLiveReadAsksNvidiaSmiOnceAndEveryLiveDaemonOnce() {
        DaemonRecord a = sb.start("snap-a", 0);
        CoreServices services = sb.services();
        int smiBefore = sb.mps.smiCalls().size();
        int clientBefore = sb.mps.clientCalls().size();

        HostSnapshot host = services.snapshots().read(Detail.FULL);

        assertEquals(1, sb.mps.smiCalls().size() - smiBefore, "one GPU query for status and live view");
        assertEquals(1, sb.mps.clientCalls().size() - clientBefore, "one control-client run for the one live daemon");
        assertEquals(List.of(a), host.liveRecords());
        assertEquals(1, host.requireLive().daemons().size());
        assertEquals(Optional.of("snap-a"), host.requireLive().daemons().get(0).name());
        assertEquals(host.gpus().gpus().size(), host.status().gpus().size(), "the status's GPUs are the snapshot's query");
        assertEquals(a.limits(), host.recordedLimits(List.of("snap-a")).get("snap-a"));
    }

    @Test
    void thePlainReadAsksNoDaemon() {
        sb.start("snap-b", 0);
        CoreServices services = sb.services();
        int clientBefore = sb.mps.clientCalls().size();

        HostSnapshot host = services.snapshots().read(Detail.NONE);

        assertEquals(0, sb.mps.clientCalls().size() - clientBefore);
        assertTrue(host.live().isEmpty());
        assertThrows(IllegalStateException.class, host::requireLive);
    }

    @Test
    void aNamedReadOfAMissingRecordIsRefusedBeforeAnythingRuns() {
        CoreServices services = sb.services();
        int smiBefore = sb.mps.smiCalls().size();

        CumpsException e = assertThrows(CumpsException.class, () -> services.snapshots().readLive(Optional.of("nobody")));

        assertEquals("no record named 'nobody' (see `cumps status`)", e.getMessage());
        assertEquals(0, sb.mps.smiCalls().size() - smiBefore, "no GPU query for a name that cannot be shown");
    }

    @Test
    void aNamedReadShowsThatDaemonAloneAroundOneGpuQuery() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.start("snap-c", 0);
        sb.start("snap-d", 1);
        CoreServices services = sb.services();
        int smiBefore = sb.mps.smiCalls().size();

        HostSnapshot host = services.snapshots().readLive(Optional.of("snap-d"));

        assertEquals(1, sb.mps.smiCalls().size() - smiBefore);
        assertEquals(List.of(Optional.of("snap-d")), host.requireLive().daemons().stream().map(d -> d.name()).toList());
    }

    @Test
    void aNamedReadLooksTheRecordUpOnce() {
        DaemonRecord e = sb.start("snap-e", 0);
        CoreServices services = sb.services();
        int before = sb.processes.finds(e.pid());
        services.snapshots().read(Detail.FULL);
        int everyDaemon = sb.processes.finds(e.pid()) - before;

        before = sb.processes.finds(e.pid());
        HostSnapshot host = services.snapshots().readLive(Optional.of("snap-e"));
        int named = sb.processes.finds(e.pid()) - before;

        assertEquals(everyDaemon + 1, named, "the name's record is judged once, beyond what the status and live view judge");
        assertEquals(List.of(Optional.of("snap-e")), host.requireLive().daemons().stream().map(d -> d.name()).toList());
    }
}
