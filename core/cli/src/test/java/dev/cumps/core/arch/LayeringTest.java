package dev.cumps.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layers of core, read top-down (docs/architecture.md): the CLI over the wiring
 * ({@code CoreServices}, {@code Simulation}) over the services ({@code lifecycle}, {@code status},
 * {@code doctor}, {@code env}) over model and infrastructure ({@code record}, {@code gpu},
 * {@code topology}, {@code mps}, {@code proc}, {@code fs}, {@code json}, {@code exec}, {@code host},
 * {@code message}). A lower layer never imports a higher one; the stand-ins ({@code dev.cumps.sim})
 * sit beside the product and are reached only through {@code Simulation}. The same rules, with the
 * window's packages on top and package cycles across both modules, run in the app module
 * ({@code ProjectArchitectureTest}).
 */
@AnalyzeClasses(packages = "dev.cumps", importOptions = ProductionClassesOnly.class)
class LayeringTest {
    @ArchTest
    static final ArchRule layersReadTopDown = Layers.coreLayers();

    @ArchTest
    static final ArchRule noPackageCycles = Layers.noPackageCycles();

    @ArchTest
    static final ArchRule simulatorIsReachedOnlyThroughSimulation = Layers.simulatorOnlyThroughSimulation();

    @ArchTest
    static final ArchRule theDomainDoesNotDependOnTheCli = noClasses()
            .that().resideInAPackage("dev.cumps.core..").and().resideOutsideOfPackage("dev.cumps.core.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.cumps.core.cli..");

    /** The reference generator reads picocli's model only, so it documents any command tree it is given. */
    @ArchTest
    static final ArchRule theReferenceGeneratorUsesOnlyPicocli = noClasses()
            .that().resideInAPackage("dev.cumps.core.cli.reference..")
            .should().dependOnClassesThat().resideOutsideOfPackages("dev.cumps.core.cli.reference..", "picocli..", "java..");
}
