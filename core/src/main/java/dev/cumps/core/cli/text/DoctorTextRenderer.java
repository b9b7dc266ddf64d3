package dev.cumps.core.cli.text;

import dev.cumps.core.doctor.DoctorCheck;
import dev.cumps.core.doctor.DoctorReport;
import java.util.Locale;

/**
 * The doctor's findings as the CLI prints them: an optional {@code SIMULATED host} line, one table
 * row per check (status, title, observed, remedy; control characters escaped as every table does),
 * a blank line and the verdict with its counts. It lives beside {@link TextTable} and
 * {@link Printable} because the doctor package, a service, must not depend on the CLI above it; the
 * JSON and Markdown renderings of the same result list are {@link DoctorReport#toJsonMap()} and
 * {@link DoctorReport#toMarkdown()}, and the window renders the checks itself.
 */
public final class DoctorTextRenderer {
    private DoctorTextRenderer() {
    }

    /** The whole text output of {@code cumps doctor}, each line ending in a newline. */
    public static String render(DoctorReport report, boolean simulated) {
        StringBuilder out = new StringBuilder();
        if (simulated) {
            out.append("SIMULATED host").append('\n');
        }
        TextTable t = new TextTable("STATUS", "CHECK", "OBSERVED", "REMEDY");
        for (DoctorCheck c : report.checks()) {
            t.row(c.status().id().toUpperCase(Locale.ROOT), c.title(), c.observed(), c.remedy());
        }
        out.append(t.render(""));
        out.append('\n');
        out.append(report.verdictText().english()).append('\n');
        return out.toString();
    }
}
