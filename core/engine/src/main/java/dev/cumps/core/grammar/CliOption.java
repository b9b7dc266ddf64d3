package dev.cumps.core.grammar;

import java.util.List;

/**
 * Every option of {@code cumps}, once: its name, the label of its value in help and the man page, and what
 * the value must be (for a choice, the words it is one of). Which command takes which option is {@link CliCommand}'s.
 */
public enum CliOption {
    RECORDS("--records", "DIR", ValueKind.PATH),
    SIMULATE("--simulate", "", ValueKind.FLAG),
    JSON("--json", "", ValueKind.FLAG),
    NAME("--name", "N", ValueKind.TEXT),
    SHELL("--shell", "FORMAT", ValueKind.SHELL),
    ALL("--all", "", ValueKind.FLAG),
    GPUS("--gpus", "SEL", ValueKind.TEXT),
    PID("--pid", "CLIENT_PID", ValueKind.PID),
    YES("--yes", "", ValueKind.FLAG),
    FIX("--fix", "", ValueKind.FLAG),
    INTERVAL("--interval", "S", ValueKind.INTERVAL),
    ONCE("--once", "", ValueKind.FLAG),
    SET_ACTIVE_THREAD_PERCENTAGE("--set-active-thread-percentage", "P", ValueKind.PERCENTAGE),
    SET_PINNED_MEM_LIMIT("--set-pinned-mem-limit", "SIZE", ValueKind.SIZE),
    CLIENT("--client", "CMD", ValueKind.TEXT),
    REPORT("--report", "FILE", ValueKind.PATH),
    PIPE_DIR("--pipe-dir", "D", ValueKind.PATH),
    LOG_DIR("--log-dir", "D", ValueKind.PATH),
    ENV("--env", "NAME=VALUE", ValueKind.TEXT),
    ACTIVE_THREAD_PERCENTAGE("--active-thread-percentage", "P", ValueKind.PERCENTAGE),
    PINNED_MEM_LIMIT("--pinned-mem-limit", "SIZE", ValueKind.SIZE),
    DAEMON("--daemon", "", ValueKind.FLAG),
    FOREGROUND("--foreground", "", ValueKind.FLAG),
    MEMORY("--memory", "MiB", ValueKind.MIB),
    TIMEOUT("--timeout", "S", ValueKind.SECONDS),
    FORMAT("--format", "FORMAT", ValueKind.CHOICE, "man", "markdown");

    private final String optionName;
    private final String label;
    private final ValueKind value;
    private final List<String> choices;

    CliOption(String optionName, String label, ValueKind value, String... choices) {
        this.optionName = optionName;
        this.label = label;
        this.value = value;
        this.choices = List.of(choices);
    }

    /** The option as typed, {@code --json}. */
    public String optionName() {
        return optionName;
    }

    /** The value's label in help ({@code N}); empty for a switch. */
    public String label() {
        return label;
    }

    public ValueKind value() {
        return value;
    }

    /** The words a {@link ValueKind#CHOICE} value is one of, in the order help names them; empty for another kind. */
    public List<String> choices() {
        return choices;
    }

    /** The option named {@code typed}, or null. */
    public static CliOption named(String typed) {
        for (CliOption o : values()) {
            if (o.optionName.equals(typed)) {
                return o;
            }
        }
        return null;
    }
}
