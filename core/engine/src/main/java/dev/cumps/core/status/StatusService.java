package dev.cumps.core.status;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.NvidiaSmi;
import dev.cumps.core.gpu.Visibility;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.PipeOwner;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordListing;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.topology.TopologyMode;
import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Collects a {@link HostStatus}. Read-only: it changes no file and signals nothing. */
public final class StatusService {
    private final HostEnvironment host;
    private final CommandRunner runner;
    private final RecordStore store;
    private final Liveness liveness;
    private final boolean simulated;

    public StatusService(HostEnvironment host, CommandRunner runner, RecordStore store, Liveness liveness, boolean simulated) {
        this.host = host;
        this.runner = runner;
        this.store = store;
        this.liveness = liveness;
        this.simulated = simulated;
    }

    /** The host's status, with one nvidia-smi query. */
    public HostStatus collect() {
        return collect(gpus());
    }

    /**
     * The GPUs from the one nvidia-smi query {@code status} makes (with their load), for a caller that
     * also hands them to the live view ({@code status --json}) instead of asking nvidia-smi again.
     */
    public GpuInventory gpus() {
        return new NvidiaSmi(runner, host).query();
    }

    /** The host's status around GPUs already queried with {@link #gpus()}. */
    public HostStatus collect(GpuInventory inventory) {
        return collect(inventory, records());
    }

    /**
     * The records with their liveness and the control pipes: the part of the status that needs no nvidia-smi query,
     * read first by a caller that asks the live daemons while the query runs ({@code status --json}). Each candidate
     * pipe directory is looked at once here, for the status's pipe rows and the live view's unmanaged daemons.
     */
    public Records records() {
        RecordListing listing = store.list();
        List<Path> ambient = RuntimeDirs.ambientPipeDirectories(host);
        return new Records(listing, listing.records().stream().map(liveness::assess).toList(), ambient,
                pipes(listing.records(), ambient));
    }

    /** The host's status around GPUs already queried with {@link #gpus()} and records read with {@link #records()}. */
    public HostStatus collect(GpuInventory inventory, Records records) {
        Optional<String> mask = host.get("CUDA_VISIBLE_DEVICES");
        List<Message> diagnostics = new ArrayList<>();
        inventory.diagnosticMessage().ifPresent(diagnostics::add);
        List<Gpu> visible = inventory.gpus();
        try {
            visible = Visibility.apply(mask, inventory.gpus());
        } catch (CumpsException e) {
            visible = List.of();
            // Visibility raises every refusal with a message.
            diagnostics.add(e.errorMessage());
        }
        RecordListing listing = records.listing();
        List<ManagedDaemon> daemons = records.daemons();
        List<HostStatus.GpuRow> gpus = new ArrayList<>();
        for (Gpu gpu : inventory.gpus()) {
            List<String> names = listing.records().stream().filter(r -> r.gpuUuids().contains(gpu.uuid().value()))
                    .map(DaemonRecord::name).toList();
            gpus.add(new HostStatus.GpuRow(gpu, listed(visible, gpu), names));
        }
        return new HostStatus(host.platformId(), inventory.nvidiaSmiAvailable(), diagnostics, mask, inventory.driverVersion(),
                gpus, controlPipes(listing.records(), records.pipes()), daemons, listing.unreadable(), compatibleModes(visible), store.root(), simulated);
    }

    /** Whether {@code gpu} is among {@code visible} ({@link Gpu#sameGpu}, not {@code List.contains}). */
    private static boolean listed(List<Gpu> visible, Gpu gpu) {
        for (Gpu v : visible) {
            if (v.sameGpu(gpu)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The control pipe of each candidate directory that holds one, in the candidates' order: the records', NVIDIA's
     * default directory, the caller's CUDA_MPS_PIPE_DIRECTORY ({@code ambient}), and our runtime root's.
     */
    private List<ControlPipe> pipes(List<DaemonRecord> records, List<Path> ambient) {
        Set<Path> dirs = new LinkedHashSet<>();
        for (DaemonRecord r : records) {
            dirs.add(r.pipeDirectory());
        }
        dirs.addAll(ambient);
        Path runtimeRoot = RuntimeDirs.runtimeRoot(host);
        if (Files.isDirectory(runtimeRoot)) {
            try (DirectoryStream<Path> names = Files.newDirectoryStream(runtimeRoot)) {
                for (Path d : names) {
                    dirs.add(d.resolve("pipe"));
                }
            } catch (IOException | DirectoryIteratorException e) {
                // An unreadable runtime root hides nothing a record does not already show.
            }
        }
        // A list, not a map by directory: the pipe's parent is its directory, and iterating a map's entries
        // initializes two more classes on every status (decision 0020).
        List<ControlPipe> pipes = new ArrayList<>();
        for (Path dir : dirs) {
            Optional<ControlPipe> pipe = ControlPipe.in(dir);
            if (pipe.isPresent()) {
                pipes.add(pipe.get());
            }
        }
        return pipes;
    }

    /** The status's pipe rows: each pipe found, with the records naming its directory; ordered by path. */
    private List<HostStatus.PipeRow> controlPipes(List<DaemonRecord> records, List<ControlPipe> pipes) {
        List<HostStatus.PipeRow> rows = new ArrayList<>();
        for (ControlPipe pipe : pipes) {
            Path dir = pipe.path().getParent();
            rows.add(new HostStatus.PipeRow(pipe.path(), pipe.kind(),
                    records.stream().filter(r -> r.pipeDirectory().equals(dir)).map(DaemonRecord::name).toList(), PipeOwner.of(dir),
                    PipeOwner.foreign(dir, host.uid()).isPresent()));
        }
        // Ordered by path, as uni-cumps orders them.
        rows.sort(Comparator.comparing(row -> row.path().toString()));
        return rows;
    }

    /** Modes the visible GPUs could support, always in the canonical order. */
    public static List<TopologyMode> compatibleModes(List<Gpu> visible) {
        if (visible.isEmpty()) {
            return List.of();
        }
        return visible.size() == 1 ? List.of(TopologyMode.SINGLE_GPU) : TopologyMode.ALL;
    }

    /**
     * The records read for one status, with their liveness, and the control pipes found beside them.
     *
     * @param listing the records and the entries that could not be read
     * @param daemons every record of {@code listing} with its liveness, in the same order
     * @param ambient the pipe directories a caller meets without a record ({@link RuntimeDirs#ambientPipeDirectories})
     * @param pipes   the control pipe of each candidate directory that holds one (its parent is that directory)
     */
    public record Records(RecordListing listing, List<ManagedDaemon> daemons, List<Path> ambient, List<ControlPipe> pipes) {
        /** The records whose daemon runs (pid and start time match). */
        public List<DaemonRecord> live() {
            return daemons.stream().filter(ManagedDaemon::live).map(ManagedDaemon::record).toList();
        }

        /**
         * The pipes of the {@link #ambient} directories that no live record names: the daemons the live view asks
         * read-only (whose they are), found with the rest of this read.
         */
        public List<ControlPipe> unmanagedPipes() {
            Set<Path> managed = new LinkedHashSet<>();
            for (ManagedDaemon d : daemons) {
                if (d.live()) {
                    managed.add(d.record().pipeDirectory());
                }
            }
            List<ControlPipe> unmanaged = new ArrayList<>();
            for (Path dir : ambient) {
                for (ControlPipe pipe : pipes) {
                    if (pipe.path().getParent().equals(dir) && !managed.contains(dir)) {
                        unmanaged.add(pipe);
                    }
                }
            }
            return unmanaged;
        }
    }
}
