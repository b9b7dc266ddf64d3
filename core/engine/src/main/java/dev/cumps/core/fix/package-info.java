/**
 * Concern: the doctor's guided fixes.
 *
 * Main types: {@code FixService} ({@code plan(DoctorReport)} → {@code Fix}es with their dry-run
 * {@code Message}; {@code apply} re-checks and goes through {@code DaemonStopper.removeRecord}
 * (stale record), {@code DaemonStopper.stop} (extra daemon), or {@code LeftoverRemoval} (orphaned
 * socket, stale pid file: judged again with {@code doctor.PipeLeftovers}, unlinked only in the
 * caller's 0700 directories)) → {@code FixOutcome}; the targets are {@code doctor.FixTarget}s named
 * by the checks ({@code StaleRecordCheck}, {@code OrphanedSocketCheck}, {@code StalePidFileCheck},
 * {@code DaemonCountCheck}), so {@code doctor} stays free of {@code lifecycle}; texts in {@code
 * FixMessages}; {@code cli.command.DoctorFixRun} + {@code cli.text.FixRenderer}.
 */
package dev.cumps.core.fix;
