package dev.cumps.app.arch;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.cumps.core.arch.Layers;
import dev.cumps.core.arch.ProductionClassesOnly;

/**
 * The layering of the whole project, run where core, the stand-ins, the window and JavaFX are all on
 * the class path (docs/architecture.md): no package cycles across both modules, core free of JavaFX,
 * views free of core, {@code CoreServices} held only by the composition root, the simulator reached only through {@code Simulation}, and core's layers with
 * the window on top. {@code ArchitectureRulesCanFailTest} shows each of these rule objects failing
 * on a class that breaks it.
 */
@AnalyzeClasses(packages = "dev.cumps", importOptions = ProductionClassesOnly.class)
class ProjectArchitectureTest {
    @ArchTest
    static final ArchRule noPackageCyclesInCoreOrApp = Layers.noPackageCycles();

    @ArchTest
    static final ArchRule coreHasNoJavaFx = ProjectRules.CORE_HAS_NO_JAVAFX;

    @ArchTest
    static final ArchRule viewsAreFreeOfCore = ProjectRules.VIEWS_ARE_FREE_OF_CORE;

    @ArchTest
    static final ArchRule onlyTheCompositionRootHoldsCoreServices = ProjectRules.ONLY_THE_COMPOSITION_ROOT_HOLDS_CORE_SERVICES;

    @ArchTest
    static final ArchRule simulatorIsReachedOnlyThroughSimulation = Layers.simulatorOnlyThroughSimulation();

    @ArchTest
    static final ArchRule layersReadTopDown = Layers.coreLayers();
}
