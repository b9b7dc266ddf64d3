package dev.cumps.core.cli;

import dev.cumps.core.host.HostEnvironment;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** {@code java -jar cumps.jar ...}: the process entry point. */
public final class CumpsMain {
    private CumpsMain() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = new Cli(HostEnvironment.current(), out, err).run(args);
        out.flush();
        err.flush();
        System.exit(code);
    }
}
