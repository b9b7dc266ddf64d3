/**
 * Concern: the on-disk record and whether it is live.
 *
 * Main types: {@code DaemonRecord}, {@code RecordCodec} (uni-cumps format), {@code RecordStore}
 * (facade over {@code RecordReader} scoped listing and lookup, {@code RecordWriter} atomic write
 * and remove, {@code RecordQuarantine} (moves to {@code .stale/&lt;name&gt;-&lt;epoch ms&gt;}),
 * {@code RecordLocks} per-name and resource locks, {@code RecordDirectories} private-directory
 * checks), {@code RecordNames}, {@code Liveness} (a record is live only when its pid runs with the
 * recorded start time), {@code Liveness.pipeCheck}/{@code verifiedOwnLive} (live, and the daemon
 * serving the record's pipe directory by its pid file and environment: what {@code stop}, {@code
 * terminate-client} and {@code limits --set-*} check right before sending).
 */
package dev.cumps.core.record;
