package dev.cumps.app.arch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.cumps.app.ViewModels;
import dev.cumps.app.archfixture.PageUsingTheSession;
import dev.cumps.app.archfixture.RecordView;
import dev.cumps.app.archfixture.ViewModelBuildingItsOwnServices;
import dev.cumps.app.archfixture.ViewModelHoldingCoreServices;
import dev.cumps.app.archfixture.cycle.a.CycleA;
import dev.cumps.app.archfixture.cycle.b.CycleB;
import dev.cumps.app.main.Notice;
import dev.cumps.app.session.HostSession;
import dev.cumps.app.session.archfixture.SessionUsingTheWindow;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.archfixture.UiUsingAPage;
import dev.cumps.app.ui.dialog.DetailsArea;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.error.ErrorDialog;
import dev.cumps.app.ui.style.MonospaceFont;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.app.ui.style.archfixture.StyleUsingADialog;
import dev.cumps.app.ui.table.SeverityCell;
import dev.cumps.core.CoreServices;
import dev.cumps.core.arch.Layers;
import dev.cumps.core.archfixture.CoreClassUsingJavaFx;
import dev.cumps.core.cli.Cli;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.archfixture.RecordUsingLifecycle;
import dev.cumps.core.status.archfixture.EngineUsingTheSimulator;
import dev.cumps.fixture.one.First;
import dev.cumps.fixture.two.Second;
import dev.cumps.sim.Simulation;
import dev.cumps.sim.archfixture.SimulatorUsingTheCli;
import java.util.List;
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
    void aViewModelThatBuildsAServiceBreaksTheOneRootRule() {
        EvaluationResult result = Layers.onlyCoreServicesBuildsServices().evaluate(new ClassFileImporter().importClasses(
                ViewModelBuildingItsOwnServices.class));
        String report = String.join("\n", result.getFailureReport().getDetails());
        for (Class<?> built : List.of(Fleet.class, ProcFsProcessTable.class, MpsControl.class, ProcessCommandRunner.class)) {
            assertTrue(report.contains(ViewModelBuildingItsOwnServices.class.getName()) && report.contains(built.getName() + ".<init>"),
                    built.getSimpleName() + " not reported: " + report);
        }
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
    void twoWindowPackagesThatUseEachOtherBreakTheAppCycleRule() {
        EvaluationResult result = ProjectRules.NO_PACKAGE_CYCLES_IN_APP.evaluate(new ClassFileImporter().importClasses(CycleA.class,
                CycleB.class));
        assertTrue(result.hasViolation(), "no cycle reported");
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains("dev.cumps.app.archfixture.cycle.a") && report.contains("dev.cumps.app.archfixture.cycle.b"), report);
    }

    @Test
    void aUiKitClassThatUsesAPageBreaksTheKitRule() {
        assertViolates(ProjectRules.UI_KIT_SERVES_THE_PAGES, UiUsingAPage.class, Notice.class.getName());
    }

    @Test
    void aStyleThatUsesADialogBreaksTheKitLayers() {
        EvaluationResult result = ProjectRules.UI_KIT_LAYERS.evaluate(new ClassFileImporter().importClasses(StyleUsingADialog.class,
                Dialogs.class));
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains(StyleUsingADialog.class.getName()) && report.contains(Dialogs.class.getName()), report);
    }

    @Test
    void aSessionClassThatUsesTheWindowBreaksTheSessionRule() {
        assertViolates(ProjectRules.SESSION_USES_ONLY_CORE, SessionUsingTheWindow.class, UiExecutor.class.getName());
    }

    @Test
    void aPageThatReachesTheSessionBreaksTheCompositionRootRule() {
        assertViolates(ProjectRules.ONLY_THE_ROOT_OPENS_A_SESSION, PageUsingTheSession.class, HostSession.class.getName());
    }

    @Test
    void theRulesPassOnClassesThatKeepThem() {
        JavaClasses clean = new ClassFileImporter().importClasses(First.class);
        assertFalse(ProjectRules.CORE_HAS_NO_JAVAFX.allowEmptyShould(true).evaluate(clean).hasViolation());
        assertFalse(ProjectRules.VIEWS_ARE_FREE_OF_CORE.allowEmptyShould(true).evaluate(clean).hasViolation());
        assertFalse(ProjectRules.ONLY_THE_COMPOSITION_ROOT_HOLDS_CORE_SERVICES.allowEmptyShould(true).evaluate(
                new ClassFileImporter().importClasses(ViewModels.class, CoreServices.class)).hasViolation());
        assertFalse(Layers.onlyCoreServicesBuildsServices().allowEmptyShould(true).evaluate(
                new ClassFileImporter().importClasses(ViewModels.class, CoreServices.class)).hasViolation());
        JavaClasses kit = new ClassFileImporter().importClasses(ErrorDialog.class, Dialogs.class, DetailsArea.class, ClipboardSink.class,
                MonospaceFont.class, SeverityCell.class, Severity.class, HostSession.class);
        for (ArchRule rule : List.of(ProjectRules.NO_PACKAGE_CYCLES_IN_APP, ProjectRules.UI_KIT_SERVES_THE_PAGES, ProjectRules.UI_KIT_LAYERS,
                ProjectRules.SESSION_USES_ONLY_CORE, ProjectRules.ONLY_THE_ROOT_OPENS_A_SESSION)) {
            assertFalse(rule.allowEmptyShould(true).evaluate(kit).hasViolation(), rule.getDescription());
        }
    }

    private static void assertViolates(ArchRule rule, Class<?> offender, String target) {
        EvaluationResult result = rule.evaluate(new ClassFileImporter().importClasses(offender));
        assertTrue(result.hasViolation(), "no violation reported for " + offender.getName());
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains(offender.getName()) && report.contains(target), report);
    }
}
