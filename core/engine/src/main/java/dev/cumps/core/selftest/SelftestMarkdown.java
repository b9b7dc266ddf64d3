package dev.cumps.core.selftest;

import dev.cumps.core.record.DaemonRecord;

/**
 * The report as Markdown: host facts, a table of the steps, the daemons started (pid and start
 * time, so a reader can check none still runs), and each step's raw evidence in a code block.
 */
public final class SelftestMarkdown {
    private SelftestMarkdown() {
    }

    public static String render(SelftestReport report) {
        HostFacts facts = report.facts();
        StringBuilder md = new StringBuilder();
        md.append("# cumps self-test: ").append(facts.hostname()).append("\n\n");
        md.append("**").append(report.passed() ? "PASSED" : "FAILED").append("**: ").append(report.verdict().english()).append("\n\n");
        md.append("| fact | value |\n|---|---|\n");
        row(md, "host", facts.hostname());
        row(md, "kernel", facts.kernel());
        row(md, "NVIDIA driver", facts.driver());
        row(md, "GPU", facts.gpu());
        row(md, "cumps", facts.cumpsVersion());
        row(md, "started (UTC)", facts.started().toString());
        row(md, "simulated host", facts.simulated() ? "yes (--simulate)" : "no");
        md.append("\n## Steps\n\n| # | step | result | what it observed |\n|---|---|---|---|\n");
        int n = 1;
        for (StepResult step : report.steps()) {
            md.append("| ").append(n++).append(" | `").append(step.step().id()).append("` ").append(cell(step.step().title().english()))
                    .append(" | **").append(step.outcome().name()).append("** | ").append(cell(step.summary().english())).append(" |\n");
        }
        md.append("\n## Daemons the self-test started\n\n");
        if (report.started().isEmpty()) {
            md.append("None.\n");
        }
        for (DaemonRecord r : report.started()) {
            md.append("- daemon `").append(r.name()).append("` pid ").append(r.pid()).append(" start ").append(r.processStartTicks())
                    .append(", pipe `").append(r.pipeDirectory()).append("`\n");
        }
        md.append("\n## Evidence\n");
        for (StepResult step : report.steps()) {
            md.append("\n### ").append(step.step().id()).append(": ").append(step.outcome().name()).append("\n\n");
            md.append(step.summary().english()).append("\n\n");
            if (!step.evidence().isEmpty()) {
                md.append("```text\n");
                step.evidence().forEach(e -> md.append(e.replace("```", "'''")).append('\n'));
                md.append("```\n");
            }
        }
        return md.toString();
    }

    private static void row(StringBuilder md, String fact, String value) {
        md.append("| ").append(fact).append(" | ").append(cell(value)).append(" |\n");
    }

    /** A table cell: one line, pipes escaped. */
    private static String cell(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
    }
}
