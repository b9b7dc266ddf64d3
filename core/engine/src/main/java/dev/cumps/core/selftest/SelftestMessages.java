package dev.cumps.core.selftest;

import dev.cumps.core.message.MessageKey;

/**
 * The self-test's texts (area {@code selftest}): each step's title, what it observed when it passed
 * or failed, why a step was skipped, the report file's refusals and the verdict.
 */
public enum SelftestMessages implements MessageKey {
    TITLE_STATUS("GPU visible, not MIG"),
    TITLE_START("start a throwaway daemon"),
    TITLE_DOCTOR("doctor valid for it"),
    TITLE_ENV("env block produced"),
    TITLE_CLIENT("a CUDA client through the exported env, seen by get_server_list"),
    TITLE_STOP("stop leaves no daemon"),
    TITLE_KILL_RECOVER("kill -9, then a new start recovers"),
    TITLE_ALTERED_RECORD("a record with a wrong start time is never stopped"),
    TITLE_CLEANUP("nothing left running"),

    STATUS_PASS("GPU {0} ({1}, {2}) is visible; compute mode {3}, MIG {4}"),
    START_PASS("daemon {0} runs as pid {1} (start time {2}) with its control socket in {3}"),
    START_NOT_LIVE("daemon {0} was recorded as pid {1} (start time {2}) but no such process runs"),
    DOCTOR_PASS("doctor is valid: {0} checks passed, {1} warned, {2} skipped"),
    DOCTOR_FAIL("doctor is not valid; failed checks: {0}"),
    ENV_PASS("the env block names GPU {0}, pipe directory {1} and log directory {2}"),
    ENV_MISMATCH("the env block sets {0}={1}, but the record says {2}"),
    CLIENT_PASS("the client exited 0; get_server_list showed server {0} while it ran"),
    CLIENT_NO_SERVER("the client exited 0, but get_server_list never showed a server while it ran"),
    CLIENT_FAILED("the client did not succeed: {0}"),
    CLIENT_SKIP_NO_PYTHON("no client: python3 is not on PATH and no --client was given"),
    /** A {@code PYTHONPATH} entry that is empty or relative: Python would search the working directory for it. */
    PYTHONPATH_RELATIVE("empty or relative: it would mean the working directory"),
    CLIENT_SKIP_NO_TORCH("no client: python3 cannot import torch ({0}) and no --client was given"),
    STOP_PASS("stopped: pid {0} is gone, {1} holds no control socket or pid file, and record {2} is gone"),
    STOP_FAILED("stop did not stop daemon {0}: {1}"),
    LEFT_PROCESS("pid {0} (start time {1}) still runs"),
    LEFT_SERVER("MPS server pid {0} still runs"),
    LEFT_PIPE("{0} still holds {1}"),
    LEFT_RECORD("record {0} is still there"),
    LEFT_OVER("left behind after stop: {0}"),
    KILL_PASS("SIGKILL ended pid {0}; its record then read stale; the next start recovered as pid {1} (start time {2})"),
    KILL_NOT_SENT("SIGKILL not sent: pid {0} no longer runs with start time {1}"),
    KILL_STILL_ALIVE("pid {0} still runs {1} s after SIGKILL"),
    KILL_NOT_STALE("after the kill, record {0} reads {1}, not stale"),
    ALTERED_PASS("stop of the record naming start time {0} signalled nothing: pid {1} still runs with start time {2}; "
            + "the true record was restored and stop then ended it"),
    ALTERED_SIGNALLED("stop of the record naming start time {0} ended pid {1} (its start time is {2}): a daemon was "
            + "stopped on a record that did not match it"),
    ALTERED_CLEANUP_FAILED("the daemon survived the altered record, but stopping it through its restored record failed: {0}"),
    CLEANUP_NOTHING("nothing the self-test started was left running"),
    CLEANUP_DONE("ended what the self-test left running: {0}"),
    CLEANUP_LEFT("still running after the clean-up: {0}"),
    NEEDS_STEP("skipped: needs step {0}, which did not pass"),
    ABORTED("skipped: the self-test was interrupted"),
    STEP_CRASHED("unexpected failure: {0}"),
    /** {0}: the report path; {1}: what stands there ({@code REPORT_IS_LINK}, {@code REPORT_NOT_REGULAR}, ...). */
    REPORT_REFUSED("the report path {0} {1}; choose another --report path"),
    REPORT_IS_LINK("is a symbolic link"),
    REPORT_NOT_REGULAR("exists and is not a regular file"),
    REPORT_NOT_OURS("belongs to uid {0}"),
    /** {0}: why the owner could not be read (raw). */
    REPORT_OWNER_UNREADABLE("has an owner that cannot be read ({0})"),
    /** {0}: the report path asked for; {1}: what stands there now ({@code REPORT_IS_LINK}, ...); {2}: the file holding the report. */
    REPORT_DIVERTED("the report was not written to {0}, which {1} now (it changed during the run; nothing was written through it);"
            + " the report is in {2}"),
    /** {1}: the error of the rename (raw). */
    REPORT_NOT_MOVED("the report could not be moved to {0} ({1}); the report is in {2}"),
    REPORT_WRITE_FAILED("could not write the report {0}: {1}; choose another --report path"),
    REPORT_WRITTEN("report: {0}"),
    VERDICT_PASS("self-test passed: {0} steps passed, {1} skipped"),
    VERDICT_INTERRUPTED("self-test interrupted: {0} steps passed, {1} failed, {2} skipped; the clean-up ran"),
    VERDICT_FAIL("self-test failed at {0}: {1} failed, {2} passed, {3} skipped");

    private final String english;

    SelftestMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "selftest";
    }

    @Override
    public String english() {
        return english;
    }
}
