/**
 * Concern: Linux processes.
 *
 * Main types: {@code ProcStat} (parser of {@code /proc/&lt;pid&gt;/stat}, name may hold spaces and parentheses),
 * {@code ProcessTable} seam, {@code ProcFsProcessTable}, {@code ProcessIdentity(pid, startTicks)}.
 *
 * {@code ProcessInfo} is what {@code /proc/<pid>/stat} says about one process, {@code ProcessOwner} who a process
 * runs as (uid and user name), {@code ProcMessages} why a stat line could not be read.
 */
package dev.cumps.core.proc;
