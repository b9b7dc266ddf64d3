package dev.cumps.core.proc;

/**
 * A process as the kernel knows it at one moment: its pid and its start time in clock ticks since
 * boot (field 22 of {@code /proc/<pid>/stat}). A pid alone is reused; the pair is not.
 */
public record ProcessIdentity(long pid, long startTicks) {
}
