package dev.cumps.core.exec;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * Starts a long-running child that shares the caller's terminal (used for {@code --foreground}).
 * Short-lived programs go through {@link CommandRunner} instead.
 */
@FunctionalInterface
public interface ProcessSpawner {
    Spawned spawn(CommandSpec spec) throws IOException;

    /** A running child. */
    interface Spawned {
        long pid();

        boolean isAlive();

        /** Waits up to {@code timeout}; returns whether it has exited. */
        boolean waitFor(Duration timeout) throws InterruptedException;

        int exitValue();
    }

    /**
     * Real children that read nothing and whose output is thrown away, for programs that outlive
     * the request that started them (the desktop's {@code xdg-open} and what it opens); PATH is
     * resolved from the child's environment. The caller neither waits for nor ends them.
     */
    static ProcessSpawner discardingOutput() {
        return spec -> started(spec, builder -> builder.redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD));
    }

    /** Real children with inherited standard streams; PATH is resolved from the child's environment. */
    static ProcessSpawner inheritingIo() {
        return spec -> started(spec, ProcessBuilder::inheritIO);
    }

    /**
     * Starts {@code spec} with stdin from {@code /dev/null}, the streams {@code streams} sets and
     * exactly the spec's environment; the program is looked up on the environment's PATH by the
     * runner's rules (absolute entries only). Throws {@link NotOnPath} when it is not there.
     */
    private static Spawned started(CommandSpec spec, UnaryOperator<ProcessBuilder> streams) throws IOException {
        var exe = ProcessCommandRunner.resolve(spec.program(), spec.environment().get("PATH"))
                .orElseThrow(() -> new NotOnPath(spec.program()));
        var argv = new ArrayList<>(spec.argv());
        argv.set(0, exe.toString());
        ProcessBuilder builder = streams.apply(new ProcessBuilder(argv))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(spec.environment());
        Process process = builder.start();
        return new Spawned() {
            @Override
            public long pid() {
                return process.pid();
            }

            @Override
            public boolean isAlive() {
                return process.isAlive();
            }

            @Override
            public boolean waitFor(Duration timeout) throws InterruptedException {
                return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }

            @Override
            public int exitValue() {
                return process.exitValue();
            }
        };
    }

    /** The program of a spawn is not on the PATH of its environment. */
    final class NotOnPath extends IOException {
        private static final long serialVersionUID = 1L;

        NotOnPath(String program) {
            super(program + " was not found on PATH");
        }
    }
}
