package dev.cumps.core.selftest;

import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs last, whatever happened before (also from the Ctrl-C hook): every daemon this run started
 * that still runs with its recorded start time is stopped through its true record (restored first
 * when a step changed or removed it); one that ignores that gets SIGTERM and then SIGKILL, each
 * sent only after its pid and start time are verified again. A record left under the run's name is
 * then removed by {@code stop}, which signals nothing for a stale one, and the copies of it a start
 * moved aside ({@link QuarantinedCopies}). Nothing else is touched.
 */
final class Cleanup implements Step {
    @Override
    public StepId id() {
        return StepId.CLEANUP;
    }

    @Override
    public StepResult run(Seams seams, RunState state, List<String> evidence) {
        List<String> ended = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (DaemonRecord record : state.started) {
            ProcessIdentity identity = record.identity();
            String who = "daemon " + record.name() + " pid " + identity.pid() + " start " + identity.startTicks();
            if (!seams.processes().isAlive(identity)) {
                evidence.add(who + ": not running");
                continue;
            }
            evidence.add(who + ": still running");
            Daemons.restore(seams.store(), record, evidence);
            Daemons.stop(seams, record.name(), evidence);
            if (!Daemons.await(seams, () -> !seams.processes().isAlive(identity))) {
                evidence.add("SIGTERM " + identity.pid() + ": " + (seams.processes().terminate(identity) ? "sent" : "not sent"));
            }
            if (!Daemons.await(seams, () -> !seams.processes().isAlive(identity))) {
                evidence.add("SIGKILL " + identity.pid() + ": " + (seams.processes().forceKill(identity) ? "sent" : "not sent"));
            }
            if (Daemons.await(seams, () -> !seams.processes().isAlive(identity))) {
                ended.add(who);
            } else {
                left.add(who);
            }
        }
        if (!(seams.store().lookup(state.name) instanceof RecordLookup.Missing)) {
            StopOutcome outcome = Daemons.stop(seams, state.name, evidence);
            if (outcome.result() == StopOutcome.Result.STALE_REMOVED || outcome.stopped()) {
                ended.add("record " + state.name);
            } else {
                left.add("record " + state.name);
            }
        }
        Path stale = seams.store().root().resolve(RecordStore.STALE_DIR);
        QuarantinedCopies.remove(stale, state.name, seams.store().uid(), evidence).forEach(p -> left.add("quarantined record " + p));
        if (!left.isEmpty()) {
            return StepResult.fail(id(), Message.of(SelftestText.CLEANUP_LEFT, String.join("; ", left)), evidence);
        }
        if (ended.isEmpty()) {
            return StepResult.pass(id(), Message.of(SelftestText.CLEANUP_NOTHING), evidence);
        }
        return StepResult.pass(id(), Message.of(SelftestText.CLEANUP_DONE, String.join("; ", ended)), evidence);
    }
}
