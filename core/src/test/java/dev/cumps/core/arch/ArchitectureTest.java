package dev.cumps.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** core stays toolkit-free and prints only from the CLI (STYLE.md, "Layers"). */
@AnalyzeClasses(packages = "dev.cumps", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchRule coreHasNoJavaFx = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("javafx..", "org.controlsfx..", "org.testfx..")
            .because("core is the toolkit-free domain shared by the CLI and the window");

    @ArchTest
    static final ArchRule onlyTheCliAndStandInsWriteToStdout = noClasses()
            .that().resideOutsideOfPackages("dev.cumps.core.cli..", "dev.cumps.sim..")
            .should().accessField(System.class, "out")
            .because("output for people belongs to the CLI; everything else logs through System.Logger");

    @ArchTest
    static final ArchRule domainDoesNotDependOnTheCli = noClasses()
            .that().resideInAPackage("dev.cumps.core..").and().resideOutsideOfPackage("dev.cumps.core.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.cumps.core.cli..");

    @ArchTest
    static final ArchRule theCoreReadsAndWritesJsonWithTheStreamingApiOnly = noClasses()
            .that().resideInAPackage("dev.cumps.core..")
            .should().dependOnClassesThat().resideInAPackage("com.fasterxml.jackson.databind..")
            .because("records are parsed strictly by Json (jackson-core streaming); databind stays in the simulator");

    @ArchTest
    static final ArchRule filesOthersCanShapeAreReadThroughSafeFiles = noClasses()
            .that().resideInAnyPackage("dev.cumps.core.record..", "dev.cumps.core.mps..")
            .should().callMethod(java.nio.file.Files.class, "readString", java.nio.file.Path.class, java.nio.charset.Charset.class)
            .orShould().callMethod(java.nio.file.Files.class, "readString", java.nio.file.Path.class)
            .orShould().callMethod(java.nio.file.Files.class, "readAllBytes", java.nio.file.Path.class)
            .because("records, pid files and control.log are read without following links, regular files only, with a cap (SafeFiles)");
}
