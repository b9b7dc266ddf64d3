package dev.cumps.core.cli.text;

import dev.cumps.core.fix.Fix;
import dev.cumps.core.fix.FixOutcome;
import java.util.List;

/**
 * What {@code cumps doctor --fix} prints after the doctor's table: the numbered plan (each fix's
 * dry-run text), the question, and each fix's outcome before the doctor runs again. Control
 * characters in paths and names are escaped as every table does ({@link Printable}).
 */
public final class FixTextRenderer {
    private FixTextRenderer() {
    }

    /** The plan: {@code Nothing to fix.}, or a heading and one numbered line per fix. */
    public static String plan(List<Fix> plan) {
        if (plan.isEmpty()) {
            return "\nNothing to fix.\n";
        }
        StringBuilder out = new StringBuilder("\nFixes (").append(plan.size()).append("):\n");
        for (int i = 0; i < plan.size(); i++) {
            out.append("  ").append(i + 1).append(". ").append(Printable.escape(plan.get(i).describe())).append('\n');
        }
        return out.toString();
    }

    /** The terminal question before anything changes. */
    public static String question(int count) {
        return "Apply " + count + (count == 1 ? " fix" : " fixes") + "? [y/N] ";
    }

    public static String declined() {
        return "No fix applied.\n";
    }

    /** One line per fix: {@code done} or {@code NOT DONE} and what happened, then a blank line. */
    public static String outcomes(List<FixOutcome> outcomes) {
        StringBuilder out = new StringBuilder("\n");
        for (int i = 0; i < outcomes.size(); i++) {
            FixOutcome o = outcomes.get(i);
            out.append("  ").append(i + 1).append(". ").append(o.applied() ? "done: " : "NOT DONE: ")
                    .append(Printable.escape(o.message())).append('\n');
        }
        out.append("\nDoctor after the fixes:\n");
        return out.toString();
    }
}
