package dev.cumps.core.grammar;

import java.util.ArrayList;
import java.util.List;

/**
 * The one interpreter of the {@link CliCommand} table. {@link #parse} recognises a command line in full or not at
 * all: the CLI's fast parser runs what it recognises and hands everything else (help, a usage error, a form only
 * picocli runs) to picocli, which reports it in its own words; the fleet checks every {@code cumps} line it sends
 * to a host ({@link #problem}).
 */
public final class CliGrammar {
    private static final String VERSION = "--version";

    private CliGrammar() {
    }

    /**
     * The form {@code args} is, or null when it is not one the table describes in full: an unknown, repeated (unless
     * repeatable) or misplaced option (a command's options come after its name, the root's anywhere), a missing value, one
     * {@code check} refuses or that is not {@link #plain}, a value given to a switch ({@code --json=x}), a missing
     * required option or parameter, a broken rule; with {@code fastOnly}, a command or option the fast parser does
     * not run. {@code --version} (or {@code -V}) alone is the root's form with {@link CliOption}-less values.
     */
    public static CliForm parse(List<String> args, ValueCheck check, boolean fastOnly) {
        String[] values = new String[CliOption.values().length];
        if (versionAlone(args)) {
            return new CliForm(CliCommand.ROOT, null, values);
        }
        CliCommand command = CliCommand.ROOT;
        String parameter = null;
        List<String> repeated = List.of();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String value = null;
            String option = arg;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                option = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            CliCommand sub = subcommand(command, arg);
            if (sub != null) {
                if (fastOnly && !sub.fast()) {
                    return null;
                }
                command = sub;
                continue;
            }
            CliOption o = CliOption.named(option);
            if (o == null) {
                if (command.parameter().isEmpty() || parameter != null || !plain(arg)) {
                    return null;
                }
                parameter = arg;
                continue;
            }
            OptionUse use = command.use(o);
            if (use == null || fastOnly && !use.fast() || values[o.ordinal()] != null && !use.repeatable()) {
                return null;
            }
            if (!o.value().takesValue()) {
                if (value != null) {
                    return null;
                }
                value = "";
            } else {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        return null;
                    }
                    value = args.get(++i);
                }
                if (!plain(value) || !check.accepts(o.value(), value)) {
                    return null;
                }
            }
            values[o.ordinal()] = value;
            if (use.repeatable()) {
                repeated = repeated.isEmpty() ? new ArrayList<>() : repeated;
                repeated.add(o.optionName() + "=" + value);
            }
        }
        return complete(command, parameter, values) ? new CliForm(command, parameter, values, repeated) : null;
    }

    /**
     * Whether {@code args} is {@code --version} (or {@code -V}) alone: the root's one form. Asked before anything
     * else touches the table, so that {@code cumps --version} initializes none of it.
     */
    public static boolean versionAlone(List<String> args) {
        return args.size() == 1 && (args.get(0).equals(VERSION) || args.get(0).equals("-V"));
    }

    /**
     * Why {@code words} is not a line of {@code cumps} commands joined by {@code &&} that the table describes
     * (values as {@link #plainValues()} checks them); null when it is.
     */
    public static String problem(List<String> words) {
        int start = 0;
        for (int i = 0; i <= words.size(); i++) {
            if (i == words.size() || words.get(i).equals("&&")) {
                List<String> line = words.subList(start, i);
                if (line.isEmpty() || !line.get(0).equals("cumps")) {
                    return "not a cumps command: " + String.join(" ", line);
                }
                if (parse(line.subList(1, line.size()), plainValues(), false) == null) {
                    return "not a form of the cumps grammar: " + String.join(" ", line);
                }
                start = i + 1;
            }
        }
        return null;
    }

    /**
     * Accepts every plain word ({@link #plain}) for every kind: for lines whose values were validated where they
     * were built. (Held by its class, so that the CLI's start, which never uses it, does not initialize it.)
     */
    public static ValueCheck plainValues() {
        return PlainCheck.INSTANCE;
    }

    /** A value picocli would take as is: not empty, not option-like, not an {@code @file}. */
    public static boolean plain(String value) {
        return !value.isEmpty() && !value.startsWith("-") && !value.startsWith("@");
    }

    /** The command {@code word} names after {@code command} ({@code status} after the root, {@code add} after hosts). */
    private static CliCommand subcommand(CliCommand command, String word) {
        if (command == CliCommand.ROOT) {
            CliCommand named = CliCommand.named(word);
            return named != null && named.commandName().indexOf(' ') < 0 ? named : null;
        }
        return command.parameter().isEmpty() ? CliCommand.named(command.commandName() + " " + word) : null;
    }

    private static boolean complete(CliCommand command, String parameter, String[] values) {
        if (command == CliCommand.ROOT || !command.parameter().isEmpty() && parameter == null) {
            return false;
        }
        boolean[] given = new boolean[values.length];
        for (int i = 0; i < values.length; i++) {
            given[i] = values[i] != null;
        }
        for (OptionUse u : command.options()) {
            if (u.required() && !given[u.option().ordinal()]) {
                return false;
            }
        }
        for (OptionRule r : command.rules()) {
            if (!r.keptBy(given)) {
                return false;
            }
        }
        return true;
    }

    /** Plain words only, whatever the kind. */
    private static final class PlainCheck implements ValueCheck {
        static final PlainCheck INSTANCE = new PlainCheck();

        @Override
        public boolean accepts(ValueKind kind, String value) {
            return true;
        }
    }
}
