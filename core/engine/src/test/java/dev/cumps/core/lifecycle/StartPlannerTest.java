package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StartPlannerTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void planResolvesDefaultsAndCreatesNothing() {
        List<String> before = sb.snapshot(sb.dir);

        StartPlan plan = Contexts.planner(sb).plan(StartRequest.defaults());

        String name = "gpu-" + FakeGpu.uuidFor(0).substring(4);
        assertEquals(name, plan.name());
        assertEquals(FakeGpu.uuidFor(0), plan.gpu().uuid().value());
        assertEquals(sb.runtimeRoot().resolve(name).resolve("pipe"), plan.pipeDirectory());
        assertEquals(sb.runtimeRoot().resolve(name).resolve("log"), plan.logDirectory());
        assertTrue(plan.defaultPipeDirectory());
        assertEquals(before, sb.snapshot(sb.dir), "planning must not create directories or records");
        assertEquals(List.of(), sb.mps.launches(), "planning launches nothing");
    }

    @Test
    void planMakesRelativeDirectoriesAbsoluteAndKeepsRequestedVariables() {
        StartRequest request = new StartRequest(Optional.of("0"), Optional.of("job"), Optional.of(Path.of("rel/../p")),
                Optional.of(sb.dir.resolve("l")), Map.of("MY_SETTING", "1"));

        StartPlan plan = Contexts.planner(sb).plan(request);

        assertEquals(Path.of("p").toAbsolutePath(), plan.pipeDirectory());
        assertEquals(Map.of("MY_SETTING", "1"), plan.environment());
        assertEquals(false, plan.defaultPipeDirectory());
    }

    @Test
    void samePipeAndLogDirectoryIsRefusedWithAKeyedMessage() {
        Path same = sb.dir.resolve("same");

        CumpsException e = assertThrows(CumpsException.class,
                () -> Contexts.planner(sb).plan(Sandbox.request("0", "job", same, same)));

        Message text = e.errorMessage();
        assertEquals("lifecycle.SAME_PIPE_AND_LOG", text.key());
        assertEquals("pipe and log directories must differ (both are " + same + "); give --log-dir another directory", e.getMessage());
    }

    @Test
    void gpuListingFailureNamesWhatNvidiaSmiSaid() {
        sb.mps.smi(FakeMpsHost.Smi.NOT_FOUND);

        CumpsException e = assertThrows(CumpsException.class, () -> Contexts.planner(sb).plan(StartRequest.defaults()));

        assertEquals("lifecycle.GPU_LIST_FAILED", e.errorMessage().key());
        assertTrue(e.getMessage().startsWith("cannot list GPUs: "), e.getMessage());
        assertTrue(e.getMessage().contains("nvidia-smi"), e.getMessage());
    }

    @Test
    void directoryWithNewlineIsRefusedAndShownEscaped() {
        Path odd = sb.dir.resolve("a\nb");

        CumpsException e = assertThrows(CumpsException.class,
                () -> Contexts.planner(sb).plan(Sandbox.request("0", "job", odd, sb.dir.resolve("l"))));

        assertEquals("lifecycle.DIRECTORY_HAS_NEWLINE", e.errorMessage().key());
        assertTrue(e.getMessage().contains("a\\nb") && !e.getMessage().contains("\n"), e.getMessage());
    }
}
