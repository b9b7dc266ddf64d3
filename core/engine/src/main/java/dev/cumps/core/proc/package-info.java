/**
 * Concern: Linux processes.
 *
 * Main types: {@code ProcStat} (parser of {@code /proc/&lt;pid&gt;/stat}, name may hold spaces and
 * parentheses), {@code ProcessTable} seam, {@code ProcFsProcessTable}, {@code ProcessIdentity(pid,
 * startTicks)}.
 */
package dev.cumps.core.proc;
