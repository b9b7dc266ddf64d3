package dev.cumps.core.cli;

import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@code cumps} in-process on a {@link Sandbox}'s services three ways: the CLI's entry, picocli alone, and the fast path alone. */
final class CliRuns {
    private CliRuns() {
    }

    /** Exit code and what was printed. */
    record Run(int code, String out, String err) {
    }

    /** Through {@link Cli#run}, as {@code cumps} runs: the fast path first, else picocli. */
    static Run cli(Sandbox sb, String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), globals -> sb.services()).run(args);
        return new Run(code, o.toString(), e.toString());
    }

    /** Through picocli only. */
    static Run picocli(Sandbox sb, String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        PrintWriter out = new PrintWriter(o);
        PrintWriter err = new PrintWriter(e);
        int code = new Cli(sb.host(), out, err, globals -> sb.services()).commandLine().execute(args);
        out.flush();
        err.flush();
        return new Run(code, o.toString(), e.toString());
    }

    /** Through the fast path only: its exit code, or null when it leaves the line to picocli. */
    static Integer fast(Sandbox sb, String... args) {
        StringWriter sink = new StringWriter();
        Cli cli = new Cli(sb.host(), new PrintWriter(sink), new PrintWriter(sink), globals -> sb.services());
        return FastPath.execute(cli, cli.newRoot(), args);
    }
}
