package dev.cumps.core.selftest;

import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.lifecycle.StartCancellation;
import dev.cumps.core.record.DaemonRecord;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** What one run has learnt so far and what it started: the steps read and write it in order. */
final class RunState {
    final SelftestRequest request;
    /** The throwaway record name, {@code selftest-<random>}: no other record can carry it. */
    final String name;
    final StartCancellation cancel = new StartCancellation();
    /** Every daemon this run started, in order: the report lists them and the clean-up ends what still runs. */
    final List<DaemonRecord> started = new CopyOnWriteArrayList<>();
    /** MPS server pids the client step saw; stop must leave none running. */
    final List<Long> servers = new CopyOnWriteArrayList<>();
    /** What an abort must end at once besides the start in progress: the client being run. */
    final List<Runnable> onAbort = new CopyOnWriteArrayList<>();
    /** The daemon the next step works on, once started. */
    volatile DaemonRecord daemon;
    volatile LaunchEnvironment launch;
    /** The GPU the status step resolved the selector to. */
    volatile Gpu gpu;

    RunState(SelftestRequest request, String name) {
        this.request = request;
        this.name = name;
    }
}
