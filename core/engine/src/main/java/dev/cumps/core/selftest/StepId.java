package dev.cumps.core.selftest;

import dev.cumps.core.message.Message;
import java.util.Optional;

/** The self-test's steps in the order they run; each may need an earlier one to have passed. */
public enum StepId {
    STATUS("status", SelftestText.TITLE_STATUS, null),
    START("start", SelftestText.TITLE_START, STATUS),
    DOCTOR("doctor", SelftestText.TITLE_DOCTOR, START),
    ENV("env", SelftestText.TITLE_ENV, START),
    CLIENT("client", SelftestText.TITLE_CLIENT, ENV),
    STOP("stop", SelftestText.TITLE_STOP, START),
    KILL_RECOVER("kill-recover", SelftestText.TITLE_KILL_RECOVER, STOP),
    ALTERED_RECORD("altered-record", SelftestText.TITLE_ALTERED_RECORD, KILL_RECOVER),
    CLEANUP("cleanup", SelftestText.TITLE_CLEANUP, null);

    private final String id;
    private final SelftestText title;
    private final StepId needs;

    StepId(String id, SelftestText title, StepId needs) {
        this.id = id;
        this.title = title;
        this.needs = needs;
    }

    /** The stable id the report and {@code --json} use. */
    public String id() {
        return id;
    }

    public Message title() {
        return Message.of(title);
    }

    /** The step that must have passed for this one to run. */
    public Optional<StepId> needs() {
        return Optional.ofNullable(needs);
    }
}
