package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A record is live only when its pid runs with the recorded start time as the record's uid: a record
 * naming another user's process (pid and start time are readable by anyone) is stale, and so is one whose
 * process {@code /proc} shows no owner of; held with the fake table and with the real {@code /proc}.
 */
class LivenessTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void close() {
        sb.close();
    }

    private RecordState state(long pid, long ticks) {
        DaemonRecord r = sb.handRecord("d" + pid, pid, ticks, sb.dir.resolve("p"), sb.dir.resolve("l"));
        return new Liveness(sb.processes).assess(r).state();
    }

    @Test
    void aProcessOfTheRecordsUidWithTheRecordedStartTimeIsLive() {
        sb.processes.put(4_120_000L, "nvidia-cuda-mps", 50);
        assertEquals(RecordState.LIVE, state(4_120_000L, 50));
        assertEquals(RecordState.STALE, state(4_120_000L, 51), "another start time");
    }

    @Test
    void theSamePidAndStartTimeRunByAnotherUserIsStale() {
        sb.processes.put(4_120_001L, "nvidia-cuda-mps", 50);
        sb.processes.describe(4_120_001L, new ProcessOwner(65534, "nobody"), List.of("nvidia-cuda-mps-control", "-d"));
        assertEquals(RecordState.STALE, state(4_120_001L, 50));
    }

    @Test
    void aProcessWhoseOwnerProcDoesNotShowIsStale() {
        sb.processes.put(4_120_002L, "nvidia-cuda-mps", 50);
        sb.processes.hideOwner(4_120_002L);
        assertEquals(RecordState.STALE, state(4_120_002L, 50));
    }

    @Test
    void withTheRealProcAnotherUsersProcessIsStaleAndTheCallersLive() throws Exception {
        assertEquals(0, sb.uid, "needs root to start a process as uid 65534: run the tests as root (CI does; a root-only check fails, never skips)");
        Process theirs = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sleep", "600").start();
        Process mine = new ProcessBuilder("sleep", "600").start();
        try {
            ProcFsProcessTable proc = new ProcFsProcessTable();
            assertTrue(awaitOwner(proc, theirs.pid(), 65534), "setpriv has dropped to uid 65534");
            ProcessInfo t = proc.find(theirs.pid()).orElseThrow();
            ProcessInfo m = proc.find(mine.pid()).orElseThrow();
            DaemonRecord naming = new DaemonRecord("x", sb.uid, Sandbox.HOSTNAME, "single_gpu", List.of(), Path.of("/p"), Path.of("/l"),
                    t.pid(), t.startTicks(), 1.0);
            DaemonRecord own = new DaemonRecord("y", sb.uid, Sandbox.HOSTNAME, "single_gpu", List.of(), Path.of("/p"), Path.of("/l"),
                    m.pid(), m.startTicks(), 1.0);
            assertEquals(RecordState.STALE, new Liveness(proc).assess(naming).state());
            assertEquals(RecordState.LIVE, new Liveness(proc).assess(own).state());
        } finally {
            theirs.destroyForcibly();
            mine.destroyForcibly();
            theirs.waitFor(60, TimeUnit.SECONDS);
            mine.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /** setpriv execs sleep after dropping privileges: wait for /proc to show the new owner (bounded by a generous deadline). */
    private static boolean awaitOwner(ProcFsProcessTable proc, long pid, long uid) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (proc.owner(pid).filter(o -> o.uid() == uid).isPresent()
                    && proc.find(pid).filter(i -> i.comm().equals("sleep")).isPresent()) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
