package dev.cumps.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Arrays;

/**
 * The project's layering rules as objects, shared by core's tests ({@link LayeringTest}) and the
 * app's whole-project test (through core's test-jar), so both check the same thing.
 */
public final class Layers {
    public static final String CLI = "dev.cumps.core.cli..";
    /** The root package: wiring only ({@code CoreServices}, {@code Simulation}). */
    public static final String WIRING = "dev.cumps.core";
    public static final String[] SERVICES = {
        "dev.cumps.core.lifecycle..", "dev.cumps.core.status..", "dev.cumps.core.doctor..", "dev.cumps.core.env..",
        "dev.cumps.core.live..", "dev.cumps.core.fix..", "dev.cumps.core.selftest..", "dev.cumps.core.fleet.."};
    public static final String[] MODEL = {
        "dev.cumps.core.record..", "dev.cumps.core.gpu..", "dev.cumps.core.topology..", "dev.cumps.core.mps..",
        "dev.cumps.core.proc..", "dev.cumps.core.fs..", "dev.cumps.core.json..", "dev.cumps.core.exec..",
        "dev.cumps.core.host..", "dev.cumps.core.message..", "dev.cumps.core.guide.."};
    public static final String SIM = "dev.cumps.sim..";
    public static final String APP = "dev.cumps.app..";
    public static final String SIMULATION = "dev.cumps.core.Simulation";

    private Layers() {
    }

    /** Core's layers; the app may use every layer but the CLI and the stand-ins. */
    public static ArchRule coreLayers() {
        return layeredArchitecture().consideringOnlyDependenciesInAnyPackage("dev.cumps..")
                .layer("CLI").definedBy(CLI)
                .optionalLayer("App").definedBy(APP)
                .layer("Wiring").definedBy(WIRING)
                .layer("Services").definedBy(SERVICES)
                .layer("Model").definedBy(MODEL)
                .layer("Simulator").definedBy(SIM)
                .whereLayer("CLI").mayNotBeAccessedByAnyLayer()
                .whereLayer("App").mayNotBeAccessedByAnyLayer()
                .whereLayer("Wiring").mayOnlyBeAccessedByLayers("CLI", "App")
                .whereLayer("Services").mayOnlyBeAccessedByLayers("CLI", "App", "Wiring")
                .whereLayer("Model").mayOnlyBeAccessedByLayers("CLI", "App", "Wiring", "Services", "Simulator")
                .whereLayer("Simulator").mayOnlyBeAccessedByLayers("Wiring")
                .because("packages read top-down: cli/app -> wiring -> services -> model/infra (docs/architecture.md)");
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

    /** {@code dev.cumps.sim} is the stand-ins' code: production reaches it only through {@code Simulation}. */
    public static ArchRule simulatorOnlyThroughSimulation() {
        return noClasses().that().resideOutsideOfPackage(SIM).and().doNotHaveFullyQualifiedName(SIMULATION)
                .should().dependOnClassesThat().resideInAPackage(SIM)
                .because("the simulate wiring is in one place (issue 8); tests may use the simulator directly");
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
