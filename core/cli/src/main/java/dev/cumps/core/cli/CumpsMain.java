package dev.cumps.core.cli;

import dev.cumps.core.host.HostEnvironment;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * {@code java -jar cumps.jar ...}: the process entry point. No stack trace ever reaches the user:
 * {@link Cli#run} turns every failure of a command into one line, this method does the same for a
 * failure around it (reading the host environment), and a failure on another thread is reported as
 * one line too instead of the JVM's default trace.
 */
public final class CumpsMain {
    private CumpsMain() {
    }

    /**
     * One line per log record on stderr ({@code cumps: INFO: moved stale record …}) instead of
     * java.util.logging's default two lines with a date and the logging class; never a stack trace
     * (no {@code %6$s}). A property set on the command line wins.
     */
    static final String LOG_FORMAT = "cumps: %4$s: %5$s%n";

    public static void main(String[] args) {
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", LOG_FORMAT);
        }
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        Thread.setDefaultUncaughtExceptionHandler(new OneLineHandler(err));
        int code;
        try {
            PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
            code = new Cli(HostEnvironment.current(), out, err).run(args);
            out.flush();
        } catch (Throwable t) {
            LastResort.log(t);
            err.println(LastResort.unexpected("cumps", t));
            code = Cli.FAILED;
        }
        err.flush();
        System.exit(code);
    }

    /**
     * A failure on another thread as one line. A class, not a lambda: the launcher's AOT cache
     * is trained by {@code AotTraining}, which never runs this method, so a lambda here was spun at
     * run time on every start (method-handle classes, ASM). The training creates one, so that it is archived
     * too: read from the jar, it made the JVM open the jar on every start.
     */
    static final class OneLineHandler implements Thread.UncaughtExceptionHandler {
        private final PrintWriter err;

        OneLineHandler(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void uncaughtException(Thread thread, Throwable failure) {
            LastResort.log(failure);
            err.println(LastResort.line("unexpected failure in thread '" + thread.getName() + "'; please report this", failure));
        }
    }
}
