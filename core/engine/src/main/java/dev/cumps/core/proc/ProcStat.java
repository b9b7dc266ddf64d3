package dev.cumps.core.proc;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;

/** Pure parser for the text of {@code /proc/<pid>/stat}. */
public final class ProcStat {
    private static final int START_TIME_FIELD = 22;

    private ProcStat() {
    }

    /**
     * Parses one stat line. The command name is everything between the first {@code (} and the
     * <em>last</em> {@code )}, since the name itself may contain spaces and parentheses; fields from
     * 3 on are counted after that last parenthesis.
     */
    public static ProcessInfo parse(String text) {
        String line = text.strip();
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 1 || close < open) {
            throw new CumpsException(Message.of(ProcText.MALFORMED_STAT, abbreviate(line)));
        }
        long pid;
        try {
            pid = Long.parseLong(line.substring(0, open).strip());
        } catch (NumberFormatException e) {
            throw new CumpsException(Message.of(ProcText.MALFORMED_STAT_PID, abbreviate(line)));
        }
        String comm = line.substring(open + 1, close);
        String[] rest = line.substring(close + 1).strip().split("\\s+");
        // rest[0] is field 3 (state); field N is rest[N - 3].
        int index = START_TIME_FIELD - 3;
        if (rest.length <= index || rest[0].length() != 1) {
            throw new CumpsException(Message.of(ProcText.MALFORMED_STAT_FIELDS, abbreviate(line)));
        }
        try {
            return new ProcessInfo(pid, comm, rest[0].charAt(0), Long.parseLong(rest[index]));
        } catch (NumberFormatException e) {
            throw new CumpsException(Message.of(ProcText.MALFORMED_STAT_START_TIME, abbreviate(line)));
        }
    }

    private static String abbreviate(String line) {
        return line.length() > 120 ? line.substring(0, 120) + "…" : line;
    }
}
