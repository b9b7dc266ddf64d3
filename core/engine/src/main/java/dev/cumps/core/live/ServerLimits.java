package dev.cumps.core.live;

/** One running MPS server's limits ({@code get_active_thread_percentage <PID>}, {@code get_device_pinned_mem_limit <PID> 0}). */
public record ServerLimits(long pid, CurrentLimits current) {
}
