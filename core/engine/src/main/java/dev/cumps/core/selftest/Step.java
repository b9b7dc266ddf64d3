package dev.cumps.core.selftest;

import java.util.List;

/** One step of the self-test. It appends what it observes to {@code evidence} as it goes, so a step that throws keeps it. */
interface Step {
    StepId id();

    StepResult run(Seams seams, RunState state, List<String> evidence);
}
