package dev.cumps.sim;

import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A simulated CUDA program using MPS: a real process (so {@code /proc} knows its owner, command line
 * and start time) that does what the CUDA driver does at initialisation under MPS (NVIDIA MPS
 * documentation, "Appendix: Tools and Interface Reference", and {@code man nvidia-cuda-mps-control}):
 * it connects to the control daemon of {@code CUDA_MPS_PIPE_DIRECTORY}, which starts a server for
 * its uid if none runs and tells it which server serves it. It then "holds" {@code args[0]} MiB on
 * the daemon's GPU ({@link SimApps}, listed by the {@code nvidia-smi} stand-in) until it is
 * signalled or its daemon goes away, or, given {@code args[1]} milliseconds, until that time has
 * passed, then exits 0 like a short CUDA program ({@code cumps --simulate selftest}'s client).
 *
 * <p>Its first line of standard output is {@code attached <pid> <server pid> <gpu uuid>}, or
 * {@code error: ...} with exit status 1; it prints nothing after it, so the caller may close the pipe.
 */
public final class MpsClientMain {

    /** How often the client checks that its daemon still runs. */
    static final long POLL_MILLIS = 250;
    /** How long the daemon may take to answer the client's attach (it starts a server first, a JVM). */
    static final Duration ASK_WITHIN = Duration.ofSeconds(60);

    private MpsClientMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ProcName.set(ProcName.CLIENT);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Map<String, String> env = System.getenv();
        long memory = args.length > 0 && args[0].matches("[0-9]{1,9}") ? Long.parseLong(args[0]) : 0;
        long holdMillis = args.length > 1 && args[1].matches("[0-9]{1,9}") ? Long.parseLong(args[1]) : 0;
        long pid = ProcessHandle.current().pid();
        Path pipe = MpsControlMain.pipeDirectory(env);
        String[] answer;
        long daemon;
        String uuid;
        try {
            String reply = ask(pipe, ControlCommands.ATTACH + " " + pid + " " + uid()).strip();
            answer = reply.split(" ");
            if (answer.length != 3 || !answer[0].matches("[0-9]+") || !answer[2].matches("[0-9]{1,10}")) {
                throw new IOException("the control daemon answered '" + reply + "'");
            }
            daemon = Long.parseLong(answer[2]);
            uuid = gpu(answer[1], SimConfig.fromEnvironment(env));
        } catch (IOException | RuntimeException e) {
            out.println("error: cannot attach to the MPS control daemon in " + pipe + ": " + e.getMessage());
            System.exit(1);
            return;
        }
        Optional<Path> apps = SimApps.directory(env);
        Optional<Path> file = Optional.empty();
        try {
            if (apps.isPresent()) {
                file = Optional.of(SimApps.write(apps.get(), pid, uuid, memory));
            }
        } catch (IOException e) {
            out.println("error: cannot record the simulated GPU memory: " + e.getMessage());
            System.exit(1);
            return;
        }
        Optional<Path> held = file;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> held.ifPresent(MpsClientMain::deleteQuietly), "client-exit"));
        out.println("attached " + pid + " " + answer[0] + " " + uuid);
        out.close();
        long end = System.nanoTime() + holdMillis * 1_000_000L;
        while (SimProcs.running(daemon) && (holdMillis == 0 || System.nanoTime() - end < 0)) {
            Thread.sleep(POLL_MILLIS);
        }
        System.exit(0);
    }

    /** The daemon's answer to {@code command}, in NVIDIA's protocol ({@link ControlWire}), within {@link #ASK_WITHIN}. */
    private static String ask(Path pipe, String command) throws IOException {
        long deadline = System.nanoTime() + ASK_WITHIN.toNanos();
        try (PacketSocket socket = UnixSeqPacket.connect(pipe.resolve("control"))) {
            StringBuilder reply = new StringBuilder();
            ControlWire.Outcome outcome = ControlWire.greet(socket, deadline);
            if (outcome == null) {
                outcome = ControlWire.converse(socket, List.of(command), line -> reply.append(line).append('\n'), deadline);
            }
            if (outcome != ControlWire.Outcome.ANSWERED) {
                throw new IOException("no answer from the control daemon (" + outcome.name().toLowerCase(Locale.ROOT) + ")");
            }
            return reply.toString();
        }
    }

    private static long uid() throws IOException {
        return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
    }

    /** The GPU a client of a daemon with these visible devices uses: the first one. */
    static String gpu(String devices, SimConfig config) {
        String first = devices.split(",")[0].strip();
        if (first.regionMatches(true, 0, "GPU-", 0, 4)) {
            return first;
        }
        List<SimGpu> gpus = config.gpus();
        if (first.matches("[0-9]{1,3}") && Integer.parseInt(first) < gpus.size()) {
            return gpus.get(Integer.parseInt(first)).uuid();
        }
        return gpus.get(0).uuid();
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // The nvidia-smi stand-in skips files of processes that are gone.
        }
    }
}
