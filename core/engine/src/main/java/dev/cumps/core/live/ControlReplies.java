package dev.cumps.core.live;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Strict parsers of the control daemon's replies, after NVIDIA MPS documentation, "Appendix: Tools
 * and Interface Reference" and "Legacy MPS v2 Interface"
 * (https://docs.nvidia.com/deploy/mps/latest/mpsv2-interface.html): {@code get_server_list} prints
 * the PIDs of the server instances, {@code get_client_list <PID>} the PIDs of the clients connected
 * to that server, one per line; {@code get_server_status <PID>} prints the server's status;
 * {@code get_default_active_thread_percentage} and {@code get_active_thread_percentage <PID>} a
 * percentage; {@code get_default_device_pinned_mem_limit <dev>} a size with a {@code M} or
 * {@code G} qualifier. Anything else is refused with one line naming the command, the line and what
 * was expected; the reply itself is kept raw (never translated).
 */
public final class ControlReplies {
    /** What older stand-ins answered to a command they did not know; still taken as a refusal. */
    public static final String INVALID_COMMAND = "Invalid command";
    /** What it answers when a question names a server that is not (or no longer) there: {@code Server 4242 not found}. */
    private static final Pattern SERVER_NOT_FOUND = Pattern.compile("Server ([0-9]{1,7}) not found");
    /** Servers read from one {@code get_server_list} and asked about; a real workstation runs one per user, a few at most. */
    public static final int MAX_SERVERS = 32;
    /** Clients read from one {@code get_client_list}; MPS allows 48 (Volta and later: 60) clients per server. */
    public static final int MAX_CLIENTS = 256;
    /** Linux's PID_MAX_LIMIT: no pid is larger. */
    static final long PID_MAX_LIMIT = 4_194_304L;
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,7}");
    private static final Pattern STATUS = Pattern.compile("[A-Z][A-Z_]{0,31}");
    private static final Pattern PERCENTAGE = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,6})?");
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,9})\\s*([MG])B?", Pattern.CASE_INSENSITIVE);

    /**
     * The command cumps puts after each command of a batch ({@link #batch}): no control daemon knows it,
     * so each answers it with one line {@code Unknown command "cumps_reply_end"} (R535 and R550,
     * measured; it also logs it), which ends the reply before it. The control client reads every line of
     * its standard input and prints each reply in turn, but with no delimiter, and an empty reply
     * (no servers, no clients) prints nothing: without a marker several replies cannot be told apart.
     */
    public static final String REPLY_END = "cumps_reply_end";
    private static final String REPLY_END_LINE = "Unknown command \"" + REPLY_END + "\"";

    private ControlReplies() {
    }

    /**
     * The lines of one control-client run that asks {@code commands}, each followed by {@link #REPLY_END}
     * (without the last newline, which {@code MpsControl.ask} adds).
     */
    public static String batch(List<String> commands) {
        List<String> lines = new ArrayList<>();
        for (String command : commands) {
            lines.add(command);
            lines.add(REPLY_END);
        }
        return String.join("\n", lines);
    }

    /**
     * The replies of a {@link #batch} of {@code count} commands, in order, each as the client printed it;
     * empty when the output is not exactly {@code count} replies each ended by the marker's line (a
     * daemon that answers unknown commands otherwise, a client cut short): the caller then asks one by one.
     */
    public static Optional<List<String>> split(String stdout, int count) {
        List<String> replies = new ArrayList<>();
        StringBuilder reply = new StringBuilder();
        for (String line : stdout.split("\\R", -1)) {
            if (line.strip().equals(REPLY_END_LINE)) {
                replies.add(reply.toString());
                reply.setLength(0);
            } else if (!line.isEmpty()) {
                reply.append(line).append('\n');
            }
        }
        if (replies.size() != count || !reply.toString().isBlank()) {
            return Optional.empty();
        }
        return Optional.of(List.copyOf(replies));
    }

    /**
     * The pids of a {@code get_server_list} or {@code get_client_list} reply, in the order printed (no line
     * means none), at most {@code cap} + 1 of them: the reading stops there, so a reply of any length costs
     * what {@code cap} lines cost (anyone can put a socket at NVIDIA's default pipe directory that lists
     * hundreds of thousands of servers), and a caller tells "more than {@code cap}" by the size. Linear:
     * each line is looked at once, repeats are found in a hash set.
     */
    public static List<Long> pids(String command, String reply, int cap) {
        List<Long> pids = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        int lineNo = 0;
        int start = 0;
        int length = reply.length();
        while (start < length && pids.size() <= cap) {
            int end = start;
            while (end < length && reply.charAt(end) != '\n' && reply.charAt(end) != '\r') {
                end++;
            }
            lineNo++;
            String line = reply.substring(start, end).strip();
            start = end + (end + 1 < length && reply.charAt(end) == '\r' && reply.charAt(end + 1) == '\n' ? 2 : 1);
            if (line.isEmpty()) {
                continue;
            }
            if (!DIGITS.matcher(line).matches()) {
                throw garbage(command, lineNo, line, Message.of(LiveMessages.EXPECTED_PID));
            }
            long pid = Long.parseLong(line);
            if (pid < 1 || pid > PID_MAX_LIMIT) {
                throw garbage(command, lineNo, line, Message.of(LiveMessages.EXPECTED_PID));
            }
            if (!seen.add(pid)) {
                throw garbage(command, lineNo, line, Message.of(LiveMessages.DUPLICATE_PID));
            }
            pids.add(pid);
        }
        return List.copyOf(pids);
    }

    /**
     * Whether {@code reply} is the daemon refusing a command it does not know
     * ({@code Unknown command "…"}, or the older {@value #INVALID_COMMAND}): a missing capability of
     * this driver branch, not data and not a fault.
     */
    public static boolean unknownCommand(String reply) {
        return reply.strip().equals(INVALID_COMMAND) || MpsControl.unknownCommand(reply).isPresent();
    }

    /** Whether {@code reply} says that server {@code pid} is not there ({@code Server <pid> not found}): it has exited. */
    public static boolean serverNotFound(String reply, long pid) {
        var m = SERVER_NOT_FOUND.matcher(reply.strip());
        return m.matches() && Long.parseLong(m.group(1)) == pid;
    }

    /**
     * The status word of a {@code get_server_status} reply (for example {@code ACTIVE}), or empty when
     * the daemon does not know the command ({@link #unknownCommand}: R535 and earlier).
     */
    public static Optional<String> serverStatus(String command, String reply) {
        if (unknownCommand(reply)) {
            return Optional.empty();
        }
        String line = onlyLine(command, reply);
        if (!STATUS.matcher(line).matches()) {
            throw garbage(command, 1, line, Message.of(LiveMessages.EXPECTED_STATUS));
        }
        return Optional.of(line);
    }

    /** The percentage (0 to 100) of a {@code get_default_active_thread_percentage} or {@code get_active_thread_percentage} reply. */
    public static double percentage(String command, String reply) {
        String line = onlyLine(command, reply);
        if (!PERCENTAGE.matcher(line).matches() || Double.parseDouble(line) > 100) {
            throw garbage(command, 1, line, Message.of(LiveMessages.EXPECTED_PERCENTAGE));
        }
        return Double.parseDouble(line);
    }

    /**
     * The limit in MiB of a {@code get_default_device_pinned_mem_limit} reply ({@code 8G}, {@code 512M});
     * empty when no limit is set (an empty reply).
     */
    public static OptionalLong pinnedMemLimitMiB(String command, String reply) {
        if (reply.isBlank()) {
            return OptionalLong.empty();
        }
        String line = onlyLine(command, reply);
        var m = SIZE.matcher(line);
        if (!m.matches()) {
            throw garbage(command, 1, line, Message.of(LiveMessages.EXPECTED_SIZE));
        }
        long value = Long.parseLong(m.group(1));
        return OptionalLong.of(m.group(2).toUpperCase(Locale.ROOT).equals("G") ? value * 1024 : value);
    }

    private static String onlyLine(String command, String reply) {
        List<String> lines = reply.strip().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.size() != 1) {
            throw new CumpsException(Message.of(LiveMessages.REPLY_NOT_ONE_LINE, command, lines.size()));
        }
        return lines.get(0);
    }

    private static CumpsException garbage(String command, int lineNo, String line, Message expected) {
        return new CumpsException(Message.of(LiveMessages.REPLY_GARBAGE, command, lineNo, DiagnosticQuote.shown(line), expected));
    }
}
