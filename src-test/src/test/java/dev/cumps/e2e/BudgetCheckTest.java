package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The start-up gate can fail: one doctor check, one process or one class over the margin more is rejected. */
class BudgetCheckTest {
    private static final StartupBudgets.Budget STATUS = StartupBudgets.ALL.stream()
            .filter(b -> b.scenario() == StartupBudgets.Scenario.NONE && b.args().equals(List.of("status", "--json"))).findFirst()
            .orElseThrow();

    private static BudgetCheck.Measured atBudget(Map<String, Integer> programs) {
        return new BudgetCheck.Measured(STATUS.classes(), STATUS.outsideArchive(), 0, programs);
    }

    @Test
    void aRunAtItsBudgetPasses() {
        assertEquals(List.of(), BudgetCheck.violations(STATUS, atBudget(Map.of(StartupBudgetE2eTest.SMI, STATUS.smi()))));
        assertEquals(List.of(), BudgetCheck.violations(STATUS, new BudgetCheck.Measured(STATUS.classes() + StartupBudgets.CLASS_MARGIN,
                STATUS.outsideArchive() + StartupBudgets.OUTSIDE_MARGIN, 0, Map.of())), "the margins are allowed");
    }

    @Test
    void oneDoctorCheckLoadedByStatusFails() {
        List<String> v = BudgetCheck.violations(STATUS, new BudgetCheck.Measured(STATUS.classes(), STATUS.outsideArchive(), 1,
                Map.of(StartupBudgetE2eTest.SMI, 1)));

        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).contains("1 doctor check classes initialized, budget 0"), v.get(0));
    }

    @Test
    void oneProcessMoreFails() {
        assertEquals(1, BudgetCheck.violations(STATUS, atBudget(Map.of(StartupBudgetE2eTest.SMI, STATUS.smi() + 1))).size());
        assertEquals(1, BudgetCheck.violations(STATUS, atBudget(Map.of(StartupBudgetE2eTest.SMI, 1, StartupBudgetE2eTest.CONTROL, 1)))
                .size(), "status --json without a daemon runs no control client");
        List<String> other = BudgetCheck.violations(STATUS, atBudget(Map.of(StartupBudgetE2eTest.SMI, 1, "ps", 1)));
        assertEquals(1, other.size());
        assertTrue(other.get(0).contains("{ps=1}"), other.get(0));
        assertEquals(List.of(), BudgetCheck.violations(STATUS, atBudget(Map.of(StartupBudgetE2eTest.SMI, 1, "stat", 1))),
                "the launcher's one stat");
        List<String> twice = BudgetCheck.violations(STATUS, atBudget(Map.of(StartupBudgetE2eTest.SMI, 1, "stat", 2)));
        assertEquals(1, twice.size());
        assertTrue(twice.get(0).contains("{stat=1}"), twice.get(0));
    }

    @Test
    void classesOverTheMarginFail() {
        List<String> v = BudgetCheck.violations(STATUS, new BudgetCheck.Measured(STATUS.classes() + StartupBudgets.CLASS_MARGIN + 1,
                STATUS.outsideArchive() + StartupBudgets.OUTSIDE_MARGIN + 1, 0, Map.of(StartupBudgetE2eTest.SMI, 1)));

        assertEquals(2, v.size(), v.toString());
    }

    @Test
    void aDoctorOverTwiceStatusFails() {
        BudgetCheck.Measured status = new BudgetCheck.Measured(1000, 10, 0, Map.of());
        assertEquals(List.of(), BudgetCheck.doctorRatio(new BudgetCheck.Measured(2000, 10, 21, Map.of()), status));
        assertEquals(1, BudgetCheck.doctorRatio(new BudgetCheck.Measured(2001, 10, 21, Map.of()), status).size());
    }
}
