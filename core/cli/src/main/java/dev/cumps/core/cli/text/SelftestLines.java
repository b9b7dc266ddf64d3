package dev.cumps.core.cli.text;

import dev.cumps.core.selftest.SelftestReport;
import dev.cumps.core.selftest.StepResult;
import java.nio.file.Path;

/** What {@code cumps selftest} prints: one line per step as it is known, then the verdict and the report's path. */
public final class SelftestLines {
    private SelftestLines() {
    }

    /** {@code PASS  start           daemon selftest-… runs as pid …}. */
    public static String step(StepResult step) {
        return String.format("%-4s  %-15s %s", step.outcome().name(), step.step().id(), Printable.escape(step.summary().english()));
    }

    public static String verdict(SelftestReport report, Path written) {
        return Printable.escape(report.verdict().english()) + "\nreport: " + Printable.escape(written.toString());
    }
}
