package dev.cumps.core.mps;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Talks to a control daemon the way NVIDIA documents it: {@code nvidia-cuda-mps-control} with no
 * arguments reads commands from standard input, and {@code CUDA_MPS_PIPE_DIRECTORY} says which
 * daemon. (uni-cumps passed the command as an argument, which the control program does not read.)
 */
public final class MpsControl {
    public static final String PROGRAM = "nvidia-cuda-mps-control";
    private final CommandRunner runner;
    private final HostEnvironment host;
    private final Duration timeout;

    public MpsControl(CommandRunner runner, HostEnvironment host, Duration timeout) {
        this.runner = runner;
        this.host = host;
        this.timeout = timeout;
    }

    /** Sends one command to the daemon serving {@code pipeDirectory}. */
    public CommandResult ask(Path pipeDirectory, Path logDirectory, String command) {
        Map<String, String> env = environment(pipeDirectory, logDirectory, null);
        return runner.run(new CommandSpec(List.of(PROGRAM), env, command + "\n", timeout));
    }

    /** The environment the control program (client or daemon) runs with. */
    public Map<String, String> environment(Path pipeDirectory, Path logDirectory, String visibleDevices) {
        Map<String, String> env = host.childEnvironment();
        env.put("CUDA_MPS_PIPE_DIRECTORY", pipeDirectory.toString());
        if (logDirectory != null) {
            env.put("CUDA_MPS_LOG_DIRECTORY", logDirectory.toString());
        }
        if (visibleDevices != null) {
            env.put("CUDA_VISIBLE_DEVICES", visibleDevices);
        }
        return env;
    }

    /** Whether a reply means the daemon answered (the client exits 1 when it finds no daemon). */
    public static boolean answered(CommandResult result) {
        return result.succeeded() && !result.stdout().contains("Cannot find MPS control daemon");
    }
}
