package dev.cumps.core.cli;

import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.mps.ControlClient;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordStore;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The training run the {@code cumps} launcher makes its AOT cache from ({@code -XX:AOTCacheOutput}, JEP 514;
 * see docs/performance.md). It runs the hot commands
 * ({@code status}, {@code status --json}, {@code env}, {@code clients}, {@code limits}, {@code metrics},
 * {@code doctor}, {@code --version}, {@code stop}) in this JVM against three private scratch hosts: no record; one live
 * daemon, its record folder named with {@code --records}; two live daemons, a stale record and a control socket at
 * NVIDIA's default pipe directory. A {@code nvidia-smi} script prints one GPU (and on a fourth, bare host none is on
 * {@code PATH}); a control client script's daemon (this JVM) has one server with one client. So the classes those
 * commands load on the paths users take are cached, loaded and linked: a class the cache lacks is read from the jar,
 * which the JVM then opens (about 55 classes of its own), and a lambda it lacks is spun at run time. It changes nothing outside its
 * scratch directory, which it removes, and prints nothing.
 */
public final class AotTraining {
    private static final String GPU = "GPU-5f0c1a2e-0000-4000-8000-000000000000";

    /** The commands run on every host. */
    private static final List<List<String>> COMMANDS = List.of(List.of("status", "--json"), List.of("status"), List.of("env"),
            List.of("env", "--name", "live"), List.of("env", "--json", "--name", "live"), List.of("clients"), List.of("clients", "--json"),
            List.of("limits"), List.of("limits", "--json"), List.of("metrics"), List.of("doctor"), List.of("doctor", "--json"),
            List.of("--version"), List.of("stop", "--name", "stale"), List.of("stop", "--name", "nope"));

    private AotTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path scratch = Files.createTempDirectory("cumps-aot-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Process server = startServer();
        try {
            train(scratch, server == null ? ProcessHandle.current().pid() : server.pid());
        } finally {
            if (server != null) {
                server.destroyForcibly();
            }
            deleteTree(scratch);
        }
    }

    /**
     * The live daemon's MPS server: a child of this JVM (the daemon), as NVIDIA's daemon starts its servers, so that
     * the live view asks it together with the server list, as it does on a real host. Null where no {@code sleep}
     * can be started; the training then lists this JVM as the server, which is no child.
     */
    private static Process startServer() {
        for (String sleep : List.of("/usr/bin/sleep", "/bin/sleep")) {
            if (Files.isExecutable(Path.of(sleep))) {
                try {
                    ProcessBuilder builder = new ProcessBuilder(sleep, "600").redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
                    builder.environment().clear();
                    return builder.start();
                } catch (IOException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static void train(Path scratch, long server) throws IOException {
        CumpsMain.class.getName(); // the launcher's entry point, archived with the rest
        Path bin = Files.createDirectories(scratch.resolve("bin"));
        Path smi = bin.resolve("nvidia-smi");
        long self = ProcessHandle.current().pid();
        Files.writeString(smi, "#!/bin/sh\ncase \"$*\" in\n  *--query-compute-apps=*) echo '" + self + ", " + GPU + ", 1024' ;;\n"
                + "  *) echo '0, " + GPU + ", NVIDIA H100 80GB HBM3, Exclusive_Process, 81559, Disabled, 550.54.15, 00000000:18:00.0, 0, 0' ;;\n"
                + "esac\n");
        Files.setPosixFilePermissions(smi, PosixFilePermissions.fromString("rwx------"));
        // A control client that answers like NVIDIA's, one reply per line of stdin: the live daemon (this JVM) has one
        // server (its child) with one client (this JVM), so that the live view's classes are archived too. Other
        // children (the nvidia-smi running alongside) are no server.
        Path control = bin.resolve("nvidia-cuda-mps-control");
        Files.writeString(control, "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n"
                + "    get_server_list) echo " + server + " ;;\n"
                + "    get_client_list\\ " + server + ") echo " + self + " ;;\n"
                + "    get_server_status\\ " + server + ") echo ACTIVE ;;\n"
                + "    get_client_list\\ *|get_server_status\\ *) echo \"Server ${line##* } not found\" ;;\n"
                + "    get_default_active_thread_percentage|get_active_thread_percentage\\ *) echo 100.0 ;;\n"
                + "    *pinned_mem_limit\\ *) echo 0M ;;\n"
                + "    *) echo \"Unknown command \\\"$line\\\"\" ;;\n"
                + "  esac\ndone\n");
        Files.setPosixFilePermissions(control, PosixFilePermissions.fromString("rwx------"));
        HostEnvironment current = HostEnvironment.current();
        long ticks = CoreServices.real(current, Optional.empty(), false).processes().find(self).map(ProcessInfo::startTicks).orElse(1L);
        StringWriter sink = new StringWriter();
        PrintWriter out = new PrintWriter(sink);
        new CumpsMain.OneLineHandler(out); // CumpsMain.main installs it before any command: not archived, it opened the jar
        // Three hosts, as users meet them: no record (a fresh machine), one live daemon (the common case: `env` without
        // --name picks it; its commands name the record folder), and two live daemons beside a stale record and the
        // system's MPS daemon. Each takes its own paths through the commands.
        for (int daemons = 0; daemons <= 2; daemons++) {
            Path home = Files.createDirectories(scratch.resolve("home" + daemons));
            HostEnvironment host = host(current, bin, home, scratch);
            RecordStore store = new RecordStore(RecordStore.defaultRoot(home), host.uid(), host.hostname(), Clock.systemUTC());
            if (daemons >= 1) {
                store.write(record(host, "live", self, ticks, scratch));
            }
            if (daemons == 2) {
                // A second live daemon: the live view then asks its daemons in parallel.
                store.write(record(host, "second", self, ticks, scratch));
                store.write(record(host, "stale", self, ticks + 1, scratch));
            }
            // On the last host, a control socket at NVIDIA's default pipe directory (the host's, under the scratch folder),
            // as on a workstation that runs the system's MPS daemon: status and doctor ask it too, without a record.
            try (ServerSocketChannel ambient = daemons == 2 ? listen(host.nvidiaPipeDirectory().resolve("control")) : null) {
                if (ambient != null) {
                    // R550 and later write their pid there; the live view reads it (a hint for asking the servers).
                    Files.writeString(host.nvidiaPipeDirectory().resolve(RuntimeDirs.PID_FILE), self + "\n");
                }
                for (List<String> args : COMMANDS) {
                    List<String> line = new ArrayList<>(args);
                    if (daemons == 1 && !args.get(0).startsWith("-")) {
                        line.addAll(0, List.of("--records", RecordStore.defaultRoot(home).toString()));
                    }
                    run(host, line.toArray(String[]::new), out, sink);
                }
                if (daemons == 2) {
                    // The in-process control client, as a run that asks 25 daemons or more takes it (decision 0018): its
                    // FFM linking, then this stand-in's stream socket refusing the SEQPACKET connect, then the program.
                    run(inProcess(host), new String[] {"status", "--json"}, out, sink);
                }
            }
            if (daemons == 0) {
                // `stop` without a name, only where nothing is live: with a live record it would end its daemon, this JVM.
                run(host, new String[] {"stop"}, out, sink);
                // A machine without NVIDIA's driver: no nvidia-smi on PATH, as status and doctor often first meet it.
                HostEnvironment bare = host(current, scratch.resolve("empty"), home, scratch);
                for (String[] args : new String[][] {{"status", "--json"}, {"status"}, {"doctor", "--json"}, {"doctor"}}) {
                    run(bare, args, out, sink);
                }
            }
        }
    }

    private static HostEnvironment host(HostEnvironment current, Path bin, Path home, Path scratch) {
        return new HostEnvironment(Map.of("PATH", bin.toString(), "HOME", home.toString(), "TMPDIR", scratch.toString()), current.uid(),
                current.hostname(), current.platform(), HostPaths.under(scratch));
    }

    /** {@code host} with {@code CUMPS_CONTROL_CLIENT=builtin}: every daemon asked in-process first. */
    private static HostEnvironment inProcess(HostEnvironment host) {
        Map<String, String> env = new HashMap<>(host.env());
        env.put(ControlClient.VARIABLE, ControlClient.BUILTIN);
        return new HostEnvironment(Map.copyOf(env), host.uid(), host.hostname(), host.platform(), host.paths());
    }

    /** A socket listening at {@code socket}; null where none can be made (the training goes on without it). */
    private static ServerSocketChannel listen(Path socket) {
        try {
            Files.createDirectories(socket.getParent());
            ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                channel.bind(UnixDomainSocketAddress.of(socket));
                return channel;
            } catch (IOException e) {
                channel.close();
                throw e;
            }
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    private static void run(HostEnvironment host, String[] args, PrintWriter out, StringWriter sink) {
        new Cli(host, out, out).run(args);
        sink.getBuffer().setLength(0);
    }

    private static DaemonRecord record(HostEnvironment host, String name, long pid, long ticks, Path scratch) {
        Path dir = scratch.resolve("run").resolve(name);
        return new DaemonRecord(name, host.uid(), host.hostname(), "single_gpu", List.of(GPU), dir.resolve("pipe"), dir.resolve("log"), pid, ticks,
                1.7e9);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
