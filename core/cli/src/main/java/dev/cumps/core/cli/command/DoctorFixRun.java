package dev.cumps.core.cli.command;

import dev.cumps.core.CoreServices;
import dev.cumps.core.cli.text.DoctorRenderer;
import dev.cumps.core.cli.text.FixRenderer;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.fix.Fix;
import dev.cumps.core.fix.FixOutcome;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code cumps doctor --fix [--yes]}: after the diagnosis, the fixes its results offer (each with its
 * dry-run text), then, confirmed by {@code --yes} or by the person at the terminal, each applied
 * through the fix service (which checks it again right before), its outcome, and the doctor once
 * more. Without a terminal and without {@code --yes} nothing changes and the run fails with one
 * {@code error:} line. The exit status is the final verdict's.
 */
final class DoctorFixRun {
    private final CoreServices services;
    private final CommandContext context;
    private final Optional<String> selector;
    private final boolean json;
    private final boolean yes;

    DoctorFixRun(CoreServices services, CommandContext context, Optional<String> selector, boolean json, boolean yes) {
        this.services = services;
        this.context = context;
        this.selector = selector;
        this.json = json;
        this.yes = yes;
    }

    int run(DoctorReport before) {
        PrintWriter out = context.out();
        List<Fix> plan = services.fixes().plan(before);
        if (!json) {
            out.print(DoctorRenderer.render(before, services.simulated()));
            out.print(FixRenderer.plan(plan));
        }
        if (plan.isEmpty()) {
            return finish(before, plan, List.of(), before);
        }
        boolean confirmed = yes || ask(plan.size(), before, plan);
        if (!confirmed) {
            if (!json) {
                out.print(FixRenderer.declined());
            }
            return finish(before, plan, List.of(), before);
        }
        List<FixOutcome> outcomes = services.fixes().applyAll(plan);
        DoctorReport after = services.doctor().diagnose(selector);
        if (!json) {
            out.print(FixRenderer.outcomes(outcomes));
            out.print(DoctorRenderer.render(after, services.simulated()));
        }
        return finish(before, plan, outcomes, after);
    }

    /** Asks at the terminal; without one, prints the plan (JSON) and refuses. */
    private boolean ask(int count, DoctorReport before, List<Fix> plan) {
        Optional<Boolean> answer = context.confirmation().ask(FixRenderer.question(count));
        if (answer.isEmpty()) {
            if (json) {
                context.out().println(Json.write(jsonMap(before, plan, List.of())));
            }
            throw new CumpsException(Message.of(CommandMessages.FIX_NEEDS_YES, count));
        }
        return answer.get();
    }

    private int finish(DoctorReport before, List<Fix> plan, List<FixOutcome> outcomes, DoctorReport last) {
        if (json) {
            context.out().println(Json.write(jsonMap(last, plan, outcomes)));
        }
        return last.valid() ? ExitCode.OK : ExitCode.FAILED;
    }

    /** The report (the final one) as {@code doctor --json} prints it, plus {@code fix}: the plan and the outcomes. */
    private static Map<String, Object> jsonMap(DoctorReport report, List<Fix> plan, List<FixOutcome> outcomes) {
        Map<String, Object> map = new LinkedHashMap<>(report.toJsonMap());
        Map<String, Object> fix = new LinkedHashMap<>();
        fix.put("plan", plan.stream().map(Fix::toJsonMap).toList());
        fix.put("outcomes", outcomes.stream().map(FixOutcome::toJsonMap).toList());
        fix.put("applied", outcomes.stream().filter(FixOutcome::applied).count());
        map.put("fix", fix);
        return map;
    }
}
