package dev.cumps.core.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import dev.cumps.core.CoreServices;
import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordStore;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

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

    /**
     * Only {@code CoreServices} constructs a service: a service is what one of its getters returns (or an
     * implementation of it: {@code ProcFsProcessTable} for {@code processes()}, {@code ProcessCommandRunner} for
     * {@code processRunner()}; {@code MpsControl} for {@code control()}), other than the values it is built from
     * ({@link #SHARED_VALUES}). A class may still chain its own constructors ({@code this(...)}, {@code MpsControl.forDaemons}).
     * Tests construct what they like: the rule is run over production classes.
     */
    public static ArchRule onlyCoreServicesBuildsServices() {
        return noClasses().that().doNotHaveFullyQualifiedName(CoreServices.class.getName())
                .should().callConstructorWhere(SERVICE_BUILT_ELSEWHERE)
                .because("one composition root: the window and the CLI get every service from CoreServices, so each is built"
                        + " once, from the same seams (docs/architecture.md)");
    }

    /** What {@code CoreServices} is built from and hands out as it is: values, not services built on first use. */
    static final Set<Class<?>> SHARED_VALUES = Set.of(HostEnvironment.class, GuideLink.class, RecordStore.class, Liveness.class);

    /**
     * The types {@code CoreServices}'s getters return (and its one static factory without arguments,
     * {@code processRunner()}: the runner of real processes), but {@link #SHARED_VALUES}.
     */
    static final List<Class<?>> SERVICE_TYPES = Arrays.stream(CoreServices.class.getDeclaredMethods())
            .filter(m -> !m.isSynthetic() && m.getParameterCount() == 0 && !m.getReturnType().isPrimitive())
            .map(Method::getReturnType).filter(t -> !SHARED_VALUES.contains(t)).distinct().toList();

    private static final DescribedPredicate<JavaConstructorCall> SERVICE_BUILT_ELSEWHERE = DescribedPredicate.describe(
            "the constructor of a service (" + SERVICE_TYPES.stream().map(Class::getSimpleName).sorted().toList() + ")",
            call -> {
                JavaClass built = call.getTargetOwner();
                JavaClass caller = call.getOriginOwner();
                return !caller.getName().equals(built.getName()) && SERVICE_TYPES.stream().anyMatch(built::isAssignableTo);
            });

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
