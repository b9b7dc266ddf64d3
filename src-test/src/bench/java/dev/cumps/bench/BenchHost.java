package dev.cumps.bench;

import dev.cumps.core.CoreServices;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.gpu.NvidiaSmiParser;
import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.mps.ControlClient;
import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import dev.cumps.core.posix.UnixSeqPacketListener;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A scratch host for the benchmarks: a temporary HOME and record root, {@code nvidia-smi} answered
 * in memory (so the figures are cumps's own work, not a process start), the real {@code /proc}.
 * "Live" records name this JVM's pid and start time; "stale" ones the same pid with another start.
 * Control daemons are asked in-process ({@link ControlClient#inProcess}, as the window asks them); a
 * {@link #liveDaemon live daemon}'s socket answers in NVIDIA's protocol, and a run of NVIDIA's program
 * (the fallback) is counted, so a benchmark can tell that it measured the in-process path.
 */
final class BenchHost implements AutoCloseable {
    final Path dir;
    final HostEnvironment host;
    final CoreServices services;
    final RecordStore store;
    final long pid = ProcessHandle.current().pid();
    final long ticks;
    /** Conversations the live daemon's socket held to their end; runs of {@code nvidia-cuda-mps-control} (the fallback). */
    final AtomicInteger conversations = new AtomicInteger();
    final AtomicInteger programRuns = new AtomicInteger();
    private UnixSeqPacketListener listener;

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
        CommandRunner runner = spec -> {
            if (spec.program().equals("nvidia-smi")) {
                return CommandResult.exited("nvidia-smi", 0, csv, "");
            }
            programRuns.incrementAndGet();
            return CommandResult.exited(spec.program(), 0, "", "");
        };
        services = new CoreServices(host, runner, new ProcFsProcessTable(), dir.resolve("records"), Clock.systemUTC(),
                LifecycleTimeouts.defaults(), false, GuideLink.none(), ControlClient.inProcess(host));
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
     * {@code control} socket ({@code SOCK_SEQPACKET}, kept open until {@link #close()}) that answers in
     * NVIDIA's protocol, every command with no line (a daemon with no server and no setting changed), and
     * the pid file, and a 0700 log directory with an empty {@code control.log}.
     */
    void liveDaemon(String name) throws IOException {
        DaemonRecord record = record(name, true);
        for (Path d : List.of(record.pipeDirectory(), record.logDirectory())) {
            Files.createDirectories(d);
            Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwx------"));
        }
        listener = UnixSeqPacketListener.bind(record.pipeDirectory().resolve("control"), 16);
        Thread acceptor = new Thread(this::accept, "bench-control");
        acceptor.setDaemon(true);
        acceptor.start();
        Files.writeString(record.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), pid + "\n");
        Files.writeString(record.logDirectory().resolve("control.log"), "");
        store.write(record);
    }

    /** Serves one connection after another on this thread (NVIDIA's daemon, too, serves one at a time). */
    private void accept() {
        while (true) {
            try (UnixSeqPacket connection = listener.accept(1000)) {
                if (connection != null && converse(connection)) {
                    conversations.incrementAndGet();
                }
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                // this connection broke; the next client gets a fresh one
            }
        }
    }

    /**
     * NVIDIA's side of one conversation ({@code dev.cumps.core.mps.ControlProtocol}): {@code OUTBHELL} with
     * credentials, the client's {@code OUTBCRED} and its type word, then the commands (a length word and the
     * text each; no line answers them) until the zero length, answered by the end with status 0.
     */
    private static boolean converse(PacketSocket connection) throws IOException {
        send(connection, "OUTBHELL\0".getBytes(StandardCharsets.US_ASCII), true);
        if (next(connection) == null || next(connection) == null) {
            return false; // no credentials or no type
        }
        while (true) {
            byte[] length = next(connection);
            if (length == null || length.length != 8) {
                return false;
            }
            if (ByteBuffer.wrap(length).order(ByteOrder.LITTLE_ENDIAN).getLong() == 0) {
                send(connection, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(0).array(), false);
                return true;
            }
            if (next(connection) == null) {
                return false; // no text after its length
            }
        }
    }

    /** The next message's bytes, waiting at most 10 s; {@code null} when the connection ended or stayed silent. */
    private static byte[] next(PacketSocket connection) throws IOException {
        PacketSocket.Received received = connection.receive(4 + 4096);
        if (received == null && connection.await(false, 10_000) != 0) {
            received = connection.receive(4 + 4096);
        }
        return received == null || received.ended() ? null : received.data();
    }

    private static void send(PacketSocket connection, byte[] data, boolean credentials) throws IOException {
        if (!connection.send(data, credentials) && (connection.await(true, 10_000) == 0 || !connection.send(data, credentials))) {
            throw new IOException("the client took no message for 10 s");
        }
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
