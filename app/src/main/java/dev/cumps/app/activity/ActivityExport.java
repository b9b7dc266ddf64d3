package dev.cumps.app.activity;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.table.SeverityCell;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The activity as a file: plain text (one line per entry) or a Markdown table. Times are full
 * local date and time; the outcome carries the same mark as the pane (✔ done, ⚠ done with a warning, – cancelled, ✖ failed).
 */
final class ActivityExport {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private ActivityExport() {
    }

    /** {@code 2024-05-01 12:34:56  ✔ Start daemon t1: started, pid 4242}, one line per entry. */
    static String text(List<ActivityEntry> entries, ZoneId zone) {
        StringBuilder out = new StringBuilder();
        for (ActivityEntry e : entries) {
            out.append(WHEN.format(e.time().atZone(zone))).append("  ").append(mark(e)).append(' ')
                    .append(oneLine(e.action())).append(": ").append(oneLine(e.outcome())).append('\n');
        }
        return out.toString();
    }

    /** A heading and a table with the pane's column names; {@code |} in a cell is escaped. */
    static String markdown(List<ActivityEntry> entries, ZoneId zone, Messages messages) {
        StringBuilder out = new StringBuilder("# ").append(messages.get("activity.title")).append("\n\n");
        out.append("| ").append(messages.get("activity.column.time")).append(" | ").append(messages.get("activity.column.action"))
                .append(" | ").append(messages.get("activity.column.outcome")).append(" |\n|---|---|---|\n");
        for (ActivityEntry e : entries) {
            out.append("| ").append(WHEN.format(e.time().atZone(zone))).append(" | ").append(cell(e.action())).append(" | ")
                    .append(mark(e)).append(' ').append(cell(e.outcome())).append(" |\n");
        }
        return out.toString();
    }

    private static String mark(ActivityEntry e) {
        return SeverityCell.glyph(e.severity());
    }

    private static String oneLine(String text) {
        return text.replaceAll("[\\r\\n]+", " ");
    }

    private static String cell(String text) {
        return oneLine(text).replace("\\", "\\\\").replace("|", "\\|");
    }
}
