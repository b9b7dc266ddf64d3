package dev.cumps.core.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs programs as real child processes. The program is looked up on the {@code PATH} of the
 * child's own environment (not the JVM's), the environment is exactly the one given, standard
 * input is written and closed, and stdout and stderr are drained on their own threads so that a
 * chatty child can never block on a full pipe. A child that outlives its timeout, or whose caller
 * is interrupted (an abort), is destroyed with everything it started ({@link #destroyTree}).
 * Output is read for a short grace period after exit only: a daemonizing child may leave a
 * grandchild holding the pipes open, and a child that exits in time keeps its grandchildren.
 */
public final class ProcessCommandRunner implements CommandRunner {
    /** Created on first use: System.getLogger starts java.util.logging (about 25 ms), which a plain run never needs. */
    private static final class Log {
        static final System.Logger LOG = System.getLogger(ProcessCommandRunner.class.getName());
    }

    private static final long DRAIN_GRACE_MS = 1500;

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
        Drain out = Drain.start(process.getInputStream(), "stdout of " + spec.program(), spec.outputLimit());
        Drain err = Drain.start(process.getErrorStream(), "stderr of " + spec.program(), spec.outputLimit());
        writeStdin(process, spec.stdin());
        boolean exited;
        boolean interrupted = false;
        try {
            exited = process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
            exited = false;
        }
        if (!exited) {
            destroyTree(process.toHandle());
            // Not interruptible: an aborted caller (a cancelled doctor) returns only once its child has gone, so
            // whoever closes after it (the window's sandbox clean-up) finds no program of this run still running.
            interrupted |= awaitEnd(process, KILLED_EXIT);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return CommandResult.timedOut(spec.program(), out.text(DRAIN_GRACE_MS), err.text(DRAIN_GRACE_MS));
        }
        return CommandResult.exited(spec.program(), process.exitValue(), out.text(DRAIN_GRACE_MS), err.text(DRAIN_GRACE_MS));
    }

    /** How long a child killed with SIGKILL gets to be gone (it cannot ignore the signal: only a loaded machine delays it). */
    private static final long KILLED_EXIT = 2_000;

    /** Waits up to {@code millis} for {@code process} to end, through interrupts; whether one came meanwhile. */
    private static boolean awaitEnd(Process process, long millis) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            try {
                process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                return interrupted;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
    }

    /** Rounds of "signal what now descends from the child" before the child itself is ended. */
    private static final int TREE_ROUNDS = 8;

    /**
     * Ends {@code child} and every process that descends from it, with SIGKILL. Ending the child alone
     * leaves its children running: {@code sh -c 'sleep 1000; true'} or a hung {@code nvidia-smi}
     * wrapper script would keep {@code sleep} or the real program alive, reparented to init.
     *
     * <p>How: while the child still runs, its descendants are found by parent pid
     * ({@link ProcessHandle#descendants()}, which walks {@code /proc}) and killed, in rounds, until a
     * round finds nothing not already signalled (a shell that starts the next command when one is killed
     * is caught by the next round); then the child is killed, and with it what the last snapshot found.
     * The child is ended last on purpose: once it dies its children are reparented and no longer
     * descend from it. {@link ProcessHandle#destroyForcibly()} checks the pid's start time before it
     * signals, so a pid reused meanwhile is not hit.
     *
     * <p>Why not a process group: Java 17 can neither start a child in its own process group or session
     * ({@code ProcessBuilder} has no {@code setpgid}/{@code setsid}) nor signal a group without native
     * code; the alternatives were JNI, or wrapping every program in util-linux's {@code setsid} and
     * running {@code kill -- -PGID}, which adds two programs to every run and takes the child out of
     * the terminal's foreground group (Ctrl-C would no longer reach it). The limit of this way: a
     * descendant that detaches on purpose (double fork, as a daemon does) and whose parent is already
     * gone no longer descends from the child, and a process forked in the instant between a snapshot and
     * its parent's kill is reparented before the next round; neither happens to a hung program or
     * script, which is what the timeout is for. Only a cgroup would close that gap.
     */
    static void destroyTree(ProcessHandle child) {
        Set<ProcessHandle> signalled = new HashSet<>();
        for (int round = 0; round < TREE_ROUNDS && child.isAlive(); round++) {
            List<ProcessHandle> fresh = child.descendants().filter(p -> !signalled.contains(p)).toList();
            if (fresh.isEmpty()) {
                break;
            }
            fresh.forEach(ProcessHandle::destroyForcibly);
            signalled.addAll(fresh);
        }
        List<ProcessHandle> last = child.descendants().toList();
        child.destroyForcibly();
        last.forEach(ProcessHandle::destroyForcibly);
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
        private final int limit;

        private Drain(InputStream stream, String name, int limit) {
            this.stream = stream;
            this.limit = limit;
            this.thread = new Thread(this, "drain " + name);
            this.thread.setDaemon(true);
        }

        static Drain start(InputStream stream, String name, int limit) {
            Drain drain = new Drain(stream, name, limit);
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
                        if (buffer.size() < limit) {
                            buffer.write(chunk, 0, Math.min(n, limit - buffer.size()));
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
