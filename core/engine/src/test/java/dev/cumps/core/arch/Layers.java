package dev.cumps.core.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Arrays;

/**
 * The project's layering rules as objects, shared by the core's tests ({@code LayeringTest} in the
 * cli module, which sees all three core modules) and the app's whole-project test (through the
 * engine's test-jar), so both check the same thing.
 */
public final class Layers {
    public static final String CLI = "dev.cumps.core.cli..";
    /** The engine's root package: wiring only ({@code CoreServices}). */
    public static final String WIRING = "dev.cumps.core";
    public static final String[] SERVICES = {
        "dev.cumps.core.lifecycle..", "dev.cumps.core.status..", "dev.cumps.core.doctor..", "dev.cumps.core.env..",
        "dev.cumps.core.live..", "dev.cumps.core.fix..", "dev.cumps.core.selftest..", "dev.cumps.core.snapshot..", "dev.cumps.core.fleet.."};
    public static final String[] MODEL = {
        "dev.cumps.core.record..", "dev.cumps.core.gpu..", "dev.cumps.core.topology..", "dev.cumps.core.mps..",
        "dev.cumps.core.proc..", "dev.cumps.core.fs..", "dev.cumps.core.json..", "dev.cumps.core.exec..",
        "dev.cumps.core.host..", "dev.cumps.core.message..", "dev.cumps.core.guide..", "dev.cumps.core.posix..",
        "dev.cumps.core.grammar.."};
    public static final String SIM = "dev.cumps.sim..";
    public static final String APP = "dev.cumps.app..";
    public static final String SIMULATION = "dev.cumps.sim.Simulation";

    private Layers() {
    }

    /**
     * Core's layers, one per module and package group: the CLI on the simulator on the engine's
     * wiring, services and model. The app may use every layer but the CLI.
     */
    public static ArchRule coreLayers() {
        return layeredArchitecture().consideringOnlyDependenciesInAnyPackage("dev.cumps..")
                .layer("CLI").definedBy(CLI)
                .optionalLayer("App").definedBy(APP)
                .layer("Simulator").definedBy(SIM)
                .layer("Wiring").definedBy(WIRING)
                .layer("Services").definedBy(SERVICES)
                .layer("Model").definedBy(MODEL)
                .whereLayer("CLI").mayNotBeAccessedByAnyLayer()
                .whereLayer("App").mayNotBeAccessedByAnyLayer()
                .whereLayer("Simulator").mayOnlyBeAccessedByLayers("CLI", "App")
                .whereLayer("Wiring").mayOnlyBeAccessedByLayers("CLI", "App", "Simulator")
                .whereLayer("Services").mayOnlyBeAccessedByLayers("CLI", "App", "Simulator", "Wiring")
                .whereLayer("Model").mayOnlyBeAccessedByLayers("CLI", "App", "Simulator", "Wiring", "Services")
                .because("modules and packages read top-down: cli/app -> sim -> engine wiring -> services -> model/infra;"
                        + " nothing runs back up (docs/architecture.md)");
    }

    /**
     * No cycles between packages: each top-level package of core and of the app is a slice
     * ({@code dev.cumps.core.record}, {@code dev.cumps.app.main}, ...), and so is each root package
     * ({@code dev.cumps.core}, {@code dev.cumps.app}) and {@code dev.cumps.sim}.
     */
    public static ArchRule noPackageCycles() {
        return slices().assignedFrom(TOP_LEVEL_PACKAGES).should().beFreeOfCycles()
                .because("a package cycle means neither side can be understood or changed alone");
    }

    /**
     * {@code dev.cumps.sim} is the stand-ins' code: code outside the simulator reaches it only
     * through its front door, {@code Simulation} (and the types nested in it).
     */
    public static ArchRule simulatorOnlyThroughSimulation() {
        return noClasses().that().resideOutsideOfPackage(SIM)
                .should().dependOnClassesThat(resideInAPackage(SIM).and(not(nameMatching(SIMULATION.replace(".", "\\.") + "(\\$.*)?"))))
                .because("the simulate wiring has one front door; tests may use the simulator directly");
    }

    /** {@code dev.cumps.<module>[.<package>]}: the package two levels below {@code dev.cumps}, or the root. */
    static final SliceAssignment TOP_LEVEL_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String[] parts = javaClass.getPackageName().split("\\.");
            if (parts.length < 3 || !parts[0].equals("dev") || !parts[1].equals("cumps")) {
                return SliceIdentifier.ignore();
            }
            return SliceIdentifier.of(String.join(".", Arrays.copyOfRange(parts, 0, Math.min(parts.length, 4))));
        }

        @Override
        public String getDescription() {
            return "top-level packages of dev.cumps (root packages included)";
        }
    };
}
