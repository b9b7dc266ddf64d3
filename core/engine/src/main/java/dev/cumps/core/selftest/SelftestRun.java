package dev.cumps.core.selftest;

import dev.cumps.core.lifecycle.StartCancelled;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One self-test run: the steps in order, each skipped when the step it needs did not pass, then the
 * clean-up, always (also after a failure, an unexpected exception, or {@link #abort} from a
 * Ctrl-C hook). A step that throws fails with the evidence it had gathered and the error's text.
 */
public final class SelftestRun {
    private final SelftestServices services;
    private final RunState state;
    private final List<Step> steps;
    private final Clock clock;
    private final boolean simulated;
    private final ReentrantLock stepLock = new ReentrantLock();
    private final List<StepResult> results = new CopyOnWriteArrayList<>();
    private volatile boolean aborted;
    private volatile HostFacts facts;
    private boolean cleaned;

    SelftestRun(SelftestServices services, RunState state, List<Step> steps, Clock clock, boolean simulated) {
        this.services = services;
        this.state = state;
        this.steps = List.copyOf(steps);
        this.clock = clock;
        this.simulated = simulated;
    }

    /** The throwaway record name this run uses. */
    public String name() {
        return state.name;
    }

    /** Runs every step and the clean-up; {@code listener} hears each result as it is known. */
    public SelftestReport run(Consumer<StepResult> listener) {
        facts = HostFacts.of(services.host(), services.runner(), state.request.version(), clock.instant(), simulated);
        try {
            for (Step step : steps) {
                StepResult result = runStep(step);
                results.add(result);
                listener.accept(result);
                if (state.gpu != null) {
                    facts = facts.withGpu(state.gpu);
                }
            }
        } finally {
            cleanUp(listener);
        }
        return report();
    }

    private StepResult runStep(Step step) {
        List<String> evidence = new ArrayList<>();
        Optional<StepId> needs = step.id().needs();
        if (aborted) {
            return StepResult.skip(step.id(), Message.of(SelftestMessages.ABORTED), evidence);
        }
        if (needs.isPresent() && results.stream().noneMatch(r -> r.step() == needs.get() && r.passed())) {
            return StepResult.skip(step.id(), Message.of(SelftestMessages.NEEDS_STEP, needs.get().id()), evidence);
        }
        stepLock.lock();
        try {
            return step.run(services, state, evidence);
        } catch (StartCancelled e) {
            return StepResult.skip(step.id(), Message.of(SelftestMessages.ABORTED), withError(evidence, e.getMessage()));
        } catch (CumpsException e) {
            return StepResult.fail(step.id(), e.errorMessage(), evidence);
        } catch (RuntimeException e) {
            return StepResult.fail(step.id(), Message.of(SelftestMessages.STEP_CRASHED, String.valueOf(e)), evidence);
        } finally {
            stepLock.unlock();
        }
    }

    private static List<String> withError(List<String> evidence, String error) {
        evidence.add(String.valueOf(error));
        return evidence;
    }

    /** Runs the clean-up once, whoever asks first (the run's end or {@link #abort}). */
    private synchronized void cleanUp(Consumer<StepResult> listener) {
        if (cleaned) {
            return;
        }
        cleaned = true;
        List<String> evidence = new ArrayList<>();
        StepResult result;
        try {
            result = new Cleanup().run(services, state, evidence);
        } catch (RuntimeException e) {
            result = StepResult.fail(StepId.CLEANUP, Message.of(SelftestMessages.STEP_CRASHED, String.valueOf(e)), evidence);
        }
        results.add(result);
        listener.accept(result);
    }

    /**
     * From another thread (a SIGINT/SIGTERM hook): no further step starts, a start in progress is
     * cancelled (and undone), the current step gets up to {@code wait} to finish, then the clean-up
     * runs. Returns the report as it stands.
     */
    public SelftestReport abort(Duration wait) {
        aborted = true;
        state.cancel.cancel();
        state.onAbort.forEach(Runnable::run);
        boolean locked = false;
        try {
            locked = stepLock.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            cleanUp(r -> { });
        } finally {
            if (locked) {
                stepLock.unlock();
            }
        }
        return report();
    }

    /**
     * The results so far, in step order; once aborted, every step that has no result yet is listed
     * as skipped by the interruption (the hook writes its report while the main thread may still be
     * finishing the step in progress).
     */
    public SelftestReport report() {
        HostFacts known = facts != null ? facts
                : new HostFacts(services.host().hostname(), "unknown", "unknown", "unknown", state.request.version(), clock.instant(), simulated);
        List<StepResult> ordered = new ArrayList<>();
        for (StepId id : StepId.values()) {
            Optional<StepResult> result = results.stream().filter(r -> r.step() == id).findFirst();
            if (result.isPresent()) {
                ordered.add(result.get());
            } else if (aborted) {
                ordered.add(StepResult.skip(id, Message.of(SelftestMessages.ABORTED), List.of()));
            }
        }
        return new SelftestReport(known, ordered, state.started, aborted);
    }
}
