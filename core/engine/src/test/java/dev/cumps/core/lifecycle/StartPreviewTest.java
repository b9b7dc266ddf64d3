package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The start dialog's live validation: what a start would refuse or move aside, found without side effects. */
class StartPreviewTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private StartPreview preview(String gpu, String name) {
        return sb.services().starter().preview(Sandbox.request(gpu, name, null, null));
    }

    @Test
    void aFreeNameOnAFreeGpuMeetsNothing() {
        StartPreview preview = preview("0", "job");

        assertEquals("job", preview.plan().name());
        assertEquals(Optional.empty(), preview.refusal());
        assertEquals(Optional.empty(), preview.note());
    }

    @Test
    void aNameOfALiveDaemonIsRefusedAsTheStartWouldRefuseIt() {
        DaemonRecord live = sb.start("job", 0);

        StartPreview preview = preview("0", "job");

        assertEquals("daemon 'job' is already running (pid " + live.pid() + "); stop it first or choose another --name",
                preview.refusal().orElseThrow().english());
    }

    @Test
    void aGpuWithALiveDaemonIsRefusedNamingThatDaemon() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord busy = sb.start("busy", 1);

        StartPreview preview = preview("1", "job");

        assertEquals("lifecycle.GPU_TAKEN", preview.refusal().orElseThrow().key());
        assertTrue(preview.refusal().orElseThrow().english().contains("already has live daemon 'busy' (pid " + busy.pid() + ")"),
                preview.refusal().orElseThrow().english());
        assertEquals(Optional.empty(), preview("0", "job").refusal(), "the other GPU is free");
    }

    @Test
    void aStaleRecordOfTheNameIsNotedAndLeftInPlace() throws Exception {
        DaemonRecord stale = sb.start("job", 0);
        sb.processes.kill(stale.pid());
        List<String> before = sb.snapshot(sb.dir);

        StartPreview preview = preview("0", "job");

        assertEquals(Optional.empty(), preview.refusal());
        assertEquals("a stale record named 'job' exists (pid " + stale.pid() + " no longer runs); starting moves it aside",
                preview.note().orElseThrow().english());
        assertTrue(Files.isRegularFile(sb.recordFile("job")), "a preview moves nothing");
        assertEquals(before, sb.snapshot(sb.dir), "a preview changes no file");
        assertEquals(1, sb.mps.launches().size(), "and launches nothing");
    }
}
