package dev.cumps.core.fleet;

import dev.cumps.core.grammar.CliGrammar;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.RecordNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The command run on a host: {@code cumps} and fixed words, plus daemon names and GPU selectors that
 * were validated here by the same rules as local commands (names {@code ^[a-z0-9][a-z0-9-]{0,63}$},
 * selectors GPU indexes or {@code GPU-<uuid>}). ssh joins the words with spaces and the remote login
 * shell reads the line, so no word may carry anything a shell treats specially; every word this class
 * builds is checked against {@link #SAFE_WORD} once more before it leaves, and every line it builds is a
 * form of the {@code cumps} grammar ({@link CliGrammar#problem}): the host's cumps parses by the same table.
 */
public record RemoteCommand(List<String> words) {
    /** What any word sent to a remote shell must match: nothing a shell expands, quotes or splits. */
    static final Pattern SAFE_WORD = Pattern.compile("^(?:[A-Za-z0-9][A-Za-z0-9._,=-]*|--[a-z][a-z-]*(?:=[0-9]+)?|&&)$");
    /** Seconds between the remote {@code timeout}'s TERM and its KILL, for a command that ignores TERM. */
    static final int KILL_AFTER_SECONDS = 2;
    private static final Pattern SELECTOR =
            Pattern.compile("^(?:[0-9]{1,3}|GPU-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})"
                    + "(?:,(?:[0-9]{1,3}|GPU-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})){0,63}$");

    public RemoteCommand {
        words = List.copyOf(words);
        for (String w : words) {
            if (!SAFE_WORD.matcher(w).matches()) {
                throw new IllegalArgumentException("not a safe remote word: " + Destination.printable(w));
            }
        }
    }

    /** {@code cumps --version && cumps status --json}: the version line, then the status document. */
    public static RemoteCommand status() {
        return grammatical(List.of("cumps", "--version", "&&", "cumps", "status", "--json"));
    }

    public static RemoteCommand doctor() {
        return grammatical(List.of("cumps", "doctor", "--json"));
    }

    /**
     * {@code cumps doctor --json --gpus SEL} on the host: the diagnosis of one GPU there (without a
     * selector a host with several visible GPUs fails its topology check and skips the daemon's checks).
     */
    public static RemoteCommand doctor(String selector) {
        return new RemoteCommand(List.of("cumps", "doctor", "--json", "--gpus", selector(selector)));
    }

    public static RemoteCommand clients() {
        return grammatical(List.of("cumps", "clients", "--json"));
    }

    /** {@code cumps start [--gpus SEL] [--name N]} on the host (a detached daemon). */
    public static RemoteCommand start(String selector, String name) {
        List<String> w = new ArrayList<>(List.of("cumps", "start"));
        if (selector != null && !selector.isEmpty()) {
            w.add("--gpus");
            w.add(selector(selector));
        }
        if (name != null && !name.isEmpty()) {
            w.add("--name");
            w.add(RecordNames.validate(name));
        }
        return grammatical(w);
    }

    /** {@code cumps stop --name N} on the host: the host's cumps checks record, pid and start time. */
    public static RemoteCommand stop(String name) {
        return grammatical(List.of("cumps", "stop", "--name", RecordNames.validate(name)));
    }

    /**
     * {@code cumps env --name N} on the host: the block a client there exports, exactly as {@code cumps env} prints it
     * there (the Hosts page shows and copies it as it came).
     */
    public static RemoteCommand env(String name) {
        return grammatical(List.of("cumps", "env", "--name", RecordNames.validate(name)));
    }

    /** {@code cumps limits --name N --json} on the host. */
    public static RemoteCommand limits(String name) {
        return limits(name, MpsLimits.NONE, true);
    }

    /**
     * {@code cumps limits --name N [--json] [--set-active-thread-percentage P] [--set-pinned-mem-limit SIZE]}
     * on the host: the values are {@link MpsLimits}, already checked here by the rules the host's cumps
     * applies, and travel as digits ({@code 40}) and a size of digits and one unit ({@code 512M}, {@code 8G}).
     */
    public static RemoteCommand limits(String name, MpsLimits set, boolean json) {
        List<String> w = new ArrayList<>(List.of("cumps", "limits", "--name", RecordNames.validate(name)));
        if (json) {
            w.add("--json");
        }
        set.activeThreadPercentage().ifPresent(p -> w.addAll(List.of("--set-active-thread-percentage", Integer.toString(p))));
        set.pinnedMemLimitText().ifPresent(size -> w.addAll(List.of("--set-pinned-mem-limit", size)));
        return grammatical(w);
    }

    /** {@code words} as a command, once the grammar table says the host's cumps takes them; else a programming error. */
    static RemoteCommand grammatical(List<String> words) {
        String problem = CliGrammar.problem(words);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return new RemoteCommand(words);
    }

    /**
     * This command with every {@code cumps} run bounded on the host itself: coreutils {@code timeout
     * --kill-after=2 R} before each, so that what runs there ends even though ending ssh here does not end
     * it (sshd sends no hangup to a session without a terminal). {@code timeout} runs the command in its own
     * process group and signals that whole group, so what the host's cumps started ends with it. R is the
     * deadline less three seconds (at least one): the TERM at R and the KILL two seconds later both come
     * before our deadline unless the connection took more than a second, so the host's process is gone
     * when the read is reported as timed out. docs/decisions/0012 says why this and not a terminal.
     */
    public RemoteCommand bounded(Duration deadline) {
        String limit = Long.toString(remoteSeconds(deadline));
        List<String> w = new ArrayList<>();
        for (String word : words) {
            if (word.equals("cumps")) {
                w.addAll(List.of("timeout", "--kill-after=" + KILL_AFTER_SECONDS, limit));
            }
            w.add(word);
        }
        return new RemoteCommand(w);
    }

    /** The limit, in whole seconds, that {@link #bounded} gives each remote run for a local {@code deadline}. */
    public static long remoteSeconds(Duration deadline) {
        return Math.max(1, deadline.toSeconds() - KILL_AFTER_SECONDS - 1);
    }

    /** A GPU selector checked locally; a {@link CumpsException} names the rule when it is not one. */
    public static String selector(String typed) {
        if (typed == null || !SELECTOR.matcher(typed).matches()) {
            throw new CumpsException(Message.of(FleetMessages.INVALID_SELECTOR, Destination.printable(typed)));
        }
        return typed;
    }
}
