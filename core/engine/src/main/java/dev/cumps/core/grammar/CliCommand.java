package dev.cumps.core.grammar;

import static dev.cumps.core.grammar.CliOption.ACTIVE_THREAD_PERCENTAGE;
import static dev.cumps.core.grammar.CliOption.ALL;
import static dev.cumps.core.grammar.CliOption.CLIENT;
import static dev.cumps.core.grammar.CliOption.DAEMON;
import static dev.cumps.core.grammar.CliOption.ENV;
import static dev.cumps.core.grammar.CliOption.FIX;
import static dev.cumps.core.grammar.CliOption.FOREGROUND;
import static dev.cumps.core.grammar.CliOption.FORMAT;
import static dev.cumps.core.grammar.CliOption.GPUS;
import static dev.cumps.core.grammar.CliOption.INTERVAL;
import static dev.cumps.core.grammar.CliOption.JSON;
import static dev.cumps.core.grammar.CliOption.LOG_DIR;
import static dev.cumps.core.grammar.CliOption.MEMORY;
import static dev.cumps.core.grammar.CliOption.NAME;
import static dev.cumps.core.grammar.CliOption.ONCE;
import static dev.cumps.core.grammar.CliOption.PID;
import static dev.cumps.core.grammar.CliOption.PINNED_MEM_LIMIT;
import static dev.cumps.core.grammar.CliOption.PIPE_DIR;
import static dev.cumps.core.grammar.CliOption.RECORDS;
import static dev.cumps.core.grammar.CliOption.REPORT;
import static dev.cumps.core.grammar.CliOption.SET_ACTIVE_THREAD_PERCENTAGE;
import static dev.cumps.core.grammar.CliOption.SET_PINNED_MEM_LIMIT;
import static dev.cumps.core.grammar.CliOption.SHELL;
import static dev.cumps.core.grammar.CliOption.SIMULATE;
import static dev.cumps.core.grammar.CliOption.TIMEOUT;
import static dev.cumps.core.grammar.CliOption.YES;
import static dev.cumps.core.grammar.OptionRule.excludes;
import static dev.cumps.core.grammar.OptionRule.needs;
import static dev.cumps.core.grammar.OptionRule.oneOf;
import static dev.cumps.core.grammar.OptionUse.optional;
import static dev.cumps.core.grammar.OptionUse.picocliOnly;
import static dev.cumps.core.grammar.OptionUse.repeatable;
import static dev.cumps.core.grammar.OptionUse.required;

import java.util.List;

/**
 * Every command of {@code cumps}, once: its name as typed ({@code fleet status} for a subcommand), whether the
 * fast parser runs it (the commands launchers and scripts run many times a day; the rest build picocli's model),
 * its positional parameter's label (empty: none), the options it takes, and the rules between them. The root's
 * options ({@link #ROOT}) are taken by every command, before or after its name. Help and version
 * ({@code -h}, {@code --help}, {@code -V}, {@code --version}) are every command's too, and always picocli's,
 * except {@code --version} alone.
 *
 * <p>Adding an option to a command is one row here. For every command that takes an option or a parameter,
 * picocli's option is built from the row (its help text and default included, a repeatable option as a list, a
 * {@link OptionRule#oneOf} pair as an exclusive group, a choice's words), and so is the positional parameter
 * ({@code hosts add|remove HOST}, {@code fleet start|stop|limits|doctor HOST}).
 */
public enum CliCommand {
    ROOT("", false, "", List.of(optional(RECORDS), optional(SIMULATE)), List.of()),
    STATUS("status", true, "", List.of(optional(JSON, "Machine-readable output.")), List.of()),
    CLIENTS("clients", true, "",
            List.of(optional(NAME, "Only this daemon (default: every live daemon and reachable control pipe)."),
                    optional(JSON, "Machine-readable output.")),
            List.of()),
    TERMINATE_CLIENT("terminate-client", true, "",
            List.of(required(NAME, "The daemon whose client it is."), required(PID, "The client's pid (see `cumps clients`)."),
                    optional(YES, "Terminate it (without: show what would be done and exit 1).")),
            List.of()),
    LIMITS("limits", true, "",
            List.of(optional(NAME, "Only this daemon (required with --set-*)."), optional(JSON, "Machine-readable output."),
                    optional(SET_ACTIVE_THREAD_PERCENTAGE,
                            "Set the active thread percentage (1-100) of the daemon's defaults and every running server, and record it."),
                    optional(SET_PINNED_MEM_LIMIT, "Set the pinned device memory limit (e.g. 8G, 512M) of the daemon's defaults and every"
                            + " running server, and record it.")),
            List.of(needs(SET_ACTIVE_THREAD_PERCENTAGE, NAME), needs(SET_PINNED_MEM_LIMIT, NAME))),
    METRICS("metrics", true, "",
            List.of(optional(GPUS, "The doctor's GPU selector, as for `cumps doctor` (default: the only visible GPU).")), List.of()),
    TOP("top", true, "",
            List.of(optional(NAME, "Only this daemon (default: every live daemon and reachable control pipe)."),
                    optional(INTERVAL, "Seconds between refreshes, 0.5 to 3600 (default: 2).").withDefault("2"),
                    optional(ONCE, "Print one frame and exit."),
                    optional(JSON, "With --once: print the snapshot as JSON (the shape of `cumps clients --json`).")),
            List.of(needs(JSON, ONCE))),
    DOCTOR("doctor", true, "",
            List.of(optional(GPUS, "GPU index, UUID, comma list, or all."), optional(JSON, "Machine-readable output."),
                    picocliOnly(FIX, "Then list the fixes cumps can make itself (stale records, orphaned sockets, stale pid files,"
                            + " extra daemons), ask, apply them and diagnose again; exit status from the final verdict."),
                    picocliOnly(YES, "With --fix: apply without asking (needed without a terminal to ask on).")),
            List.of()),
    START("start", false, "",
            List.of(optional(GPUS, "GPU index or UUID (default: the sole visible GPU)."), optional(NAME, "Daemon name (default: gpu-<uuid>)."),
                    optional(PIPE_DIR, "Pipe directory (default: ${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/pipe)."),
                    optional(LOG_DIR, "Log directory (default: ${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/log)."),
                    repeatable(ENV, "Pass this variable to the daemon (repeatable). The daemon gets only PATH, HOME, USER, LOGNAME, LANG,"
                            + " LC_*, TMPDIR from your shell, the CUDA variables cumps sets, and what --env names."),
                    optional(ACTIVE_THREAD_PERCENTAGE,
                            "MPS default active thread percentage (1-100), applied once the daemon answers and recorded."),
                    optional(PINNED_MEM_LIMIT,
                            "MPS default pinned device memory limit (e.g. 8G, 512M), applied once the daemon answers and recorded."),
                    optional(DAEMON, "Run detached (default)."),
                    optional(FOREGROUND, "Run attached to this terminal; Ctrl-C sends quit and removes the record.")),
            List.of(oneOf(DAEMON, FOREGROUND))),
    STOP("stop", true, "",
            List.of(optional(NAME, "Daemon name (default: the sole live record)."),
                    optional(ALL, "Every live daemon of yours on this host; stale records are cleaned.")),
            List.of(excludes(ALL, NAME))),
    ENV_COMMAND("env", true, "",
            List.of(optional(NAME, "Daemon name (default: the sole live record)."),
                    optional(SHELL, "Output syntax: posix (sh, bash, zsh; the default), fish, systemd (Environment= lines),"
                            + " docker (docker run --env words) or dotenv (a .env file).").withDefault("posix"),
                    optional(JSON, "Print {\"name\", \"env\"} as JSON.")),
            List.of()),
    SELFTEST("selftest", true, "",
            List.of(required(GPUS, "The one GPU to test: index or UUID (several GPUs, all and MIG devices are refused)."),
                    optional(CLIENT, "A short CUDA program, run by /bin/sh -c with the exported env (default: python3 with PyTorch if it"
                            + " imports; with --simulate the simulated MPS client)."),
                    optional(REPORT, "Where to write the Markdown report (default: ./cumps-selftest-<host>-<date>.md)."),
                    optional(JSON, "Print the report as JSON instead of the step lines.")),
            List.of()),
    HOSTS("hosts", false, "", List.of(), List.of()),
    HOSTS_ADD("hosts add", false, "HOST", "The ssh destination, as you would type it after `ssh`.", List.of(), List.of()),
    HOSTS_REMOVE("hosts remove", false, "HOST", "The host as listed.", List.of(), List.of()),
    HOSTS_LIST("hosts list", false, "", List.of(), List.of()),
    FLEET("fleet", false, "", List.of(), List.of()),
    FLEET_STATUS("fleet status", false, "",
            List.of(optional(JSON, "Machine-readable output: {\"schema_version\", \"hosts\": {HOST: {...}}}."),
                    optional(TIMEOUT, CliCommand.FLEET_TIMEOUT).withDefault("15")),
            List.of()),
    FLEET_START("fleet start", false, "HOST", CliCommand.FLEET_HOST,
            List.of(optional(GPUS, "GPU indexes or UUIDs on that host (default: its sole visible GPU)."),
                    optional(NAME, "Daemon name (default: gpu-<uuid>)."), optional(TIMEOUT, CliCommand.FLEET_TIMEOUT).withDefault("60")),
            List.of()),
    FLEET_STOP("fleet stop", false, "HOST", CliCommand.FLEET_HOST,
            List.of(required(NAME, "Daemon name on that host."), optional(TIMEOUT, CliCommand.FLEET_TIMEOUT).withDefault("60")), List.of()),
    FLEET_LIMITS("fleet limits", false, "HOST", CliCommand.FLEET_HOST,
            List.of(required(NAME, "Daemon name on that host."), optional(JSON, "Machine-readable output (the host's `cumps limits --json`)."),
                    optional(SET_ACTIVE_THREAD_PERCENTAGE, "Set the active thread percentage (1-100) there."),
                    optional(SET_PINNED_MEM_LIMIT, "Set the pinned device memory limit (e.g. 8G, 512M) there."),
                    optional(TIMEOUT, CliCommand.FLEET_TIMEOUT).withDefault("60")),
            List.of()),
    FLEET_DOCTOR("fleet doctor", false, "HOST", CliCommand.FLEET_HOST, List.of(optional(TIMEOUT, CliCommand.FLEET_TIMEOUT).withDefault("60")), List.of()),
    COMPLETION("completion", false, "", List.of(), List.of()),
    RESET("reset", false, "", List.of(), List.of()),
    ATTACH_CLIENT("attach-client", false, "",
            List.of(required(NAME, "The daemon the client connects to."),
                    optional(MEMORY, "Simulated GPU memory the client holds, in MiB (default: ${DEFAULT-VALUE}).").withDefault("512")),
            List.of()),
    REFERENCE("reference", false, "", List.of(required(FORMAT, "man (roff for man(1)) or markdown (docs/cli-reference.md).")), List.of());

    /** The help text of every fleet command's {@code --timeout} (qualified above: a constant, inlined, read before it is declared). */
    static final String FLEET_TIMEOUT = "Seconds a host has to answer (default: ${DEFAULT-VALUE}).";
    /** The help text of the {@code HOST} of every fleet command on one host. */
    static final String FLEET_HOST = "A host (ssh destination).";

    private final String commandName;
    private final boolean fast;
    private final String parameter;
    private final String parameterDescription;
    private final List<OptionUse> options;
    private final List<OptionRule> rules;

    CliCommand(String commandName, boolean fast, String parameter, List<OptionUse> options, List<OptionRule> rules) {
        this(commandName, fast, parameter, "", options, rules);
    }

    CliCommand(String commandName, boolean fast, String parameter, String parameterDescription, List<OptionUse> options,
               List<OptionRule> rules) {
        this.commandName = commandName;
        this.fast = fast;
        this.parameter = parameter;
        this.parameterDescription = parameterDescription;
        this.options = options;
        this.rules = rules;
    }

    /** The name as typed after {@code cumps}: {@code status}, {@code fleet status}; empty for the root. */
    public String commandName() {
        return commandName;
    }

    /** Whether the fast parser runs this command's forms (without building picocli's model). */
    public boolean fast() {
        return fast;
    }

    /** The label of the one positional parameter ({@code HOST}); empty when the command takes none. */
    public String parameter() {
        return parameter;
    }

    /** The help text of the positional parameter; empty when the command takes none. */
    public String parameterDescription() {
        return parameterDescription;
    }

    /** The options this command takes; the root's are not repeated. */
    public List<OptionUse> options() {
        return options;
    }

    public List<OptionRule> rules() {
        return rules;
    }

    /** How this command takes {@code option}, the root's options included; null when it does not. */
    public OptionUse use(CliOption option) {
        for (OptionUse u : options) {
            if (u.option() == option) {
                return u;
            }
        }
        return this == ROOT ? null : ROOT.use(option);
    }

    /** The command named {@code typed} ({@code status}, {@code fleet status}), or null. */
    public static CliCommand named(String typed) {
        for (CliCommand c : values()) {
            if (c != ROOT && c.commandName.equals(typed)) {
                return c;
            }
        }
        return null;
    }
}
