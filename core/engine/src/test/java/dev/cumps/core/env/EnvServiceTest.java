package dev.cumps.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link EnvService} alone: a record store and a process table, no lifecycle. */
class EnvServiceTest {
    private final Sandbox sb = new Sandbox();
    private final EnvService env = new EnvService(new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock),
            new Liveness(sb.processes));

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private DaemonRecord live(String name, long pid) {
        sb.processes.put(pid, FakeMpsHost.DAEMON_COMM, 77);
        return sb.handRecord(name, pid, 77, sb.dir.resolve(name + "-p"), sb.dir.resolve(name + "-l"));
    }

    @Test
    void theSoleLiveRecordIsChosenWhenNoNameIsGiven() {
        live("alive", 4_100_010L);
        sb.handRecord("dead", 4_100_011L, 5, sb.dir.resolve("dp"), sb.dir.resolve("dl"));

        LaunchEnvironment chosen = env.launchEnvironment(Optional.empty());

        assertEquals("alive", chosen.name());
        assertEquals(sb.dir.resolve("alive-p").toString(), chosen.variables().get("CUDA_MPS_PIPE_DIRECTORY"));
    }

    @Test
    void aStaleRecordIsRefusedWithAKeyedMessage() {
        sb.handRecord("dead", 4_100_012L, 5, sb.dir.resolve("dp"), sb.dir.resolve("dl"));

        CumpsException e = assertThrows(CumpsException.class, () -> env.launchEnvironment(Optional.of("dead")));

        assertEquals("env.STALE", e.errorMessage().key());
        assertEquals("daemon 'dead' is stale (pid 4100012 is gone or reused); start it again with `cumps start --name dead`",
                e.getMessage());
    }

    @Test
    void noOrSeveralLiveRecordsAskForAName() {
        CumpsException none = assertThrows(CumpsException.class, () -> env.launchEnvironment(Optional.empty()));
        assertEquals("env.NO_LIVE_DAEMON", none.errorMessage().key());

        live("a", 4_100_013L);
        live("b", 4_100_014L);
        CumpsException several = assertThrows(CumpsException.class, () -> env.launchEnvironment(Optional.empty()));
        assertEquals("2 live daemons are recorded (a, b); choose one with --name", several.getMessage());
    }

    @Test
    void aMissingOrForeignRecordIsNamed() {
        sb.foreignRecord("theirs", 65534, "otherhost", 4_100_015L, 5);

        assertEquals("no record named 'nobody' (see `cumps status`)",
                assertThrows(CumpsException.class, () -> env.launchEnvironment(Optional.of("nobody"))).getMessage());
        assertEquals("env.RECORD_FOREIGN",
                assertThrows(CumpsException.class, () -> env.launchEnvironment(Optional.of("theirs"))).errorMessage().key());
    }
}
