package dev.cumps.core.selftest;

import dev.cumps.core.json.Json;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** What several steps do with the self-test's daemon: start it (tracked at once), stop it, check what is left. */
final class SelftestDaemon {
    private static final long POLL_MILLIS = 50;

    private SelftestDaemon() {
    }

    /** {@code cumps start --gpus SEL --name NAME}; the daemon is tracked for the clean-up before anything else happens. */
    static DaemonRecord start(SelftestServices services, RunState state, List<String> evidence) {
        List<String> stages = new ArrayList<>();
        DaemonRecord record = services.starter().start(new StartRequest(Optional.of(state.request.gpus()), Optional.of(state.name),
                Optional.empty(), Optional.empty()), stage -> stages.add(stage.name().toLowerCase(Locale.ROOT)), state.cancel);
        state.started.add(record);
        evidence.add("cumps start --gpus " + state.request.gpus() + " --name " + state.name + ": stages " + String.join(", ", stages));
        evidence.add("record " + services.store().recordFile(state.name) + ":\n" + Json.write(record.toJsonMap()));
        return record;
    }

    /** {@code cumps stop --name NAME}, with its outcome as evidence. */
    static StopOutcome stop(SelftestServices services, String name, List<String> evidence) {
        StopOutcome outcome = services.stopper().stop(Optional.of(name));
        evidence.add("cumps stop --name " + name + ": " + outcome.result().id() + ": " + outcome.message());
        return outcome;
    }

    /** Waits (bounded by {@code SelftestServices.gone}) until {@code condition} holds; returns whether it did. */
    static boolean await(SelftestServices services, BooleanSupplier condition) {
        long deadline = System.nanoTime() + services.gone().toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return condition.getAsBoolean();
            }
        }
        return true;
    }

    /**
     * What a stopped daemon left: its process (by pid and start time), MPS servers seen while it ran,
     * the control sockets and pid file in its pipe directory, its record. Empty when nothing is left.
     */
    static List<Message> leftovers(SelftestServices services, DaemonRecord record, List<Long> servers, List<String> evidence) {
        List<Message> left = new ArrayList<>();
        ProcessIdentity identity = record.identity();
        boolean gone = await(services, () -> !services.processes().isAlive(identity));
        evidence.add("pid " + identity.pid() + " start " + identity.startTicks() + ": " + (gone ? "gone" : "still running"));
        if (!gone) {
            left.add(Message.of(SelftestMessages.LEFT_PROCESS, identity.pid(), identity.startTicks()));
        }
        for (long server : servers) {
            boolean serverGone = await(services, () -> !services.processes().exists(server));
            evidence.add("MPS server pid " + server + ": " + (serverGone ? "gone" : "still running"));
            if (!serverGone) {
                left.add(Message.of(SelftestMessages.LEFT_SERVER, server));
            }
        }
        Path pipe = record.pipeDirectory();
        List<String> present = new ArrayList<>();
        for (String entry : List.of(ControlPipe.CONTROL, ControlPipe.CONTROL_PRIVILEGED, RuntimeDirs.PID_FILE)) {
            if (Files.exists(pipe.resolve(entry), LinkOption.NOFOLLOW_LINKS)) {
                present.add(entry);
                left.add(Message.of(SelftestMessages.LEFT_PIPE, pipe, entry));
            }
        }
        evidence.add("pipe directory " + pipe + ": " + (present.isEmpty() ? "no control socket, no pid file" : "holds " + present));
        RecordLookup lookup = services.store().lookup(record.name());
        boolean recordGone = lookup instanceof RecordLookup.Missing;
        evidence.add("record " + services.store().recordFile(record.name()) + ": " + (recordGone ? "absent" : "present"));
        if (!recordGone) {
            left.add(Message.of(SelftestMessages.LEFT_RECORD, record.name()));
        }
        return left;
    }

    /** Writes {@code record} back as it was written at start (the name's lock held), replacing what is there. */
    static void restore(RecordStore store, DaemonRecord record, List<String> evidence) {
        try (NameLock lock = store.locks().lock(record.name())) {
            RecordLookup lookup = store.lookup(record.name());
            if (lookup instanceof RecordLookup.Missing) {
                store.write(record);
            } else if (lookup instanceof RecordLookup.Found) {
                store.replace(record);
            } else {
                evidence.add("record " + record.name() + " moved aside to " + store.quarantine(record.name()));
                store.write(record);
            }
        }
        evidence.add("restored record " + record.name() + " with pid " + record.pid() + " start " + record.processStartTicks());
    }

    static String joined(List<Message> messages) {
        return String.join("; ", messages.stream().map(Message::english).toList());
    }
}
