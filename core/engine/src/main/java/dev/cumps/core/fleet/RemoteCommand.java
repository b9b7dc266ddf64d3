package dev.cumps.core.fleet;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.RecordNames;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The command run on a host: {@code cumps} and fixed words, plus daemon names and GPU selectors that
 * were validated here by the same rules as local commands (names {@code ^[a-z0-9][a-z0-9-]{0,63}$},
 * selectors GPU indexes or {@code GPU-<uuid>}). ssh joins the words with spaces and the remote login
 * shell reads the line, so no word may carry anything a shell treats specially; every word this class
 * builds is checked against {@link #SAFE_WORD} once more before it leaves.
 */
public record RemoteCommand(List<String> words) {
    /** What any word sent to a remote shell must match: nothing a shell expands, quotes or splits. */
    static final Pattern SAFE_WORD = Pattern.compile("^(?:[A-Za-z0-9][A-Za-z0-9._,=-]*|--[a-z][a-z-]*|&&)$");
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
        return new RemoteCommand(List.of("cumps", "--version", "&&", "cumps", "status", "--json"));
    }

    public static RemoteCommand doctor() {
        return new RemoteCommand(List.of("cumps", "doctor", "--json"));
    }

    public static RemoteCommand clients() {
        return new RemoteCommand(List.of("cumps", "clients", "--json"));
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
        return new RemoteCommand(w);
    }

    /** {@code cumps stop --name N} on the host: the host's cumps checks record, pid and start time. */
    public static RemoteCommand stop(String name) {
        return new RemoteCommand(List.of("cumps", "stop", "--name", RecordNames.validate(name)));
    }

    /** {@code cumps env --name N --json} on the host: the block a client there exports. */
    public static RemoteCommand env(String name) {
        return new RemoteCommand(List.of("cumps", "env", "--name", RecordNames.validate(name), "--json"));
    }

    /** {@code cumps limits --name N --json} on the host. */
    public static RemoteCommand limits(String name) {
        return new RemoteCommand(List.of("cumps", "limits", "--name", RecordNames.validate(name), "--json"));
    }

    /** {@code cumps limits --name N --set-active-thread-percentage P} on the host (P from 1 to 100). */
    public static RemoteCommand setActiveThreadPercentage(String name, int percentage) {
        if (percentage < 1 || percentage > 100) {
            throw new IllegalArgumentException("percentage " + percentage);
        }
        return new RemoteCommand(List.of("cumps", "limits", "--name", RecordNames.validate(name),
                "--set-active-thread-percentage", Integer.toString(percentage)));
    }

    /** A GPU selector checked locally; a {@link CumpsException} names the rule when it is not one. */
    public static String selector(String typed) {
        if (typed == null || !SELECTOR.matcher(typed).matches()) {
            throw new CumpsException(Message.of(FleetMessages.INVALID_SELECTOR, Destination.printable(typed)));
        }
        return typed;
    }
}
