package dev.cumps.app.arch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.cumps.app.ViewModels;
import dev.cumps.app.archfixture.RecordView;
import dev.cumps.app.archfixture.ViewModelHoldingCoreServices;
import dev.cumps.core.CoreServices;
import dev.cumps.core.arch.Layers;
import dev.cumps.core.archfixture.CoreClassUsingJavaFx;
import dev.cumps.core.cli.Cli;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.record.archfixture.RecordUsingLifecycle;
import dev.cumps.core.status.archfixture.EngineUsingTheSimulator;
import dev.cumps.fixture.one.First;
import dev.cumps.fixture.two.Second;
import dev.cumps.sim.Simulation;
import dev.cumps.sim.archfixture.SimulatorUsingTheCli;
import org.junit.jupiter.api.Test;

/**
 * The rule objects of {@link ProjectArchitectureTest}, run against test classes that break them on
 * purpose: each rule reports the violation, naming the offending class. A rule that passes here
 * could not have failed on the product.
 */
class ArchitectureRulesCanFailTest {

    @Test
    void aCoreClassThatUsesJavaFxBreaksTheToolkitFreeRule() {
        assertViolates(ProjectRules.CORE_HAS_NO_JAVAFX, CoreClassUsingJavaFx.class, "javafx.scene.Node");
    }

    @Test
    void aViewThatReadsACoreTypeBreaksTheViewsFreeOfCoreRule() {
        assertViolates(ProjectRules.VIEWS_ARE_FREE_OF_CORE, RecordView.class, "dev.cumps.core.record.DaemonRecord");
    }

    @Test
    void aViewModelThatHoldsCoreServicesBreaksTheCompositionRootRule() {
        assertViolates(ProjectRules.ONLY_THE_COMPOSITION_ROOT_HOLDS_CORE_SERVICES, ViewModelHoldingCoreServices.class,
                "dev.cumps.core.CoreServices");
    }

    @Test
    void aModelClassThatUsesAServiceBreaksTheLayers() {
        // The layer rule looks at who uses a layer's classes, so the used class is imported with the user.
        EvaluationResult result = Layers.coreLayers().evaluate(new ClassFileImporter().importClasses(RecordUsingLifecycle.class,
                StopOutcome.class));
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains(RecordUsingLifecycle.class.getName()) && report.contains(StopOutcome.class.getName()), report);
    }

    @Test
    void anEngineClassThatUsesTheSimulatorRunsBackUpBetweenModules() {
        assertLayerViolation(EngineUsingTheSimulator.class, Simulation.class);
    }

    @Test
    void aSimulatorClassThatUsesTheCliRunsBackUpBetweenModules() {
        assertLayerViolation(SimulatorUsingTheCli.class, Cli.class);
    }

    private static void assertLayerViolation(Class<?> user, Class<?> used) {
        EvaluationResult result = Layers.coreLayers().evaluate(new ClassFileImporter().importClasses(user, used));
        assertTrue(result.hasViolation(), "no violation reported for " + user.getName());
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains(user.getName()) && report.contains(used.getName()), report);
    }

    @Test
    void aClassOtherThanSimulationThatUsesTheSimulatorBreaksTheSimulatorRule() {
        assertViolates(Layers.simulatorOnlyThroughSimulation(), RecordUsingLifecycle.class, "dev.cumps.sim.SimConfig");
    }

    @Test
    void twoPackagesThatUseEachOtherBreakTheCycleRule() {
        EvaluationResult result = Layers.noPackageCycles().evaluate(new ClassFileImporter().importClasses(First.class, Second.class));
        assertTrue(result.hasViolation(), "no cycle reported");
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains("dev.cumps.fixture.one") && report.contains("dev.cumps.fixture.two"), report);
    }

    @Test
    void theRulesPassOnClassesThatKeepThem() {
        JavaClasses clean = new ClassFileImporter().importClasses(First.class);
        assertFalse(ProjectRules.CORE_HAS_NO_JAVAFX.allowEmptyShould(true).evaluate(clean).hasViolation());
        assertFalse(ProjectRules.VIEWS_ARE_FREE_OF_CORE.allowEmptyShould(true).evaluate(clean).hasViolation());
        assertFalse(ProjectRules.ONLY_THE_COMPOSITION_ROOT_HOLDS_CORE_SERVICES.allowEmptyShould(true).evaluate(
                new ClassFileImporter().importClasses(ViewModels.class, CoreServices.class)).hasViolation());
    }

    private static void assertViolates(ArchRule rule, Class<?> offender, String target) {
        EvaluationResult result = rule.evaluate(new ClassFileImporter().importClasses(offender));
        assertTrue(result.hasViolation(), "no violation reported for " + offender.getName());
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains(offender.getName()) && report.contains(target), report);
    }
}
