package dev.cumps.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Compares what one run of {@code cumps} initialized, loaded and started with its {@link StartupBudgets.Budget}. */
final class BudgetCheck {
    private BudgetCheck() {
    }

    /**
     * What one run initialized, loaded and started: classes initialized, classes not from the AOT cache, doctor-check classes, and the
     * programs it ran by name (how many times each).
     */
    record Measured(int classes, int outsideArchive, int doctorChecks, Map<String, Integer> programs) {
        int runs(String program) {
            return programs.getOrDefault(program, 0);
        }

        /** Runs of programs other than nvidia-smi, the control client and the launcher's own ({@link StartupBudgets#LAUNCHER_PROGRAMS}). */
        Map<String, Integer> others() {
            Map<String, Integer> others = new TreeMap<>(programs);
            others.remove(StartupBudgetE2eTest.SMI);
            others.remove(StartupBudgetE2eTest.CONTROL);
            others.keySet().removeIf(name -> name.startsWith(StartupBudgetE2eTest.CONTROL + " (the machine's"));
            StartupBudgets.LAUNCHER_PROGRAMS.forEach((name, runs) -> others.computeIfPresent(name, (n, ran) -> ran > runs ? ran - runs : null));
            return others;
        }
    }

    /** One line per count over its budget; empty when the run is within all of them. */
    static List<String> violations(StartupBudgets.Budget budget, Measured m) {
        List<String> v = new ArrayList<>();
        String name = budget.name();
        if (m.classes() > budget.classes() + StartupBudgets.CLASS_MARGIN) {
            v.add(name + ": " + m.classes() + " classes initialized, budget " + budget.classes() + " + " + StartupBudgets.CLASS_MARGIN
                    + " (" + budget.reason() + ")");
        }
        if (m.outsideArchive() > budget.outsideArchive() + StartupBudgets.OUTSIDE_MARGIN) {
            v.add(name + ": " + m.outsideArchive() + " classes loaded outside the AOT cache, budget " + budget.outsideArchive() + " + "
                    + StartupBudgets.OUTSIDE_MARGIN + " (" + budget.reason() + ")");
        }
        if (m.doctorChecks() > budget.doctorChecks()) {
            v.add(name + ": " + m.doctorChecks() + " doctor check classes initialized, budget " + budget.doctorChecks() + " (" + budget.reason()
                    + ")");
        }
        if (m.runs(StartupBudgetE2eTest.SMI) > budget.smi()) {
            v.add(name + ": " + m.runs(StartupBudgetE2eTest.SMI) + " nvidia-smi runs, budget " + budget.smi() + " (" + budget.reason() + ")");
        }
        if (m.runs(StartupBudgetE2eTest.CONTROL) > budget.control()) {
            v.add(name + ": " + m.runs(StartupBudgetE2eTest.CONTROL) + " nvidia-cuda-mps-control runs, budget " + budget.control() + " ("
                    + budget.reason() + ")");
        }
        int others = m.others().values().stream().mapToInt(Integer::intValue).sum();
        if (others > budget.otherPrograms()) {
            v.add(name + ": other programs run " + m.others() + ", budget " + budget.otherPrograms() + " (" + budget.reason() + ")");
        }
        return v;
    }

    /** {@code doctor --json} within {@link StartupBudgets#DOCTOR_TO_STATUS_RATIO} times the classes of {@code status --json}. */
    static List<String> doctorRatio(Measured doctor, Measured status) {
        double limit = StartupBudgets.DOCTOR_TO_STATUS_RATIO * status.classes();
        return doctor.classes() > limit ? List.of("doctor --json loaded " + doctor.classes() + " classes, more than "
                + StartupBudgets.DOCTOR_TO_STATUS_RATIO + " × status --json's " + status.classes()) : List.of();
    }
}
