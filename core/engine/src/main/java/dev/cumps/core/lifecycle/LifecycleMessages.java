package dev.cumps.core.lifecycle;

import dev.cumps.core.message.MessageKey;

/** Every text the lifecycle (planning, start, undo, stop, foreground) shows a user. */
public enum LifecycleMessages implements MessageKey {
    // planning
    GPU_LIST_FAILED("cannot list GPUs: {0}"),
    UNKNOWN_ERROR("unknown error"),
    DIRECTORY_HAS_NEWLINE("directory '{0}' contains a newline, which no launcher can export safely; choose another directory"),
    SAME_PIPE_AND_LOG("pipe and log directories must differ (both are {0}); give --log-dir another directory"),
    // locks
    PIPE_BUSY("another cumps has been starting or stopping a daemon on pipe directory {0} for over {1} s; wait for it to finish"
            + " and try again"),
    GPU_BUSY("another cumps has been starting a daemon on GPU {0} for over {1} s; wait for it to finish and try again"),
    // refusals before a launch
    START_RECORD_FOREIGN("record '{0}' belongs to {1}; choose another --name"),
    ALREADY_RUNNING("daemon '{0}' is already running (pid {1}); stop it first or choose another --name"),
    PIPE_OF_LIVE_DAEMON("pipe directory {0} belongs to daemon '{1}' (live, pid {2}); stop it with `cumps stop --name {1}` or choose"
            + " another --pipe-dir"),
    PIPE_OF_STALE_RECORD("pipe directory {0} belongs to daemon '{1}' (stale record); stop it with `cumps stop --name {1}` or choose"
            + " another --pipe-dir"),
    PIPE_IS_LOG_DIRECTORY("pipe directory {0} is the log directory of live daemon '{1}'; choose another --pipe-dir"),
    GPU_TAKEN("{0} already has live daemon '{1}' (pid {2}); stop it with `cumps stop --name {1}` or choose another GPU with"
            + " --gpus"),
    // what a start notes before it begins (StartConflicts.note)
    STALE_RECORD_REPLACED("a stale record named '{0}' exists (pid {1} no longer runs); starting moves it aside"),
    UNREADABLE_RECORD_REPLACED("an unreadable record named '{0}' exists; starting moves it aside"),
    UNSAFE_LOG_FILE("{0}: {1}; the daemon would write through it or wait on it. Remove it and start again"),
    // leftovers of an earlier daemon
    UNMANAGED_DAEMON_RUNNING("an MPS control daemon (pid {0}) is already running on {1} without a record of yours; stop it with"
            + " `echo quit | CUDA_MPS_PIPE_DIRECTORY={1} nvidia-cuda-mps-control` or choose another --pipe-dir"),
    CONTROL_LISTENING("{0} accepts connections: a control daemon without a record of yours still serves {1}; stop it with"
            + " `echo quit | CUDA_MPS_PIPE_DIRECTORY={1} nvidia-cuda-mps-control` or choose another --pipe-dir"),
    LEFTOVERS_NOT_CLEARED("cannot clear leftovers in {0}: {1}"),
    CONTROL_EXISTS("{0} already exists and no record of yours owns it; refusing to attach to an unmanaged daemon. Remove it if no"
            + " daemon uses it, or choose another --pipe-dir"),
    STALE_PID_FILE_NOT_REMOVED("cannot remove the stale pid file in {0}: {1}"),
    // why a launch did not come up
    LAUNCH_FAILED("could not launch {0}: {1}"),
    PIPE_REPLACED("pipe directory {0} was replaced by another directory while the daemon started; make sure no one else can change"
            + " its parents and start again"),
    NO_ANSWER("the daemon did not answer get_server_list ({0})"),
    NO_PID_EVIDENCE("the daemon answered but neither {0} nor {1} names its pid"),
    /** {0}: the pid of the process started with -f; {1}: control.log or the pid file; {2}: the pid it names. */
    PID_EVIDENCE_NOT_SPAWNED("the daemon cumps started is pid {0} but {1} names pid {2}; another daemon may have taken the pipe"
            + " directory over"),
    PID_EVIDENCE_DISAGREES("{0} names pid {1} but control.log names pid {2}; another daemon may have taken the pipe directory over"),
    PID_NOT_RUNNING("{1} names pid {0}, which is not running"),
    PID_NOT_DAEMON("{3} names pid {0}, which is '{1}', not {2}"),
    PID_NOT_LAUNCHED("{2} names pid {0}, which this start did not launch (it started earlier, lacks this launch's {1} or serves"
            + " another pipe directory)"),
    DAEMON_REPORTED_ERROR("the daemon reported an error while starting"),
    DAEMON_EXITED_EARLY("the daemon (pid {0}) exited before creating its control socket"),
    NO_CONTROL_SOCKET("no control socket appeared at {0} within {1} s"),
    INTERRUPTED("interrupted while waiting for the MPS daemon"),
    /** A failure of another part of core that came without a message of its own; {0} is its text. */
    START_FAILED("daemon '{0}' did not start: {1}"),
    START_FAILED_WITH_LOG("{0}; control.log ends with: {1}"),
    // a start the caller cancelled (StartCancellation): what the undo did
    CANCELLED_BEFORE_LAUNCH("start of daemon '{0}' cancelled before the launch; nothing was started and no record was written"),
    CANCELLED_DAEMON_STOPPED("start of daemon '{0}' cancelled; the daemon it launched (pid {1}) was stopped and no record was"
            + " written"),
    CANCELLED_NOT_RUNNING("start of daemon '{0}' cancelled; no daemon of this start was running and no record was written"),
    CANCELLED_DAEMON_LEFT_RUNNING("start of daemon '{0}' cancelled, but the daemon it launched (pid {1}) did not exit; no record"
            + " was written. See `cumps doctor`"),
    CANCELLED_OTHER_LEFT_ALONE("start of daemon '{0}' cancelled; the pid file names pid {1}, which this start did not launch, so"
            + " it was left alone; no record was written"),
    // stop, stop-all, remove
    STOP_NO_RECORD("no record named '{0}'; only daemons recorded by cumps or uni-cumps can be stopped (see `cumps status`)"),
    STOP_RECORD_FOREIGN("record '{0}' belongs to {1}; only its owner on that host can stop it"),
    STOP_UNREADABLE_QUARANTINED("record '{0}' is unreadable ({1}); moved it to {2}, nothing was signalled"),
    STOP_STALE_REMOVED("record '{0}' was stale (pid {1} with start time {2} no longer runs); removed the record, nothing was"
            + " signalled"),
    STOP_PIPE_SERVED_BY_OTHER("pipe directory {0} is served by pid {1}, not by the recorded pid {2}; nothing was signalled"),
    STOP_PID_NOT_ON_PIPE("pid {0} was not started with CUDA_MPS_PIPE_DIRECTORY={1}, so another daemon may serve that directory;"
            + " nothing was signalled"),
    STOP_PIPE_UNVERIFIABLE("the pid file in {0} is missing or unreadable, and the environment of pid {1} does not show its pipe"
            + " directory, so another daemon may serve that directory; nothing was signalled"),
    STOP_DID_NOT_EXIT("daemon '{0}' (pid {1}) did not exit within {2} s after quit ({3}); its record was kept"),
    QUIT_ACCEPTED("quit was accepted"),
    STOPPED("stopped daemon '{0}' (pid {1})"),
    REMOVE_LIVE("daemon '{0}' is live; stop it instead of removing its record"),
    REMOVE_NO_RECORD("no record named '{0}'"),
    REMOVE_RECORD_FOREIGN("record '{0}' belongs to {1}"),
    NO_LIVE_DAEMON("no live daemon is recorded for you on this host; give --name (see `cumps status`)"),
    SEVERAL_LIVE_DAEMONS("{0} live daemons are recorded ({1}); choose one with --name"),
    // terminate one MPS client (terminate_client)
    /** What a client's user or command shows when {@code /proc} does not say. */
    CLIENT_UNREADABLE("unreadable"),
    /** {0}: client pid; {1}: its user; {2}: its command line (raw); {3}: server pid; {4}: daemon name. */
    TERMINATE_PLAN("MPS client pid {0} (user {1}, command: {2}) of server pid {3} of daemon '{4}'"),
    TERMINATE_NOT_A_CLIENT("pid {0} is not a client of any MPS server of daemon '{1}' (see `cumps clients --name {1}`)"),
    TERMINATE_OWNER_UNKNOWN("cannot tell who runs client pid {0} of daemon '{1}' (/proc does not show its owner: gone, or hidden"
            + " by hidepid); cumps terminates only clients it can see are yours, so nothing was sent"),
    TERMINATE_OTHER_USER("client pid {0} runs as {1}, not as you; cumps terminates only your own clients of daemon '{2}'"),
    /** {0}: the command sent; {1}: the daemon's reply (raw). */
    TERMINATE_REFUSED("the control daemon refused `{0}`: {1}"),
    /** {2}: seconds waited. */
    TERMINATE_NOT_ANSWERING("the control daemon of '{0}' did not answer `{1}` within {2} s; nothing more was sent"),
    /** {2}: why the control program failed (a message). */
    TERMINATE_CONTROL_FAILED("cannot ask the control daemon of '{0}' `{1}`: {2}"),
    TERMINATE_STILL_LISTED("sent `{0}`, but pid {1} was still a client of server pid {2} after {3} s; check it with `cumps clients`"),
    /** {1}: the client's command line (raw). */
    CLIENT_TERMINATED("terminated MPS client pid {0} ({1}) of server pid {2} of daemon '{3}'");

    private final String english;

    LifecycleMessages(String english) {
        this.english = english;
    }


    @Override
    public String area() {
        return "lifecycle";
    }

    @Override
    public String english() {
        return english;
    }
}
