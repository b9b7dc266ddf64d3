/**
 * Concern: the on-disk record and whether it is live.
 *
 * Main types: {@code DaemonRecord}, {@code RecordCodec} (uni-cumps format), {@code RecordStore}
 * (the records of one uid and host under one root: scoped listing and lookup, atomic write, replace
 * and remove, quarantine to {@code .stale/&lt;name&gt;-&lt;epoch ms&gt;}; each done in the store
 * itself), {@code RecordLocks} (the per-name and resource locks in {@code .locks}, reached through
 * {@code RecordStore.locks()} so records and locks share one root; a held one is a {@code NameLock}),
 * {@code RecordDirectories} (the private-directory checks both act under), {@code RecordNames},
 * {@code Liveness} (a record is live only when its pid runs with the recorded start time), {@code
 * Liveness.pipeCheck}/{@code verifiedOwnLive} (live, and the daemon serving the record's pipe
 * directory by its pid file and environment: what {@code stop}, {@code terminate-client} and {@code
 * limits --set-*} check right before sending; the answer is a {@code PipeCheck}). Read back: {@code RecordListing}
 * (this user and host's records, and those that could not be read, each an {@code UnreadableRecord}),
 * {@code ManagedDaemon} (a record with its liveness when read), {@code RecordState} (what a record says about its
 * daemon now), {@code RecordLookup} (one name looked up: found, missing, foreign or unreadable); texts in
 * {@code RecordMessages}.
 *
 * <p>Why the store is one class and the locks another: decision 0016.
 */
package dev.cumps.core.record;
