package dev.cumps.core.cli;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The training run the {@code cumps} launcher dumps its class-data-sharing archive from
 * ({@code -XX:ArchiveClassesAtExit}; see docs/performance.md). It runs the hot commands
 * ({@code status}, {@code status --json}, {@code env}, {@code clients}, {@code limits}, {@code metrics},
 * {@code doctor}, {@code --version}, {@code stop} of a stale record) in this JVM against a private
 * scratch host: a temporary HOME with three records (two live, one stale), a {@code nvidia-smi} script that prints one GPU
 * and a control client script whose daemon (this JVM) has one server with one client, so that the
 * classes those commands load are the ones archived. It
 * changes nothing outside its scratch directory, which it removes, and prints nothing.
 */
public final class CdsTraining {
    private static final String GPU = "GPU-5f0c1a2e-0000-4000-8000-000000000000";

    private CdsTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path scratch = Files.createTempDirectory("cumps-cds-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            train(scratch);
        } finally {
            deleteTree(scratch);
        }
    }

    private static void train(Path scratch) throws IOException {
        CumpsMain.class.getName(); // the launcher's entry point, archived with the rest
        Path bin = Files.createDirectories(scratch.resolve("bin"));
        Path smi = bin.resolve("nvidia-smi");
        long self = ProcessHandle.current().pid();
        Files.writeString(smi, "#!/bin/sh\ncase \"$*\" in\n  *--query-compute-apps=*) echo '" + self + ", " + GPU + ", 1024' ;;\n"
                + "  *) echo '0, " + GPU + ", NVIDIA H100 80GB HBM3, Exclusive_Process, 81559, Disabled, 550.54.15, 00000000:18:00.0, 0, 0' ;;\n"
                + "esac\n");
        Files.setPosixFilePermissions(smi, PosixFilePermissions.fromString("rwx------"));
        // A control client that answers like NVIDIA's, one reply per line of stdin: the live daemon (this JVM) has one
        // server (this JVM) with one client (this JVM), so that the live view's classes are archived too (issue 22).
        Path control = bin.resolve("nvidia-cuda-mps-control");
        Files.writeString(control, "#!/bin/sh\nwhile IFS= read -r line; do\n  case \"$line\" in\n"
                + "    get_server_list|get_client_list\\ *) echo " + self + " ;;\n"
                + "    get_server_status\\ *) echo ACTIVE ;;\n"
                + "    get_default_active_thread_percentage|get_active_thread_percentage\\ *) echo 100.0 ;;\n"
                + "    *pinned_mem_limit\\ *) echo 0M ;;\n"
                + "    *) echo \"Unknown command \\\"$line\\\"\" ;;\n"
                + "  esac\ndone\n");
        Files.setPosixFilePermissions(control, PosixFilePermissions.fromString("rwx------"));
        Path home = Files.createDirectories(scratch.resolve("home"));
        HostEnvironment current = HostEnvironment.current();
        HostEnvironment host = new HostEnvironment(Map.of("PATH", bin.toString(), "HOME", home.toString(),
                "TMPDIR", scratch.toString()), current.uid(), current.hostname(), current.platform(), HostPaths.under(scratch));
        RecordStore store = new RecordStore(RecordStore.defaultRoot(home), host.uid(), host.hostname(), Clock.systemUTC());
        long ticks = new ProcFsProcessTable().find(self).map(ProcessInfo::startTicks).orElse(1L);
        store.write(record(host, "live", self, ticks, scratch));
        // A second live daemon: the live view then asks its daemons in parallel, as it does beside NVIDIA's default daemon.
        store.write(record(host, "second", self, ticks, scratch));
        store.write(record(host, "stale", self, ticks + 1, scratch));
        StringWriter sink = new StringWriter();
        PrintWriter out = new PrintWriter(sink);
        for (List<String> args : List.of(List.of("status", "--json"), List.of("status"), List.of("env", "--name", "live"),
                List.of("env", "--json", "--name", "live"), List.of("clients"), List.of("clients", "--json"), List.of("limits"),
                List.of("limits", "--json"), List.of("metrics"), List.of("doctor"), List.of("doctor", "--json"), List.of("--version"),
                List.of("stop", "--name", "stale"), List.of("stop", "--name", "nope"))) {
            new Cli(host, out, out).run(args.toArray(String[]::new));
            sink.getBuffer().setLength(0);
        }
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
