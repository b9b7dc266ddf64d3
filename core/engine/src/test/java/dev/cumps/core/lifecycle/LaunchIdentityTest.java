package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.testing.FakeProcessTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchIdentityTest {
    private final FakeProcessTable processes = new FakeProcessTable();
    private static final String PIPE = "CUDA_MPS_PIPE_DIRECTORY";
    private final LaunchIdentity identity = new LaunchIdentity(processes);

    @TempDir
    Path dir;

    @Test
    void aProcessIsThisLaunchsOnlyWithItsNonceItsPipeAndNoEarlierStart() throws IOException {
        processes.selfStartTicks(500);
        Path pipe = Files.createDirectory(dir.resolve("pipe"));
        Launch launch = identity.newLaunch(pipe, dir.resolve("log"));
        String pipeText = pipe.toString();
        processes.put(11, "nvidia-cuda-mps", 600, Map.of(MpsControl.LAUNCH_NONCE_VARIABLE, launch.nonce(), PIPE, pipeText));
        processes.put(12, "nvidia-cuda-mps", 400, Map.of(MpsControl.LAUNCH_NONCE_VARIABLE, launch.nonce(), PIPE, pipeText));
        processes.put(13, "nvidia-cuda-mps", 600, Map.of(MpsControl.LAUNCH_NONCE_VARIABLE, "other", PIPE, pipeText));
        processes.put(14, "nvidia-cuda-mps", 600);
        processes.put(15, "nvidia-cuda-mps", 600, Map.of(MpsControl.LAUNCH_NONCE_VARIABLE, launch.nonce(), PIPE, dir.resolve("other").toString()));
        processes.put(16, "nvidia-cuda-mps", 600, Map.of(MpsControl.LAUNCH_NONCE_VARIABLE, launch.nonce()));

        assertTrue(identity.launchedBy(find(11), pipe, launch));
        assertFalse(identity.launchedBy(find(12), pipe, launch), "started before this process: not ours");
        assertFalse(identity.launchedBy(find(13), pipe, launch), "another launch's nonce");
        assertFalse(identity.launchedBy(find(14), pipe, launch), "environment unreadable");
        assertFalse(identity.launchedBy(find(15), pipe, launch), "serves another pipe directory");
        assertFalse(identity.launchedBy(find(16), pipe, launch), "names no pipe directory");
    }

    @Test
    void everyLaunchGetsAFreshNonceAndThePipeDirectorysIdentity() throws IOException {
        Path pipe = Files.createDirectory(dir.resolve("pipe"));

        Launch a = identity.newLaunch(pipe, dir.resolve("log"));
        Launch b = identity.newLaunch(pipe, dir.resolve("log"));

        assertNotEquals(a.nonce(), b.nonce());
        assertTrue(a.pipeIdentity().equals(b.pipeIdentity()));
        Files.move(pipe, dir.resolve("moved-aside")); // kept, so its inode cannot be reused
        Files.createDirectory(pipe);
        assertNotEquals(a.pipeIdentity(), identity.newLaunch(pipe, dir.resolve("log")).pipeIdentity(), "a replaced directory has another identity");
    }

    private ProcessInfo find(long pid) {
        return processes.find(pid).orElseThrow();
    }
}
