package dev.cumps.core.live;

import dev.cumps.core.gpu.GpuUuid;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Strict parser of the nvidia-smi query the live view adds to status's GPU query (whose load fields
 * {@code gpu.NvidiaSmiParser} reads), {@code --query-compute-apps} with
 * {@code --format=csv,noheader,nounits} (nvidia-smi's {@code --help-query-compute-apps} lists the
 * fields): every row has exactly the fields asked for, pids and numbers are decimal, UUIDs
 * canonical; {@code [N/A]}-style cells are "unknown", never zero.
 */
public final class SmiReplies {
    /** The fields of the per-process query, in order. */
    public static final List<String> COMPUTE_APP_FIELDS = List.of("pid", "gpu_uuid", "used_memory");

    private SmiReplies() {
    }

    /** The rows of a {@code --query-compute-apps} reply; an empty reply means no process uses a GPU. */
    public static List<ComputeApp> computeApps(String csv) {
        List<ComputeApp> apps = new ArrayList<>();
        int lineNo = 0;
        for (String raw : csv.split("\\R", -1)) {
            lineNo++;
            if (raw.isBlank()) {
                continue;
            }
            // nvidia-smi says so in one line when no process runs on a GPU.
            if (raw.strip().equals("No running processes found")) {
                continue;
            }
            String[] cells = cells(raw, lineNo, COMPUTE_APP_FIELDS.size());
            long pid;
            try {
                pid = Long.parseLong(cells[0]);
            } catch (NumberFormatException e) {
                throw malformed(raw, lineNo, Message.of(LiveMessages.SMI_PID_NOT_NUMBER, cells[0]));
            }
            if (pid < 1 || pid > ControlReplies.PID_MAX_LIMIT) {
                throw malformed(raw, lineNo, Message.of(LiveMessages.SMI_PID_NOT_NUMBER, cells[0]));
            }
            apps.add(new ComputeApp(pid, uuid(cells[1], raw, lineNo), number(cells[2], "used_memory", raw, lineNo)));
        }
        return List.copyOf(apps);
    }

    private static String[] cells(String raw, int lineNo, int expected) {
        String[] cells = raw.split(",", -1);
        if (cells.length != expected) {
            throw malformed(raw, lineNo, Message.of(LiveMessages.SMI_FIELD_COUNT, expected, cells.length));
        }
        for (int i = 0; i < cells.length; i++) {
            cells[i] = cells[i].strip();
        }
        return cells;
    }

    private static String uuid(String cell, String raw, int lineNo) {
        try {
            return GpuUuid.parse(cell).value();
        } catch (CumpsException e) {
            throw malformed(raw, lineNo, e.errorMessage());
        }
    }

    private static OptionalLong number(String cell, String field, String raw, int lineNo) {
        if (cell.startsWith("[") && cell.endsWith("]") || cell.equalsIgnoreCase("N/A")) {
            return OptionalLong.empty();
        }
        String digits = cell.endsWith("MiB") ? cell.substring(0, cell.length() - 3).strip()
                : cell.endsWith("%") ? cell.substring(0, cell.length() - 1).strip() : cell;
        if (!digits.matches("[0-9]{1,12}")) {
            throw malformed(raw, lineNo, Message.of(LiveMessages.SMI_NOT_NUMBER, field, cell));
        }
        return OptionalLong.of(Long.parseLong(digits));
    }

    private static CumpsException malformed(String raw, int lineNo, Message why) {
        return new CumpsException(Message.of(LiveMessages.SMI_MALFORMED_ROW, lineNo, DiagnosticQuote.shown(raw), why));
    }
}
