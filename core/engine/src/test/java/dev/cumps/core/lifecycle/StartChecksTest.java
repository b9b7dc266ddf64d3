package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StartChecksTest {
    private final Sandbox sb = new Sandbox();
    private final LifecycleContext c = Contexts.of(sb);
    private final StartChecks checks = new StartChecks(sb.host(), c.store(), c.liveness(), c.leftovers(), c.identity());

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private StartPlan plan(String name, Path pipe, Path log) {
        return Contexts.planner(sb).plan(Sandbox.request("0", name, pipe, log));
    }

    @Test
    void aLiveDaemonOnTheSameGpuIsRefusedAndNothingIsCreated() {
        DaemonRecord first = sb.start("first");
        Path pipe = sb.dir.resolve("p2");

        CumpsException e = assertThrows(CumpsException.class, () -> checks.prepare(plan("second", pipe, sb.dir.resolve("l2"))));

        assertEquals("lifecycle.GPU_TAKEN", e.errorMessage().key());
        assertEquals(first.gpuUuids().get(0) + " already has live daemon 'first' (pid " + first.pid()
                + "); stop it with `cumps stop --name first` or choose another GPU with --gpus", e.getMessage());
        assertFalse(Files.exists(pipe, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aStaleRecordOfTheSameNameIsMovedAsideAndTheDirectoriesArePrepared() {
        sb.handRecord("job", FakeMpsHost.FIRST_FAKE_PID - 1, 5, sb.dir.resolve("old-p"), sb.dir.resolve("old-l"));
        Path pipe = sb.dir.resolve("p");

        Launch launch = checks.prepare(plan("job", pipe, sb.dir.resolve("l")));

        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(pipe, LinkOption.NOFOLLOW_LINKS));
        assertEquals(32, launch.nonce().length());
        assertNotEquals(launch.nonce(), checks.prepare(plan("job", pipe, sb.dir.resolve("l"))).nonce(), "a fresh nonce per launch");
    }

    @Test
    void aControlLogThatIsALinkIsRefused() throws IOException {
        Path log = sb.dir.resolve("l");
        Sandbox.mkdir700(log);
        Files.createSymbolicLink(log.resolve("control.log"), sb.dir.resolve("elsewhere"));

        CumpsException e = assertThrows(CumpsException.class, () -> checks.prepare(plan("job", sb.dir.resolve("p"), log)));

        assertEquals("lifecycle.UNSAFE_LOG_FILE", e.errorMessage().key());
        assertFalse(Files.exists(sb.dir.resolve("elsewhere"), LinkOption.NOFOLLOW_LINKS), "nothing was written through the link");
    }
}
