package dev.cumps.core.cli.command;

/** The exit statuses of {@code cumps}: 0 success, 1 failure (one line {@code error: ...}), 2 usage error. */
public final class ExitCode {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    /** The heading of a command's exit code list in its {@code --help} (and in the generated reference). */
    public static final String HEADING = "%nExit status:%n";

    private ExitCode() {
    }
}
