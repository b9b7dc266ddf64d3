package dev.cumps.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * core prints only from the CLI, reads files others can shape through SafeFiles (STYLE.md,
 * "Layers") and calls native code only from {@code dev.cumps.core.posix}. "core free of JavaFX" cannot fail here, where JavaFX is not on the class path: that rule
 * and the other whole-project rules run in the app module ({@code ProjectArchitectureTest}); the
 * layers of core are in {@link LayeringTest}.
 */
@AnalyzeClasses(packages = "dev.cumps", importOptions = ProductionClassesOnly.class)
class ArchitectureTest {
    @ArchTest
    static final ArchRule onlyTheCliAndStandInsWriteToStdout = noClasses()
            .that().resideOutsideOfPackages("dev.cumps.core.cli..", "dev.cumps.sim..")
            .should().accessField(System.class, "out")
            .because("output for people belongs to the CLI; everything else logs through System.Logger");

    @ArchTest
    static final ArchRule theCoreReadsAndWritesJsonWithTheStreamingApiOnly = noClasses()
            .that().resideInAPackage("dev.cumps.core..")
            .should().dependOnClassesThat().resideInAPackage("com.fasterxml.jackson.databind..")
            .because("records are parsed strictly by Json (jackson-core streaming); databind stays in the simulator");

    @ArchTest
    static final ArchRule filesOthersCanShapeAreReadThroughSafeFiles = noClasses()
            .that().resideInAnyPackage("dev.cumps.core.record..", "dev.cumps.core.mps..")
            .should().callMethod(Files.class, "readString", Path.class, Charset.class)
            .orShould().callMethod(Files.class, "readString", Path.class)
            .orShould().callMethod(Files.class, "readAllBytes", Path.class)
            .because("records, pid files and control.log are read without following links, regular files only, with a cap (SafeFiles)");

    @ArchTest
    static final ArchRule onlyThePosixPackageCallsNativeCode = noClasses()
            .that().resideOutsideOfPackage("dev.cumps.core.posix..")
            .should().dependOnClassesThat().resideInAPackage("java.lang.foreign..")
            .because("native code is reached in one place (FFM, --enable-native-access for the class path), where its"
                    + " layouts and its tests live");

    @ArchTest
    static final ArchRule onlyCoreServicesBuildsServices = Layers.onlyCoreServicesBuildsServices();
}
