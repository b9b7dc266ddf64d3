package dev.cumps.core.exec;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;

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

    /** Real children with inherited standard streams; PATH is resolved from the child's environment. */
    static ProcessSpawner inheritingIo() {
        return spec -> {
            var exe = ProcessCommandRunner.resolve(spec.program(), spec.environment().get("PATH"))
                    .orElseThrow(() -> new IOException(spec.program() + " was not found on PATH"));
            var argv = new ArrayList<>(spec.argv());
            argv.set(0, exe.toString());
            ProcessBuilder builder = new ProcessBuilder(argv).inheritIO()
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
        };
    }
}
