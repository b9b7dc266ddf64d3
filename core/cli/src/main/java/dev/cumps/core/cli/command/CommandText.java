package dev.cumps.core.cli.command;

import dev.cumps.core.message.MessageKey;

/** The texts the CLI's commands raise themselves (the services raise the rest). */
public enum CommandText implements MessageKey {
    ENV_NOT_NAME_VALUE("--env expects NAME=VALUE, got '{0}'"),
    SHELL_UNSUPPORTED("unsupported --shell '{0}'; use one of {1}"),
    RESET_NEEDS_SIMULATE("reset only applies to the simulated host: run `cumps --simulate reset`"),
    ATTACH_NEEDS_SIMULATE("attach-client starts a simulated client and only applies to the simulated host:"
            + " run `cumps --simulate attach-client --name N`"),
    // terminate-client
    /** {0}: the client as {@code lifecycle.TERMINATE_PLAN} describes it. */
    TERMINATE_WOULD("would terminate {0}"),
    TERMINATE_NEEDS_YES("MPS client pid {0} was not terminated; rerun with --yes to terminate it"),
    PID_OUT_OF_RANGE("--pid expects a process id from 1 to 4194304, got {0}"),
    /** {0}: the value typed (raw). */
    PID_INVALID("expected a process id: 1 to 7 ASCII digits (0-9) naming 1 to 4194304, got '{0}'"),
    // cumps top
    TOP_INTERVAL_INVALID("--interval expects seconds from {1} to {2} (for example 2 or 0.5), got '{0}'"),
    TOP_JSON_NEEDS_ONCE("--json prints one snapshot and needs --once: run `cumps top --once --json`"),
    // Guided fixes (issue 9): `doctor --fix`.
    FIX_NEEDS_YES("{0} fix(es) not applied: no terminal to confirm on (stdin or stdout is redirected); rerun with --yes"),
    YES_NEEDS_FIX("--yes only applies with --fix: run `cumps doctor --fix --yes`"),

    // Hardware self-test (issue 13): `selftest`.
    SELFTEST_FAILED("{0}; the evidence is in the report {1} (docs/hardware-validation.md says what each step needs)");

    private final String english;

    CommandText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "command";
    }

    @Override
    public String english() {
        return english;
    }
}
