package dev.cumps.core.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs programs as real child processes. The program is looked up on the {@code PATH} of the
 * child's own environment (not the JVM's), the environment is exactly the one given, standard
 * input is written and closed, and stdout and stderr are drained on their own threads so that a
 * chatty child can never block on a full pipe. A child that outlives its timeout is destroyed.
 * Output is read for a short grace period after exit only: a daemonizing child may leave a
 * grandchild holding the pipes open.
 */
public final class ProcessCommandRunner implements CommandRunner {
    /** Created on first use: System.getLogger starts java.util.logging (about 25 ms), which a plain run never needs. */
    private static final class Log {
        static final System.Logger LOG = System.getLogger(ProcessCommandRunner.class.getName());
    }

    private static final long DRAIN_GRACE_MS = 1500;
    private static final int MAX_CAPTURE = 1 << 20;

    @Override
    public CommandResult run(CommandSpec spec) {
        Optional<Path> executable = resolve(spec.program(), spec.environment().get("PATH"));
        if (executable.isEmpty()) {
            return CommandResult.notFound(spec.program());
        }
        List<String> argv = new ArrayList<>(spec.argv());
        argv.set(0, executable.get().toString());
        ProcessBuilder builder = new ProcessBuilder(argv);
        builder.environment().clear();
        builder.environment().putAll(spec.environment());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return CommandResult.failedToStart(spec.program(), e.getMessage());
        }
        // No per-run "started" log line: creating the logger starts java.util.logging (about 25 ms of
        // every `cumps status`), for a DEBUG line nobody sees by default. Failures below are logged.
        Drain out = Drain.start(process.getInputStream(), "stdout of " + spec.program());
        Drain err = Drain.start(process.getErrorStream(), "stderr of " + spec.program());
        writeStdin(process, spec.stdin());
        boolean exited;
        try {
            exited = process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exited = false;
        }
        if (!exited) {
            process.destroyForcibly();
            try {
                process.waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return CommandResult.timedOut(spec.program(), out.text(DRAIN_GRACE_MS), err.text(DRAIN_GRACE_MS));
        }
        return CommandResult.exited(spec.program(), process.exitValue(), out.text(DRAIN_GRACE_MS), err.text(DRAIN_GRACE_MS));
    }

    private static void writeStdin(Process process, String stdin) {
        try (OutputStream in = process.getOutputStream()) {
            if (stdin != null && !stdin.isEmpty()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // The child closed its input early; its exit status tells the rest.
            Log.LOG.log(System.Logger.Level.DEBUG, "stdin of {0} closed early: {1}", process.pid(), e.getMessage());
        }
    }

    /**
     * Resolves a program name against a PATH value the way a POSIX shell does, except that empty
     * and relative entries are skipped: a shell would search the working directory for them, where
     * anyone who can write there could plant a {@code nvidia-smi}.
     */
    public static Optional<Path> resolve(String program, String pathValue) {
        if (program.contains("/")) {
            Path p = Path.of(program);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
        }
        if (pathValue == null || pathValue.isEmpty()) {
            return Optional.empty();
        }
        for (String dir : pathValue.split(":", -1)) {
            if (!dir.startsWith("/")) {
                continue;
            }
            Path candidate = Path.of(dir).resolve(program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    private static final class Drain implements Runnable {
        private final InputStream stream;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private final Thread thread;

        private Drain(InputStream stream, String name) {
            this.stream = stream;
            this.thread = new Thread(this, "drain " + name);
            this.thread.setDaemon(true);
        }

        static Drain start(InputStream stream, String name) {
            Drain drain = new Drain(stream, name);
            drain.thread.start();
            return drain;
        }

        @Override
        public void run() {
            byte[] chunk = new byte[8192];
            try (stream) {
                int n;
                while ((n = stream.read(chunk)) >= 0) {
                    synchronized (buffer) {
                        if (buffer.size() < MAX_CAPTURE) {
                            buffer.write(chunk, 0, Math.min(n, MAX_CAPTURE - buffer.size()));
                        }
                    }
                }
            } catch (IOException e) {
                // The pipe closed under us; what was read so far is the output.
            }
        }

        String text(long graceMillis) {
            try {
                thread.join(graceMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (buffer) {
                return buffer.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
