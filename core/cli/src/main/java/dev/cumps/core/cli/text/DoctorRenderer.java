package dev.cumps.core.cli.text;

import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorReport;
import java.util.List;
import java.util.Locale;

/**
 * The doctor's findings as the CLI prints them: an optional {@code SIMULATED host} line, one table
 * row per check (status, title ("GPU n · title" for a check about one of several GPUs), observed, remedy; control characters escaped as every table does),
 * under each check that did not pass a line {@code guide: <link>} naming its troubleshooting entry
 * in the user guide (indented to the CHECK column), a blank line and the verdict with its counts. It
 * lives beside {@link TextTable} and {@link TerminalEscapes} because the doctor package, a service, must
 * not depend on the CLI above it; the JSON and Markdown renderings of the same result list are
 * {@link DoctorReport#toJsonMap()} and {@link DoctorReport#toMarkdown()}, and the window renders
 * the checks itself.
 */
public final class DoctorRenderer {
    private static final String STATUS = "STATUS";

    private DoctorRenderer() {
    }

    /** The whole text output of {@code cumps doctor}, each line ending in a newline. */
    public static String render(DoctorReport report, boolean simulated) {
        StringBuilder out = new StringBuilder();
        if (simulated) {
            out.append("SIMULATED host").append('\n');
        }
        TextTable t = new TextTable(STATUS, "CHECK", "OBSERVED", "REMEDY");
        int statusWidth = STATUS.length();
        for (CheckResult c : report.checks()) {
            String status = c.status().id().toUpperCase(Locale.ROOT);
            statusWidth = Math.max(statusWidth, status.length());
            t.row(status, c.heading(), c.observed(), c.remedy());
        }
        List<String> lines = t.render("").lines().toList();
        String indent = " ".repeat(statusWidth + 2);
        out.append(lines.get(0)).append('\n');
        for (int i = 0; i < report.checks().size(); i++) {
            CheckResult c = report.checks().get(i);
            out.append(lines.get(i + 1)).append('\n');
            if (c.status() != CheckStatus.PASS) {
                out.append(indent).append("guide: ").append(TerminalEscapes.escape(report.guide(c))).append('\n');
            }
        }
        out.append('\n');
        out.append(report.verdictMessage().english()).append('\n');
        return out.toString();
    }
}
