package dev.cumps.core.lifecycle;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The refusals and preparations that precede any launch, called with the name, pipe and GPU locks
 * held: parents no other user can change, no live or foreign record of the same name (a stale or
 * unreadable one is moved aside), no other record on the same pipe directory or live daemon on the
 * same GPU, private directories, safe log files and no leftovers of an earlier daemon.
 */
final class StartChecks {
    private final HostEnvironment host;
    private final RecordStore store;
    private final Liveness liveness;
    private final Leftovers leftovers;
    private final LaunchIdentity identity;

    StartChecks(HostEnvironment host, RecordStore store, Liveness liveness, Leftovers leftovers, LaunchIdentity identity) {
        this.host = host;
        this.store = store;
        this.liveness = liveness;
        this.leftovers = leftovers;
        this.identity = identity;
    }

    /** Checks and prepares everything for {@code plan}; returns what identifies the launch that follows. */
    Launch prepare(StartPlan plan) {
        RuntimeDirs.checkParentChain(plan.pipeDirectory(), host.uid());
        RuntimeDirs.checkParentChain(plan.logDirectory(), host.uid());
        replaceableRecord(plan.name());
        refuseConflicts(plan);
        preparePrivate(plan.pipeDirectory());
        preparePrivate(plan.logDirectory());
        refuseUnsafeLogs(plan.logDirectory());
        leftovers.clearBeforeLaunch(plan);
        return identity.newLaunch(plan.pipeDirectory());
    }

    /** Refuses a foreign or live record of this name; moves a stale or unreadable one aside. */
    private void replaceableRecord(String name) {
        RecordLookup existing = store.lookup(name);
        if (existing instanceof RecordLookup.Foreign foreign) {
            throw new CumpsException(Message.of(LifecycleText.START_RECORD_FOREIGN, name, foreign.ownerText()));
        }
        if (existing instanceof RecordLookup.Found found) {
            if (liveness.assess(found.record()).live()) {
                throw new CumpsException(Message.of(LifecycleText.ALREADY_RUNNING, name, found.record().pid()));
            }
            Path moved = store.quarantine(name);
            LifecycleLog.log().log(System.Logger.Level.INFO, "moved stale record {0} to {1}", name, moved);
        } else if (existing instanceof RecordLookup.Unreadable) {
            Path moved = store.quarantine(name);
            LifecycleLog.log().log(System.Logger.Level.INFO, "moved unreadable record {0} to {1}", name, moved);
        }
    }

    /** Refuses a pipe directory another record names, or the log directory or GPU of a live daemon. */
    private void refuseConflicts(StartPlan plan) {
        Path pipeKey = ResourceLocks.canonical(plan.pipeDirectory());
        String uuid = plan.gpu().uuid().value();
        for (DaemonRecord other : store.list().records()) {
            if (other.name().equals(plan.name())) {
                continue;
            }
            boolean live = liveness.assess(other).live();
            if (ResourceLocks.canonical(other.pipeDirectory()).equals(pipeKey)) {
                throw new CumpsException(live
                        ? Message.of(LifecycleText.PIPE_OF_LIVE_DAEMON, plan.pipeDirectory(), other.name(), other.pid())
                        : Message.of(LifecycleText.PIPE_OF_STALE_RECORD, plan.pipeDirectory(), other.name()));
            }
            if (live && ResourceLocks.canonical(other.logDirectory()).equals(pipeKey)) {
                throw new CumpsException(Message.of(LifecycleText.PIPE_IS_LOG_DIRECTORY, plan.pipeDirectory(), other.name()));
            }
            if (live && other.gpuUuids().contains(uuid)) {
                throw new CumpsException(Message.of(LifecycleText.GPU_TAKEN, uuid, other.name(), other.pid()));
            }
        }
    }

    /**
     * The daemon appends to {@code control.log} and {@code server.log} without refusing a link, and
     * blocks opening a FIFO: either must be a regular file or absent.
     */
    private static void refuseUnsafeLogs(Path logDirectory) {
        for (String log : List.of(RuntimeDirs.CONTROL_LOG, "server.log")) {
            Path file = logDirectory.resolve(log);
            try {
                SafeFiles.regularFile(file);
            } catch (NoSuchFileException absent) {
                // The daemon creates it.
            } catch (IOException e) {
                throw new CumpsException(Message.of(LifecycleText.UNSAFE_LOG_FILE, file, String.valueOf(e.getMessage())));
            }
        }
    }

    /** Directories under the runtime root are checked from that root down; others from what we create. */
    private void preparePrivate(Path dir) {
        Path runtimeRoot = RuntimeDirs.runtimeRoot(host);
        Path base = dir.startsWith(runtimeRoot) ? runtimeRoot : firstMissing(dir);
        RuntimeDirs.preparePrivate(base, dir, host.uid());
    }

    /** The highest ancestor of dir that does not exist yet (what we will create), or dir itself. */
    private static Path firstMissing(Path dir) {
        Path highest = dir;
        for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            highest = p;
        }
        return highest;
    }
}
