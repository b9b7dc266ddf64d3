package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.UiTask;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import java.util.Objects;
import java.util.Optional;

/**
 * The stop confirmation: the identity evidence for one record (pid, recorded start ticks next to
 * what {@code /proc} says now, GPU, pipe), then the core's {@code stop(name)}, which re-verifies
 * the identity under the record's lock at the moment of stopping. The window decides nothing.
 */
public final class StopViewModel {

    /** What the confirmation shows. {@code currentStartTicks} is empty when no process has the pid. */
    public record Evidence(String name, long pid, long recordedStartTicks, Optional<Long> currentStartTicks,
                           String gpu, String pipeDirectory, boolean matches) {
    }

    private final ConsoleContext ctx;
    private final DaemonStopper stopper;
    private final Messages messages;
    private final Evidence evidence;

    /** Reads the evidence now; {@code processes} is {@code new ProcFsProcessTable()} in the window. */
    public StopViewModel(ConsoleContext ctx, DaemonStopper stopper, ManagedDaemon daemon, ProcessTable processes) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.stopper = Objects.requireNonNull(stopper, "stopper");
        this.messages = ctx.messages();
        DaemonRecord r = daemon.record();
        Optional<Long> current = processes.find(r.pid()).filter(ProcessInfo::running).map(ProcessInfo::startTicks);
        // matches: the core's own identity test, shown now; the core repeats it when stopping.
        this.evidence = new Evidence(r.name(), r.pid(), r.processStartTicks(), current, String.join(", ", r.gpuUuids()),
                r.pipeDirectory().toString(), processes.isAlive(r.identity()));
    }

    public Evidence evidence() {
        return evidence;
    }

    /** The current start ticks as shown, or the text saying no process has the pid. */
    public String currentStartTicksText() {
        return evidence.currentStartTicks().map(String::valueOf).orElse(messages.get("stop.evidence.gone"));
    }

    public String action() {
        return messages.get("stop.action", evidence.name());
    }

    /**
     * The core's stop on a worker, started: its outcome, on the UI thread, is already recorded in the
     * activity log when the task's other observers hear it.
     */
    public UiTask<StopOutcome, Void> stop() {
        // The severity its dialog shows: a record found stale is a warning, not a plain success (review L-13).
        return ctx.executor().task(() -> stopper.stop(Optional.of(evidence.name())))
                .onSuccess(outcome -> ctx.activity().record(action(), severity(outcome.result()), outcomeText(outcome, messages)))
                .start();
    }

    /** The notice for {@code outcome}: stopped; stale (cleaned, nothing signalled); failed. */
    public Notice notice(StopOutcome outcome) {
        return switch (outcome.result()) {
            case STOPPED -> new Notice(Severity.PASS, messages.get("stop.done", outcome.name(), evidence.pid()));
            case STALE_REMOVED -> new Notice(Severity.WARN, messages.get("stop.stale", outcome.name(), evidence.pid()));
            case UNREADABLE_QUARANTINED -> new Notice(Severity.WARN, messages.get("stop.unreadable", outcome.name()));
            case FAILED -> new Notice(Severity.FAIL, messages.get("stop.failed", outcome.name(), outcomeText(outcome, messages)));
        };
    }

    /**
     * The core's own words about a stop outcome, as the window shows them: the one place that reads
     * them ({@code StopOutcome.outcomeMessage()} rendered in the window's language).
     */
    public static String outcomeText(StopOutcome outcome, Messages messages) {
        return messages.windowText(outcome.outcomeMessage());
    }

    /** How an outcome looks: stopped passes; cleaned a stale or unreadable record warns; failed fails. */
    public static Severity severity(StopOutcome.Result result) {
        return switch (result) {
            case STOPPED -> Severity.PASS;
            case STALE_REMOVED, UNREADABLE_QUARANTINED -> Severity.WARN;
            case FAILED -> Severity.FAIL;
        };
    }

}
