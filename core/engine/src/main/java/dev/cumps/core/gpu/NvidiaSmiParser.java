package dev.cumps.core.gpu;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Strict parser for {@code nvidia-smi --query-gpu=<QUERY_FIELDS> --format=csv,noheader,nounits}.
 * Every row must have exactly one value per field, an integer index and a valid UUID; anything else
 * is an error naming the row.
 */
public final class NvidiaSmiParser {
    /**
     * The fields asked for, in order. The last two are the GPU's load for the live view:
     * asked in this one query, so {@code status} never runs nvidia-smi twice for it.
     */
    public static final List<String> QUERY_FIELDS = List.of(
            "index", "uuid", "name", "compute_mode", "memory.total", "mig.mode.current", "driver_version", "pci.bus_id",
            "utilization.gpu", "memory.used");

    private NvidiaSmiParser() {
    }

    public static List<Gpu> parse(String csv) {
        List<Gpu> gpus = new ArrayList<>();
        int lineNo = 0;
        for (String raw : csv.split("\\R")) {
            lineNo++;
            if (raw.isBlank()) {
                continue;
            }
            gpus.add(parseRow(raw, lineNo));
        }
        return gpus;
    }

    private static Gpu parseRow(String raw, int lineNo) {
        String[] cells = raw.split(",", -1);
        if (cells.length != QUERY_FIELDS.size()) {
            throw malformed(raw, lineNo, Message.of(GpuMessages.ROW_FIELD_COUNT, QUERY_FIELDS.size(), cells.length));
        }
        for (int i = 0; i < cells.length; i++) {
            cells[i] = cells[i].strip();
        }
        int index;
        try {
            index = Integer.parseInt(cells[0]);
        } catch (NumberFormatException e) {
            throw malformed(raw, lineNo, Message.of(GpuMessages.ROW_INDEX_NOT_NUMBER, cells[0]));
        }
        if (index < 0) {
            throw malformed(raw, lineNo, Message.of(GpuMessages.ROW_INDEX_NEGATIVE));
        }
        GpuUuid uuid;
        try {
            uuid = GpuUuid.parse(cells[1]);
        } catch (CumpsException e) {
            throw malformed(raw, lineNo, e.errorMessage());
        }
        String computeMode = cells[3];
        if (Gpu.ComputeMode.of(computeMode) == Gpu.ComputeMode.UNKNOWN && !isMissing(computeMode)) {
            throw malformed(raw, lineNo, Message.of(GpuMessages.ROW_UNKNOWN_COMPUTE_MODE, computeMode));
        }
        Optional<Long> memory = optional(cells[4]).map(m -> parseMemory(m, GpuMessages.ROW_MEMORY_NOT_NUMBER, raw, lineNo));
        Optional<Integer> utilization = optional(cells[8]).map(u -> parsePercent(u, raw, lineNo));
        Optional<Long> memoryUsed = optional(cells[9]).map(m -> parseMemory(m, GpuMessages.ROW_MEMORY_USED_NOT_NUMBER, raw, lineNo));
        return new Gpu(index, uuid, cells[2], computeMode, memory, optional(cells[5]), optional(cells[6]), optional(cells[7]),
                utilization, memoryUsed);
    }

    private static long parseMemory(String value, GpuMessages notNumber, String raw, int lineNo) {
        String digits = value.replace("MiB", "").strip();
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw malformed(raw, lineNo, Message.of(notNumber, value));
        }
    }

    private static int parsePercent(String value, String raw, int lineNo) {
        String digits = value.replace("%", "").strip();
        if (!digits.matches("[0-9]{1,3}") || Integer.parseInt(digits) > 100) {
            throw malformed(raw, lineNo, Message.of(GpuMessages.ROW_UTILIZATION_NOT_PERCENT, value));
        }
        return Integer.parseInt(digits);
    }

    private static Optional<String> optional(String cell) {
        return isMissing(cell) ? Optional.empty() : Optional.of(cell);
    }

    private static boolean isMissing(String cell) {
        return cell.isEmpty() || cell.startsWith("[") || cell.equalsIgnoreCase("N/A");
    }

    private static CumpsException malformed(String raw, int lineNo, Message why) {
        String printable = raw.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        String shown = printable.length() > 160 ? printable.substring(0, 160) + "…" : printable;
        return new CumpsException(Message.of(GpuMessages.SMI_MALFORMED_ROW, lineNo, shown, why));
    }
}
