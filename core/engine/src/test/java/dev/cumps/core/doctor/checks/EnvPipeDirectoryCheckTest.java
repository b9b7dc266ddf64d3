package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EnvPipeDirectoryCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void needsOneLiveDaemon() {
        assertEquals(List.of(Need.LIVE_DAEMON), new EnvPipeDirectoryCheck().needs());
    }

    @Test
    void unsetPasses() {
        DaemonRecord r = sb.start("here");

        Finding f = CheckFixture.evaluate(new EnvPipeDirectoryCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("unset in this shell", f.observed().english());
        assertEquals("unset, or " + r.pipeDirectory(), f.expected().english());
    }

    @Test
    void theDaemonsDirectoryWrittenWithDotsPasses() {
        DaemonRecord r = sb.start("here");
        String roundabout = r.pipeDirectory().getParent() + "/./" + r.pipeDirectory().getFileName();
        sb.env("CUDA_MPS_PIPE_DIRECTORY", roundabout);

        Finding f = CheckFixture.evaluate(new EnvPipeDirectoryCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals(roundabout, f.observed().english());
    }

    @Test
    void anotherDirectoryWarnsWithTheEnvCommand() {
        DaemonRecord r = sb.start("here");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", "/tmp/elsewhere");

        Finding f = CheckFixture.evaluate(new EnvPipeDirectoryCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals(r.pipeDirectory().toString(), f.expected().english());
        assertEquals("CUDA programs started from this shell will not use daemon 'here'; run `eval \"$(cumps env --name here)\"`",
                f.remedy().orElseThrow().english());
    }
}
