/**
 * Concern: start/stop transactions.
 *
 * Main types: one service per job, each built once by {@code CoreServices} on one shared
 * {@code LifecycleContext} (the seams and the locks) and called directly by the CLI and the window:
 * {@code StartPlanner} (request → {@code StartPlan}, no side effects), {@code DaemonStarter} (the
 * start transaction; {@code preview} for the start dialog) with {@code
 * StartChecks} (refusals and preparation under the locks), {@code Readiness} (socket and answer
 * waits), {@code StartUndo} (rollback of a launch that did not come up), {@code DaemonStopper}
 * (stop, stop --all, remove), {@code ForegroundRunner} (--foreground), {@code Leftovers} (orphaned
 * sockets, pid file, control_lock, log FIFO), {@code ResourceLocks} (pipe and GPU locks on
 * canonical keys), {@code LaunchIdentity} (the nonce: which process is this launch's), {@code
 * StartConflicts} (what a start would refuse or move aside among the records, read without side
 * effects: used by {@code StartChecks} under the locks and by {@code DaemonStarter.preview} → {@code
 * StartPreview} for the start dialog), {@code StartCancellation} (a caller's cancel, checked
 * between stages and in the {@code Readiness} waits, which it also interrupts so that a question
 * the daemon leaves unanswered ends at once; after the launch it undoes through {@code StartUndo},
 * which sends this launch's daemon SIGTERM right away (pid and start time re-verified) instead of
 * {@code quit} and a wait, and throws {@code StartCancelled}, a {@code StartFailure} saying what was undone),
 * {@code ClientTerminator} ({@code terminate_client} for one verified client → {@code
 * ClientTarget}); {@code StartStage}, {@code StopOutcome}, {@code StartFailure}, {@code
 * LifecycleTimeouts}; texts in {@code LifecycleMessages}.
 * The waits of start, undo and stop poll with {@code Backoff} (1 ms, doubling up to a cap) through {@code Waits};
 * {@code StartRequest} is what the operator asked to start; {@code LifecycleLog} is the lifecycle's logger, created on
 * first use.
 *
 * <h2>The start</h2>
 * The same for {@code cumps start} and the window's Start:
 * <pre>{@code
 * cumps start / Start dialog
 *   -> DaemonStarter.start; StartPlanner.plan: nvidia-smi -> Visibility -> Selectors -> requireSingleGpu -> name, dirs, socket length
 *   -> RecordLocks.lock(name)                       (exclusive; racing starts of one name fail fast)
 *   -> RecordLocks.lockResource("pipe", canonical pipe dir), then ("gpu", uuid)
 *                                                   (fixed order; wait up to one whole start for the holder)
 *   -> StartChecks: RuntimeDirs.checkParentChain (pipe, log: no parent another user can change)
 *   -> refuse live duplicate / quarantine stale or unreadable record
 *   -> refuse a pipe dir another record names; refuse a GPU with another live record
 *   -> RuntimeDirs.preparePrivate (owner, 0700, no symlink) -> clear leftovers / refuse unmanaged control
 *   -> Launch: random nonce, this process's start ticks, pipe dir (dev, inode)
 *   -> CommandRunner: nvidia-cuda-mps-control -d   (MpsControl.daemonEnvironment: allowlist + --env +
 *                                                   CUDA_VISIBLE_DEVICES, CUDA_MPS_PIPE/LOG_DIRECTORY, CUMPS_LAUNCH_NONCE)
 *   -> Readiness: wait for <pipe>/control (bounded; early failure from control.log or a dead pid)
 *   -> pipe dir still the same (dev, inode)?
 *   -> MpsControl.ask("get_server_list") on stdin
 *   -> control.log's "Starting control daemon using socket <pipe>/control" line since the launch, and the pid
 *      file where the driver writes one (R550+; R535 writes none): they must agree (decision 0010)
 *   -> ProcessTable: running, comm nvidia-cuda-mps, started after us, nonce and this pipe in its environ -> start ticks
 *   -> RecordStore.write (atomic, never overwrites) -> unlock GPU, pipe, name
 * }</pre>
 * A failure at any step after the launch undoes it ({@code StartUndo}), touching only what this launch started: if
 * this launch's {@code control.log} line or the pid file names the process carrying this launch's nonce, {@code quit} and, if it lingers, SIGTERM to that pid and
 * start time (re-verified right before); a pid file naming any other process is left alone. Leftovers are
 * removed once no running process is named by the pid file; the error carries the tail of {@code control.log}.
 *
 * <h2>The stop</h2>
 * {@code RecordLocks.lock(name)} → lookup: a missing record or one of another user or host is refused (one
 * {@code error:} line); an **unreadable** record is moved aside to {@code .stale/&lt;name&gt;-&lt;epoch ms&gt;} (outcome
 * {@code UNREADABLE_QUARANTINED}) and nothing is signalled → the record's pipe-directory lock →
 * {@code Liveness} (pid and start ticks): stale → remove the record, signal nothing; live → the pid file must
 * agree → {@code quit} on stdin → bounded wait until that identity is gone → remove record and the daemon's
 * leftover sockets. {@code stop --all} does this for every record of this user and host; one failure does not
 * stop the rest.
 */
package dev.cumps.core.lifecycle;
