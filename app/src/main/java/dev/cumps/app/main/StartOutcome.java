package dev.cumps.app.main;

import dev.cumps.app.activity.ActivityEntry;

/**
 * What a press of Start came to, as the start dialog's task ends with it ({@link StartViewModel#confirm()}),
 * already recorded in the activity log; each with the notice the window shows.
 */
public sealed interface StartOutcome {

    /** The notice the window shows. */
    Notice notice();

    /** The daemon {@code name} was started; {@code entry} is its start's line in the activity log. */
    record Started(String name, Notice notice, ActivityEntry entry) implements StartOutcome {
    }

    /** The start was cancelled, and the notice says what the cancel undid. */
    record Cancelled(Notice notice) implements StartOutcome {
    }

    /** The start failed: the problem, with the control log tail. */
    record Failed(StartProblem problem, Notice notice) implements StartOutcome {
    }
}
