package dev.cumps.core.lifecycle;

import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordStore;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a start of a plan meets among the records, read without side effects: the refusal it would
 * give (a live or foreign record of the name, a pipe directory another record names, the log
 * directory of a live daemon, a GPU with a live daemon) and what it would only note (a stale or
 * unreadable record of the name, which it moves aside). {@link StartChecks} acts on these under
 * the start's locks; {@link DaemonStarter#preview} shows them to a dialog before Start.
 */
final class StartConflicts {
    private final RecordStore store;
    private final Liveness liveness;

    StartConflicts(RecordStore store, Liveness liveness) {
        this.store = store;
        this.liveness = liveness;
    }

    /** Why a start of {@code plan} would be refused, if it would be. */
    Optional<Message> refusal(StartPlan plan) {
        return nameRefusal(plan.name(), store.lookup(plan.name())).or(() -> resourceRefusal(plan));
    }

    /** What a start of {@code plan} would move aside: a stale or unreadable record of its name. */
    Optional<Message> note(StartPlan plan) {
        RecordLookup existing = store.lookup(plan.name());
        if (existing instanceof RecordLookup.Found found && !liveness.assess(found.record()).live()) {
            return Optional.of(Message.of(LifecycleMessages.STALE_RECORD_REPLACED, plan.name(), found.record().pid()));
        }
        if (existing instanceof RecordLookup.Unreadable) {
            return Optional.of(Message.of(LifecycleMessages.UNREADABLE_RECORD_REPLACED, plan.name()));
        }
        return Optional.empty();
    }

    private Optional<Message> nameRefusal(String name, RecordLookup existing) {
        if (existing instanceof RecordLookup.Foreign foreign) {
            return Optional.of(Message.of(LifecycleMessages.START_RECORD_FOREIGN, name, foreign.ownerMessage()));
        }
        if (existing instanceof RecordLookup.Found found && liveness.assess(found.record()).live()) {
            return Optional.of(Message.of(LifecycleMessages.ALREADY_RUNNING, name, found.record().pid()));
        }
        return Optional.empty();
    }

    /** A pipe directory another record names, or the log directory or GPU of a live daemon. */
    private Optional<Message> resourceRefusal(StartPlan plan) {
        Path pipeKey = ResourceLocks.canonical(plan.pipeDirectory());
        String uuid = plan.gpu().uuid().value();
        for (DaemonRecord other : store.list().records()) {
            if (other.name().equals(plan.name())) {
                continue;
            }
            boolean live = liveness.assess(other).live();
            if (ResourceLocks.canonical(other.pipeDirectory()).equals(pipeKey)) {
                return Optional.of(live
                        ? Message.of(LifecycleMessages.PIPE_OF_LIVE_DAEMON, plan.pipeDirectory(), other.name(), other.pid())
                        : Message.of(LifecycleMessages.PIPE_OF_STALE_RECORD, plan.pipeDirectory(), other.name()));
            }
            if (live && ResourceLocks.canonical(other.logDirectory()).equals(pipeKey)) {
                return Optional.of(Message.of(LifecycleMessages.PIPE_IS_LOG_DIRECTORY, plan.pipeDirectory(), other.name()));
            }
            if (live && other.gpuUuids().contains(uuid)) {
                return Optional.of(Message.of(LifecycleMessages.GPU_TAKEN, uuid, other.name(), other.pid()));
            }
        }
        return Optional.empty();
    }
}
