package dev.cumps.bench;

import dev.cumps.core.CoreServices;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.gpu.NvidiaSmiParser;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordStore;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A scratch host for the benchmarks: a temporary HOME and record root, {@code nvidia-smi} answered
 * in memory (so the figures are cumps's own work, not a process start), the real {@code /proc}.
 * "Live" records name this JVM's pid and start time; "stale" ones the same pid with another start.
 */
final class BenchHost implements AutoCloseable {
    final Path dir;
    final HostEnvironment host;
    final CoreServices services;
    final RecordStore store;
    final long pid = ProcessHandle.current().pid();
    final long ticks;
    private ServerSocketChannel listener;

    BenchHost(int gpus) throws IOException {
        dir = Files.createTempDirectory("cumps-bench-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("nvidia-smi", "nvidia-cuda-mps-control")) {
            Path p = bin.resolve(tool);
            Files.writeString(p, "#!/bin/sh\nexit 0\n");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        }
        HostEnvironment current = HostEnvironment.current();
        host = new HostEnvironment(Map.of("HOME", dir.resolve("home").toString(), "TMPDIR", dir.toString(), "PATH", bin.toString()),
                current.uid(), current.hostname(), current.platform(), HostPaths.under(dir));
        String csv = smiCsv(gpus);
        CommandRunner runner = spec -> spec.program().equals("nvidia-smi") ? CommandResult.exited("nvidia-smi", 0, csv, "")
                : CommandResult.exited(spec.program(), 0, "", "");
        services = new CoreServices(host, runner, new ProcFsProcessTable(), dir.resolve("records"), Clock.systemUTC(),
                LifecycleTimeouts.defaults(), false);
        store = services.records();
        ticks = new ProcFsProcessTable().find(pid).map(ProcessInfo::startTicks).orElseThrow();
    }

    /** {@code nvidia-smi --query-gpu=<NvidiaSmiParser.QUERY_FIELDS> --format=csv,noheader,nounits} for n GPUs. */
    static String smiCsv(int gpus) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < gpus; i++) {
            out.append(i).append(", ").append(uuid(i)).append(", NVIDIA H100 80GB HBM3, Exclusive_Process, 81559, Disabled, 550.54.15, ")
                    .append(String.format("00000000:%02X:00.0", 0x10 + i)).append(", 0, 0\n");
        }
        if (NvidiaSmiParser.parse(out.toString()).size() != gpus) {
            throw new IllegalStateException("the canned nvidia-smi output does not parse");
        }
        return out.toString();
    }

    static String uuid(int i) {
        return String.format("GPU-5f0c1a2e-0000-4000-8000-%012x", i);
    }

    DaemonRecord record(String name, boolean live) {
        Path run = dir.resolve("run").resolve(name);
        return new DaemonRecord(name, host.uid(), host.hostname(), "single_gpu", List.of(uuid(0)), run.resolve("pipe"), run.resolve("log"),
                pid, live ? ticks : ticks + 1, 1764540000.5);
    }

    /** Writes {@code n} records, every other one stale. */
    void records(int n) {
        for (int i = 0; i < n; i++) {
            store.write(record(String.format("d%04d", i), i % 2 == 0));
        }
    }

    /**
     * A live managed daemon as the doctor checks it: the record, a 0700 pipe directory with a
     * listening {@code control} socket (kept open until {@link #close()}) and the pid file, and a
     * 0700 log directory with an empty {@code control.log}.
     */
    void liveDaemon(String name) throws IOException {
        DaemonRecord record = record(name, true);
        for (Path d : List.of(record.pipeDirectory(), record.logDirectory())) {
            Files.createDirectories(d);
            Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwx------"));
        }
        listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(record.pipeDirectory().resolve("control")));
        Files.writeString(record.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), pid + "\n");
        Files.writeString(record.logDirectory().resolve("control.log"), "");
        store.write(record);
    }

    @Override
    public void close() throws IOException {
        if (listener != null) {
            listener.close();
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
