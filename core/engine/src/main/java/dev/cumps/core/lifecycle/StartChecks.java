package dev.cumps.core.lifecycle;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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
    private final StartConflicts conflicts;

    StartChecks(HostEnvironment host, RecordStore store, Liveness liveness, Leftovers leftovers, LaunchIdentity identity) {
        this.host = host;
        this.store = store;
        this.liveness = liveness;
        this.leftovers = leftovers;
        this.identity = identity;
        this.conflicts = new StartConflicts(store, liveness);
    }

    /** Checks and prepares everything for {@code plan}; returns what identifies the launch that follows. */
    Launch prepare(StartPlan plan) {
        RuntimeDirs.checkParentChain(plan.pipeDirectory(), host.uid());
        RuntimeDirs.checkParentChain(plan.logDirectory(), host.uid());
        Optional<Message> refusal = conflicts.refusal(plan);
        if (refusal.isPresent()) {
            throw new CumpsException(refusal.get());
        }
        replaceableRecord(plan.name());
        preparePrivate(plan.pipeDirectory());
        preparePrivate(plan.logDirectory());
        refuseUnsafeLogs(plan.logDirectory());
        leftovers.clearBeforeLaunch(plan);
        return identity.newLaunch(plan.pipeDirectory(), plan.logDirectory());
    }

    /** Moves a stale or unreadable record of this name aside (a live or foreign one was refused before). */
    private void replaceableRecord(String name) {
        RecordLookup existing = store.lookup(name);
        if (existing instanceof RecordLookup.Found || existing instanceof RecordLookup.Unreadable) {
            Path moved = store.quarantine(name);
            LifecycleLog.log().log(System.Logger.Level.INFO, "moved {0} record {1} to {2}",
                    existing instanceof RecordLookup.Found ? "stale" : "unreadable", name, moved);
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
