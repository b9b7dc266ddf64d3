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
 * the window on top; inside the window, no cycle between any two of its packages, the UI kit below the pages and
 * layered in itself, and the session below the window, opened by the composition root only. {@code ArchitectureRulesCanFailTest} shows each of these rule objects failing
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
    static final ArchRule onlyCoreServicesBuildsServices = Layers.onlyCoreServicesBuildsServices();

    @ArchTest
    static final ArchRule simulatorIsReachedOnlyThroughSimulation = Layers.simulatorOnlyThroughSimulation();

    @ArchTest
    static final ArchRule layersReadTopDown = Layers.coreLayers();

    @ArchTest
    static final ArchRule noPackageCyclesInApp = ProjectRules.NO_PACKAGE_CYCLES_IN_APP;

    @ArchTest
    static final ArchRule uiKitServesThePages = ProjectRules.UI_KIT_SERVES_THE_PAGES;

    @ArchTest
    static final ArchRule uiKitLayers = ProjectRules.UI_KIT_LAYERS;

    @ArchTest
    static final ArchRule sessionUsesOnlyCore = ProjectRules.SESSION_USES_ONLY_CORE;

    @ArchTest
    static final ArchRule onlyTheRootOpensASession = ProjectRules.ONLY_THE_ROOT_OPENS_A_SESSION;
}
