package dev.cumps.app.session;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.proc.ProcessIdentity;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The clean-up of a {@code --simulate} console's sandbox when the console's JVM ends without running
 * any of its own code: an X server that goes away makes GTK end the process with {@code _exit}, so
 * neither the window's close nor a shutdown hook runs, and the demo daemon and its clients would
 * run on. A small second JVM (this class's {@link #main}) is started beside the console with a pipe
 * as its standard input: the console writes each demo client's identity into it and {@value #CLOSED}
 * once it has cleaned up itself; the kernel closes the pipe whenever the console's process ends.
 * End of input without {@value #CLOSED} means the console ended on its own: the guard then does what
 * the console's close would have done ({@link SandboxCleanup#finishAbandoned}): it ends those clients
 * (each re-verified by pid and start time) and stops the sandbox's daemons through the core's
 * verified stop, then removes the sandbox. It touches nothing outside that sandbox.
 */
final class SessionGuard implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(SessionGuard.class.getName());

    /** The line the console writes after its own clean-up: the guard then leaves everything alone. */
    static final String CLOSED = "closed";
    private static final String CLIENT = "client";

    private final Process process;
    private final Writer toGuard;

    private SessionGuard(Process process) {
        this.process = process;
        this.toGuard = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /**
     * Starts the guard for the sandbox at {@code root}: this JVM's {@code java} with this class path and
     * {@code environment} (the console's own, explicitly); empty, with a warning, when it cannot start.
     */
    static Optional<SessionGuard> start(Path root, Map<String, String> environment) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(java.toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData",
                "-Xshare:auto", "-Xmx64m", "-cp", System.getProperty("java.class.path"), SessionGuard.class.getName(),
                root.toString());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().clear();
        builder.environment().putAll(environment);
        try {
            return Optional.of(new SessionGuard(builder.start()));
        } catch (IOException e) {
            LOG.log(Level.WARNING, "No guard for the simulated host: it stays behind if the console is killed", e);
            return Optional.empty();
        }
    }

    /** The guard's pid. */
    long pid() {
        return process.pid();
    }

    /** Tells the guard about a demo client to end should the console vanish. */
    synchronized void client(ProcessIdentity client) {
        send(CLIENT + " " + client.pid() + " " + client.startTicks() + "\n", false);
    }

    /** The console cleaned up itself: the guard ends without touching anything. */
    @Override
    public synchronized void close() {
        send(CLOSED + "\n", true);
    }

    private void send(String line, boolean last) {
        try {
            toGuard.write(line);
            toGuard.flush();
            if (last) {
                toGuard.close();
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "The simulated host's guard (pid " + process.pid() + ") is gone: " + e.getMessage());
        }
    }

    /** What the console told the guard before its input ended. */
    record Told(boolean closed, List<ProcessIdentity> clients) {
    }

    /** Reads the console's lines up to the end of input (the console's exit); unknown lines are ignored. */
    static Told read(Reader input) throws IOException {
        BufferedReader lines = new BufferedReader(input);
        List<ProcessIdentity> clients = new ArrayList<>();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            String[] words = line.trim().split(" ");
            if (words.length == 1 && words[0].equals(CLOSED)) {
                return new Told(true, clients);
            }
            if (words.length == 3 && words[0].equals(CLIENT) && words[1].matches("[0-9]{1,10}") && words[2].matches("[0-9]{1,19}")) {
                clients.add(new ProcessIdentity(Long.parseLong(words[1]), Long.parseLong(words[2])));
            }
        }
        return new Told(false, clients);
    }

    /** The guard process: {@code SessionGuard SANDBOX}; waits for the console's end on standard input. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            LOG.log(Level.ERROR, "usage: SessionGuard SANDBOX");
            return;
        }
        Told told = read(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (!told.closed()) {
            SandboxCleanup.finishAbandoned(HostEnvironment.current(), Path.of(args[0]), told.clients());
        }
    }
}
