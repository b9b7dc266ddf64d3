package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ForegroundRunnerTest {
    private final Sandbox sb = new Sandbox();
    private final LifecycleContext c = Contexts.of(sb);
    private final ForegroundRunner runner = new ForegroundRunner(c, new DaemonStarter(c, Contexts.planner(sb)));

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void theRecordExistsWhileTheDaemonRunsAndIsRemovedWhenItIsEnded() {
        List<Boolean> recordedOnDisk = new ArrayList<>();
        List<DaemonRecord> recorded = new ArrayList<>();

        int code = runner.run(Sandbox.named("fg"), sb.mps.spawner(), record -> {
            recorded.add(record);
            recordedOnDisk.add(Files.isRegularFile(sb.recordFile("fg")));
            runner.end(record); // what a Ctrl-C hook does
        }, stage -> { });

        assertEquals(0, code);
        assertEquals(List.of(true), recordedOnDisk);
        assertFalse(sb.processes.isAlive(recorded.get(0).identity()));
        assertFalse(Files.exists(sb.recordFile("fg"), LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of("-f"), sb.mps.spawned().stream().map(s -> s.argv().get(1)).toList());
    }

    @Test
    void endLeavesARecordThatNamesAnotherProcess() {
        DaemonRecord running = sb.start("job");
        DaemonRecord ended = new DaemonRecord(running.name(), running.uid(), running.host(), running.topologyMode(), running.gpuUuids(),
                running.pipeDirectory(), running.logDirectory(), running.pid() + 1, running.processStartTicks(), running.createdAt());

        runner.end(ended);

        assertTrue(Files.isRegularFile(sb.recordFile("job")), "the record names another process: it stays");
        assertTrue(sb.processes.isAlive(running.identity()));
    }

    @Test
    void aSpawnThatFailsIsAStartFailureNamingTheProgram() {
        ProcessSpawner broken = spec -> {
            throw new IOException("Permission denied");
        };

        StartFailure failure = assertThrows(StartFailure.class, () -> runner.run(Sandbox.named("fg"), broken, r -> { }, s -> { }));

        assertEquals("daemon 'fg' did not start: could not launch nvidia-cuda-mps-control -f: Permission denied", failure.reason());
        assertFalse(Files.exists(sb.recordFile("fg"), LinkOption.NOFOLLOW_LINKS));
    }
}
