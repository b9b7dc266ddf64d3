package dev.cumps.core.cli.command;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.posix.Terminals;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The controlling terminal of {@code cumps top}: whether standard input or output is one and its width
 * (asked of the C library: {@code isatty}, {@code ioctl(TIOCGWINSZ)}; {@link Terminals}), and its key mode.
 * Key mode is changed and restored by running {@code stty -F /dev/tty} through the
 * command runner (a timeout, the explicit child environment, the runner's PATH rules); the saved
 * mode is restored exactly once, on whichever exit path comes first (the normal end, {@code q}, or
 * the shutdown hook that Ctrl-C runs).
 */
final class Terminal {
    static final Duration STTY_TIMEOUT = Duration.ofSeconds(5);
    private static final String TTY = "/dev/tty";
    private final CommandRunner runner;
    private final Map<String, String> environment;
    private final AtomicReference<String> saved = new AtomicReference<>();
    private Thread hook;

    Terminal(CommandRunner runner, Map<String, String> environment) {
        this.runner = runner;
        this.environment = Map.copyOf(environment);
    }

    /** Whether file descriptor {@code fd} of this process is a terminal. */
    static boolean isTerminal(int fd) {
        return Terminals.isTerminal(fd);
    }

    /** The width in columns of the terminal on standard output, if it says. */
    Optional<Integer> columns() {
        return Terminals.columns(1);
    }

    /**
     * Keys without Enter and without echo ({@code -icanon -echo}; Ctrl-C still interrupts), after
     * saving the current mode ({@code stty -g}) and registering its restore as a shutdown hook.
     * False if the mode could not be read or changed (then nothing is changed and keys need Enter).
     */
    boolean enterKeyMode() {
        CommandResult mode = stty("-g");
        String current = mode.stdout().trim();
        if (!mode.succeeded() || !current.matches("[0-9A-Za-z:=-]+")) {
            return false;
        }
        saved.set(current);
        hook = new Thread(this::restore, "cumps-top-restore-terminal");
        Runtime.getRuntime().addShutdownHook(hook);
        if (!stty("-icanon", "-echo", "min", "1", "time", "0").succeeded()) {
            restore();
            return false;
        }
        return true;
    }

    /** Puts back the saved mode, once; later calls, and calls without a saved mode, do nothing. */
    void restore() {
        String mode = saved.getAndSet(null);
        if (mode != null) {
            stty(mode);
        }
    }

    /** Restores the mode and withdraws the shutdown hook (the normal end and {@code q}). */
    void close() {
        restore();
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and restores the mode itself.
            }
        }
    }

    private CommandResult stty(String... args) {
        List<String> argv = new ArrayList<>(List.of("stty", "-F", TTY));
        argv.addAll(List.of(args));
        return runner.run(new CommandSpec(argv, environment, null, STTY_TIMEOUT));
    }
}
