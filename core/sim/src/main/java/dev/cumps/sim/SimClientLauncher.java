package dev.cumps.sim;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts a simulated client ({@link MpsClientMain}) for a daemon of the sandbox and returns once it
 * has attached, leaving it running on its own (in a new session when {@code setsid} exists, so that
 * the terminal's Ctrl-C does not reach it). It runs with the environment given, plus the daemon's
 * pipe directory; it ends when signalled or when its daemon goes away.
 */
public final class SimClientLauncher {

    /** A client that attached: its pid, the server that serves it and the GPU it "uses". */
    public record Attached(long pid, long serverPid, String gpuUuid) {
    }

    private SimClientLauncher() {
    }

    /**
     * The command line of a simulated client that attaches to the daemon of its environment's
     * {@code CUDA_MPS_PIPE_DIRECTORY}, holds {@code memoryMiB} for {@code holdMillis} and exits 0
     * (it prints {@code attached <pid> <server pid> <gpu uuid>} first); run it with the sandbox's
     * environment plus the daemon's launch variables.
     */
    public static List<String> shortClientCommand(long memoryMiB, long holdMillis) {
        return StandInJvm.command(StandInClasspath.current(), MpsClientMain.class, Long.toString(memoryMiB),
                Long.toString(holdMillis));
    }

    /** Starts a client holding {@code memoryMiB} of GPU memory; waits at most {@code timeout} for it to attach. */
    public static Attached attach(Map<String, String> environment, Path pipeDirectory, long memoryMiB, Duration timeout) {
        Map<String, String> env = new TreeMap<>(environment);
        env.put("CUDA_MPS_PIPE_DIRECTORY", pipeDirectory.toString());
        List<String> command = new ArrayList<>();
        for (String candidate : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (new File(candidate).canExecute()) {
                command.add(candidate);
                break;
            }
        }
        command.addAll(StandInJvm.command(StandInClasspath.current(), MpsClientMain.class, Long.toString(memoryMiB)));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(env);
        Process client;
        try {
            client = builder.start();
        } catch (IOException e) {
            throw new CumpsException(Message.of(SimText.CLIENT_NOT_ATTACHED, pipeDirectory, String.valueOf(e.getMessage())));
        }
        CompletableFuture<String> firstLine = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
                String line = in.readLine();
                return line == null ? "" : line;
            } catch (IOException e) {
                return "";
            }
        });
        String line;
        try {
            line = firstLine.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            client.destroyForcibly();
            throw new CumpsException(Message.of(SimText.CLIENT_NO_ANSWER, pipeDirectory, timeout.toSeconds()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.destroyForcibly();
            throw new CumpsException(Message.of(SimText.CLIENT_NO_ANSWER, pipeDirectory, timeout.toSeconds()));
        } catch (ExecutionException e) {
            line = "";
        }
        String[] words = line.split(" ");
        if (words.length != 4 || !words[0].equals("attached") || !words[1].matches("[0-9]+") || !words[2].matches("[0-9]+")) {
            client.destroyForcibly();
            String why = line.startsWith("error: ") ? line.substring("error: ".length()) : line.isEmpty() ? "it exited" : line;
            throw new CumpsException(Message.of(SimText.CLIENT_NOT_ATTACHED, pipeDirectory, why));
        }
        return new Attached(Long.parseLong(words[1]), Long.parseLong(words[2]), words[3]);
    }
}
