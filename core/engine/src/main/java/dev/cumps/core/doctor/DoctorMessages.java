package dev.cumps.core.doctor;

import dev.cumps.core.message.Message;
import dev.cumps.core.message.MessageKey;
import java.util.List;

/**
 * The doctor's texts (area {@code doctor}): what each check observed, expected and recommends, the
 * skip reasons, and the verdict. Check titles are the {@link DoctorCheckId} constants themselves.
 * Paths, UUIDs, pids, environment values and command output are arguments, shown as they are.
 */
public enum DoctorMessages implements MessageKey {
    SKIPPED("skipped: needs {0}"),
    NEED_NVIDIA_SMI("nvidia-smi"),
    NEED_VISIBLE_GPUS("the visible GPUs"),
    NEED_RESOLVED_GPU("a resolved GPU"),
    NEED_SINGLE_GPU("a single resolved GPU"),
    NEED_LIVE_MANAGED_DAEMON("one live managed daemon"),
    NEED_LIVE_DAEMON("one live daemon"),
    NEED_CONTROL_PIPE("the control pipe"),

    /** A check's title on a row about one of several diagnosed GPUs ("GPU 1 · compute mode suits MPS"). */
    GPU_HEADING("GPU {0} · {1}"),

    /** Two findings side by side ("a; b"). */
    JOINED("{0}; {1}"),
    /** Two list items ("a, b"). */
    LISTED("{0}, {1}"),

    PLATFORM_OBSERVED("{0}"),
    PLATFORM_EXPECTED("Linux"),
    PLATFORM_REMEDY("MPS runs only on Linux; use a Linux host"),

    NVIDIA_SMI_OK("{0} GPU(s), driver {1}"),
    NVIDIA_SMI_DRIVER_UNKNOWN("unknown"),
    NVIDIA_SMI_FAILED("{0}"),
    NVIDIA_SMI_EXPECTED("nvidia-smi lists the GPUs within {0} s"),
    NVIDIA_SMI_REMEDY("install or repair the NVIDIA driver; check `nvidia-smi` by hand"),

    VISIBILITY_OK("CUDA_VISIBLE_DEVICES={0} leaves {1} GPU(s) visible"),
    VISIBILITY_UNSET("(unset)"),
    VISIBILITY_EXPECTED("every entry names a GPU"),
    VISIBILITY_REMEDY("fix or unset CUDA_VISIBLE_DEVICES"),

    SELECTOR_GIVEN("--gpus {0}"),
    SELECTOR_NONE("no --gpus"),
    TOPOLOGY_RESOLVED("{0} -> {1} on {2}"),
    TOPOLOGY_UNSUPPORTED("{0} -> {1} ({2} GPUs)"),
    TOPOLOGY_EXPECTED("single_gpu"),
    TOPOLOGY_REMEDY_SINGLE("only single_gpu runs today; select one GPU with --gpus INDEX|UUID"),
    TOPOLOGY_REMEDY_SELECT("select one visible GPU with --gpus INDEX|UUID"),

    MIG_OBSERVED("mig.mode.current={0}"),
    MIG_EXPECTED("Disabled or not supported"),
    MIG_REMEDY("MIG is not supported: `sudo nvidia-smi -i {0} -mig 0`, or choose another GPU"),

    COMPUTE_MODE_OBSERVED("GPU {0} compute mode {1}"),
    COMPUTE_MODE_FIX("`sudo nvidia-smi -i {0} -c EXCLUSIVE_PROCESS`"),
    COMPUTE_MODE_DEFAULT_REMEDY("NVIDIA recommends EXCLUSIVE_PROCESS with MPS so only the MPS server uses the GPU: {0}"),
    COMPUTE_MODE_PROHIBITED_REMEDY("no CUDA context (not even MPS's) can use a Prohibited GPU: {0}"),

    DAEMON_COUNT_LIVE("{0} live record(s) for {1}"),
    DAEMON_COUNT_LIVE_NAMED("{0} live record(s) for {1} ({2})"),
    DAEMON_COUNT_STALE("{0} live, {1} stale record(s) for {2}"),
    DAEMON_COUNT_STALE_NAMED("{0} live, {1} stale record(s) for {2} ({3})"),
    DAEMON_COUNT_EXPECTED("1 live record"),
    DAEMON_COUNT_NONE_REMEDY("start one: `cumps start --gpus {0}`"),
    DAEMON_COUNT_MANY_REMEDY("stop all but one: `cumps stop --name NAME`"),

    IDENTITY_OBSERVED("pid {0} start {1} '{2}'"),
    IDENTITY_GONE("(gone)"),
    IDENTITY_EXPECTED("pid {0} start {1}"),
    IDENTITY_REMEDY("the record is stale; `cumps stop --name {0}` cleans it"),

    CONTROL_PIPE_FOUND("{0} ({1})"),
    CONTROL_PIPE_MISSING("{0} is missing or not a socket/FIFO"),
    CONTROL_PIPE_EXPECTED("{0} as unix_socket or fifo"),
    RESTART_DAEMON("restart the daemon: `cumps stop --name {0} && cumps start --name {0}`"),

    PIPE_ACCESS_OK("read/write OK; {0} is 0700 and yours"),
    PIPE_NOT_READ_WRITE("{0} is not readable and writable by you"),
    PIPE_DIRECTORY_NOT_PLAIN("{0} is not a plain directory"),
    PIPE_ACCESS_EXPECTED("read/write; directory owned by uid {0} with mode 0700"),
    PIPE_ACCESS_REMEDY("`chmod 700 {0}` or restart with a private --pipe-dir"),

    ANSWERS_OK("answered; servers: {0}"),
    ANSWERS_NO_SERVERS("none yet"),
    ANSWERS_FAILED("{0}"),
    ANSWERS_EXPECTED("exit status 0"),
    ANSWERS_REMEDY("see control.log in {0}; restart the daemon if it hangs"),

    PID_FILE_SAYS("{0} says {1}"),
    PID_FILE_MISSING("{0} missing or unreadable"),
    PID_FILE_NOT_WRITTEN("no {0}: not written by this driver branch (R535); pid {1} serves this pipe directory by its own environment"),
    PID_FILE_EXPECTED("pid {0}"),
    PID_FILE_REMEDY("another daemon may have taken over the pipe directory; restart this one"),

    CONTROL_LOG_EMPTY("control.log is empty or missing"),
    CONTROL_LOG_CLEAN("no error in the last {0} lines"),
    CONTROL_LOG_ERROR("{0}"),
    CONTROL_LOG_REMEDY("read {0}"),

    ENV_PIPE_UNSET("unset in this shell"),
    ENV_PIPE_VALUE("{0}"),
    ENV_PIPE_EXPECTED_UNSET_OR("unset, or {0}"),
    ENV_PIPE_EXPECTED("{0}"),
    ENV_PIPE_REMEDY("CUDA programs started from this shell will not use daemon '{0}'; run `eval \"$(cumps env --name {0})\"`"),

    ENV_VISIBLE_UNSET("CUDA_VISIBLE_DEVICES unset"),
    ENV_VISIBLE_SPACED("CUDA_VISIBLE_DEVICES '{0}'"),
    ENV_VISIBLE_VALUE("CUDA_VISIBLE_DEVICES='{0}'"),
    ENV_VISIBLE_NONZERO("CUDA_VISIBLE_DEVICES='{0}' has index {1}"),
    ENV_VISIBLE_INDEX_IS("{0} = {1}"),
    ENV_VISIBLE_UNKNOWN_GPU("(unknown GPU)"),
    ENV_VISIBLE_EXPECTED("unset, 0, or GPU UUIDs"),
    ENV_VISIBLE_REMEDY("an MPS server exposes its GPU as device 0, so mask clients by UUID: CUDA_VISIBLE_DEVICES={0}"),

    // limits: limits_match_record
    LIMITS_NONE_RECORDED("no live daemon has recorded limits"),
    /** {0}: the daemon; {1}, {2}: recorded active thread percentage and pinned limit; {3}, {4}: the daemon's defaults. */
    LIMITS_SAME("{0}: active thread percentage {1}, pinned memory limit {2}, as recorded"),
    LIMITS_DIFFER("{0}: recorded active thread percentage {1}, pinned memory limit {2}; the daemon's defaults are {3}, {4}"),
    /** {1}: why the daemon's limits could not be read. */
    LIMITS_UNREAD("{0}: its limits could not be read: {1}"),
    LIMITS_NOT_SET("not set"),
    LIMITS_NONE("none"),
    LIMITS_NOT_SUPPORTED("not supported by this driver"),
    /** {0}: the daemon. */
    LIMITS_REMEDY_UNSUPPORTED("this driver has no pinned device memory limit: stop {0} (`cumps stop --name {0}`) and start it"
            + " again without --pinned-mem-limit"),
    LIMITS_EXPECTED("each live daemon's default limits equal the ones its record says cumps applied"),
    /** {0}: the command that applies the recorded limits again. */
    LIMITS_REMEDY("apply the recorded limits again: {0}"),
    LIMITS_REMEDY_UNREAD("check the daemon with `cumps limits --name {0}` and `cumps doctor`"),

    // Guided fixes: the leftover checks and the extra-daemon remedy.
    /** {0}: the record names; {1}: the one daemon's pid. */
    DAEMON_COUNT_SAME_DAEMON_REMEDY("records {0} all name one daemon (pid {1}), most likely a copied daemon.json: delete the copy's"
            + " record file by hand; stopping any of them would stop that daemon"),
    DAEMON_COUNT_EXTRA_REMEDY("stop the newer one(s) ({0}), keeping {1}: `cumps doctor --fix`, or `cumps stop --name NAME`"),
    STALE_RECORDS_NONE("{0} record(s), none stale"),
    STALE_RECORDS_FOUND("{0} stale record(s): {1}"),
    STALE_RECORD_ITEM("{0} (pid {1} start {2})"),
    STALE_RECORDS_EXPECTED("every record names a running daemon"),
    STALE_RECORDS_REMEDY("`cumps doctor --fix` moves them aside (as `cumps stop --name NAME` would)"),
    LEFTOVERS_NONE("none in your private pipe directories"),
    ORPHANED_SOCKET_ITEM("{0} (nothing listens)"),
    ORPHANED_SOCKETS_EXPECTED("a control socket only where a daemon serves it"),
    STALE_PID_FILE_ITEM("{0} names pid {1}"),
    STALE_PID_FILES_EXPECTED("a pid file only where its daemon runs"),
    LEFTOVERS_REMEDY("`cumps doctor --fix` removes them"),

    VERDICT_VALID("VALID"),
    VERDICT_INVALID("INVALID"),
    VERDICT_LINE("{0}: {1} pass, {2} warn, {3} fail, {4} skip"),
    MARKDOWN_HEADING("# cumps doctor"),
    MARKDOWN_VALID("valid"),
    MARKDOWN_INVALID("invalid"),
    MARKDOWN_VERDICT("Verdict: **{0}** ({1} pass, {2} warn, {3} fail, {4} skip)"),
    MARKDOWN_COLUMNS("| check | status | observed | expected | remedy |"),
    STATUS_PASS("pass"),
    STATUS_WARN("warn"),
    STATUS_FAIL("fail"),
    STATUS_SKIP("skip"),
    NO_LIVE_DAEMON("no live managed daemon for the selected GPU"),
    RUN_CANCELLED("doctor run cancelled"),
    /** {0}: why (a message, or the exception's class and text). */
    CHECK_COULD_NOT_RUN("the check could not run: {0}"),
    CHECK_RUNS("the check runs to its end"),
    CHECK_COULD_NOT_RUN_REMEDY("a defect of cumps or a fault of this host it did not foresee: the other checks still ran; report it with"
            + " the output of `cumps doctor --json`"),
    // live snapshot checks: server_uid, unmanaged_clients
    /** {0}: daemon name; {1}: server pid; {2}: user name; {3}: uid. */
    SERVER_UID_OTHER("daemon '{0}': MPS server pid {1} runs as {2} (uid {3})"),
    /** {0}: how many servers were seen. */
    SERVER_UID_ALL_YOURS("{0} MPS server(s) of your live daemons, all running as you"),
    SERVER_UID_NO_SERVER("no MPS server runs under your live daemons"),
    SERVER_UID_EXPECTED("every MPS server of your daemons runs as you"),
    /** {0}: daemon name; {1}: user name. */
    SERVER_UID_REMEDY("MPS serves one user at a time: your clients of daemon '{0}' queue until the server of {1} exits;"
            + " wait for {1}'s clients to finish (`cumps clients --name {0}` lists them) or ask {1} to end them"),
    /** {0}: pipe directory; {1}: client pids. */
    UNMANAGED_CLIENTS_FOUND("unmanaged control pipe {0} serves your client(s) pid {1}"),
    UNMANAGED_CLIENTS_NONE("no client of yours uses an unmanaged control pipe"),
    /** {0}: pipe directory; {1}: the uid owning its control socket. */
    UNMANAGED_PIPE_FOREIGN("the control pipe in {0} belongs to uid {1}, neither you nor root: a CUDA program of yours started without"
            + " CUDA_MPS_PIPE_DIRECTORY connects to that user's daemon, and what it answers (its clients included) is not taken as fact"),
    UNMANAGED_CLIENTS_EXPECTED("your MPS clients use daemons that cumps manages"),
    /** {0}: pipe directory. */
    UNMANAGED_CLIENTS_REMEDY("these programs use an MPS daemon cumps does not manage ({0}, started by hand or by another tool):"
            + " start them with a managed daemon's environment (`cumps env`), or stop that daemon when its clients are done"
            + " (CUDA_MPS_PIPE_DIRECTORY={0} and `echo quit | nvidia-cuda-mps-control`) and start one with `cumps start`");

    private final String english;

    DoctorMessages(String english) {
        this.english = english;
    }


    /** {@code items} separated by {@code "; "} (at least one item). */
    public static Message joined(List<Message> items) {
        return fold(JOINED, items);
    }

    /** {@code items} separated by {@code ", "} (at least one item). */
    public static Message listed(List<Message> items) {
        return fold(LISTED, items);
    }

    private static Message fold(DoctorMessages separator, List<Message> items) {
        Message out = items.get(0);
        for (Message item : items.subList(1, items.size())) {
            out = Message.of(separator, out, item);
        }
        return out;
    }

    @Override
    public String area() {
        return "doctor";
    }

    @Override
    public String english() {
        return english;
    }
}
