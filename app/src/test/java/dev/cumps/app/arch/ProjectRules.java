package dev.cumps.app.arch;

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
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The whole-project rules that need the window's classes and JavaFX on the class path. */
final class ProjectRules {
    private static final Set<String> JAVAFX_VIEW_TYPES = Set.of("javafx.scene.Node", "javafx.stage.Window", "javafx.scene.control.Dialog");
    private static final Set<String> VIEW_NAME_SUFFIXES = Set.of("View", "Dialog", "Pane");
    private static final String APP_ROOT = "dev.cumps.app";
    private static final Set<String> COMPOSITION_ROOT = Set.of(APP_ROOT + ".ConsoleApplication", APP_ROOT + ".ViewModels",
            APP_ROOT + ".session.HostSession", APP_ROOT + ".session.SandboxCleanup", APP_ROOT + ".ScreenshotMode",
            APP_ROOT + ".ScreenshotSet");

    /** core and the stand-ins are toolkit-free: the CLI runs where no JavaFX is installed. */
    static final ArchRule CORE_HAS_NO_JAVAFX = noClasses().that().resideInAnyPackage("dev.cumps.core..", "dev.cumps.sim..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "org.testfx..")
            .because("core is the toolkit-free domain shared by the CLI and the window");

    /**
     * A view: a class of the window that is a JavaFX node, window or dialog, or builds one, or is
     * named like a view ({@code *View}, {@code *Dialog}, {@code *Pane}, {@code ConsoleWindow}); the
     * nested and anonymous classes of a view are part of it.
     */
    static final DescribedPredicate<JavaClass> VIEWS = DescribedPredicate.describe("views (JavaFX nodes, windows, dialogs, "
            + "classes that build them, *View, *Dialog, *Pane, ConsoleWindow)", ProjectRules::isViewOrInsideOne);

    /** Views show what their view model exposes; they never hold or call core types. */
    static final ArchRule VIEWS_ARE_FREE_OF_CORE = noClasses().that().resideInAPackage("dev.cumps.app..").and(VIEWS)
            .should().dependOnClassesThat().resideInAnyPackage("dev.cumps.core..", "dev.cumps.sim..")
            .because("view models expose display-ready properties; views bind to them (issue 8, STYLE.md \"Window\")");

    /**
     * The composition root of the window: the classes of {@code dev.cumps.app} (and the session) that open the
     * host and wire the view models ({@code ConsoleApplication}, {@code ViewModels}, {@code HostSession}, its {@code SandboxCleanup},
     * {@code ScreenshotMode}, {@code ScreenshotSet}), with their nested and anonymous classes.
     */
    static final DescribedPredicate<JavaClass> COMPOSITION_ROOT_CLASSES = DescribedPredicate.describe(
            "the composition root (" + String.join(", ", new TreeSet<>(COMPOSITION_ROOT)) + ")", ProjectRules::isInCompositionRoot);

    /** View models and views get the core services they use from the factory; they never hold CoreServices. */
    static final ArchRule ONLY_THE_COMPOSITION_ROOT_HOLDS_CORE_SERVICES = noClasses().that().resideInAPackage("dev.cumps.app..")
            .and(DescribedPredicate.not(COMPOSITION_ROOT_CLASSES))
            .should().dependOnClassesThat().haveFullyQualifiedName(CoreServices.class.getName())
            .because("the view-model factory hands each view model only the services it uses (issue 8)");

    /** Every package of the window is its own slice, to the last segment ({@code dev.cumps.app.ui.dialog}, ...). */
    private static final SliceAssignment APP_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            return name.equals(APP_ROOT) || name.startsWith(APP_ROOT + ".") ? SliceIdentifier.of(name) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "every package of the window";
        }
    };

    /**
     * No cycles between the window's packages, each sub-package a slice of its own (the whole-project rule
     * only looks two levels down, where {@code app.ui.dialog} and {@code app.ui.error} are one slice).
     */
    static final ArchRule NO_PACKAGE_CYCLES_IN_APP = slices().assignedFrom(APP_PACKAGES).should().beFreeOfCycles()
            .because("each package of the window is understood and changed alone");

    /** The UI kit ({@code app.ui..}) serves the pages: it knows only itself and the window's words ({@code app.i18n}). */
    static final ArchRule UI_KIT_SERVES_THE_PAGES = noClasses().that().resideInAPackage(APP_ROOT + ".ui..")
            .should().dependOnClassesThat(DescribedPredicate.describe("a window class outside app.ui and app.i18n",
                    (JavaClass target) -> target.getPackageName().startsWith(APP_ROOT)
                            && !target.getPackageName().startsWith(APP_ROOT + ".ui")
                            && !target.getPackageName().startsWith(APP_ROOT + ".i18n")))
            .because("the kit is shared by every page; a page's class in it would tie the pages together");

    /**
     * The kit's own layers: the executor and clipboard ({@code app.ui}) under everything; styles under tables
     * and dialogs; dialogs under the error report; tables, error report and window placement used by no other part.
     */
    static final ArchRule UI_KIT_LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("Base").definedBy(APP_ROOT + ".ui")
            .layer("Style").definedBy(APP_ROOT + ".ui.style..")
            .layer("Table").definedBy(APP_ROOT + ".ui.table..")
            .layer("Dialog").definedBy(APP_ROOT + ".ui.dialog..")
            .layer("Error").definedBy(APP_ROOT + ".ui.error..")
            .layer("Window").definedBy(APP_ROOT + ".ui.window..")
            .whereLayer("Base").mayOnlyBeAccessedByLayers("Style", "Table", "Dialog", "Error", "Window")
            .whereLayer("Style").mayOnlyBeAccessedByLayers("Table", "Dialog", "Error")
            .whereLayer("Dialog").mayOnlyBeAccessedByLayers("Error")
            .whereLayer("Table").mayNotBeAccessedByAnyLayer()
            .whereLayer("Error").mayNotBeAccessedByAnyLayer()
            .whereLayer("Window").mayNotBeAccessedByAnyLayer()
            .because("the kit reads bottom-up: executor, styles, cells and dialogs, error report (package-info of app.ui)");

    /** The session ({@code app.session}: the host, the demo, the guard) is below the window: it uses only core. */
    static final ArchRule SESSION_USES_ONLY_CORE = noClasses().that().resideInAPackage(APP_ROOT + ".session..")
            .should().dependOnClassesThat(JavaClass.Predicates.resideInAnyPackage(APP_ROOT + "..", "javafx..")
                    .and(JavaClass.Predicates.resideOutsideOfPackage(APP_ROOT + ".session..")))
            .because("the session opens and closes the host; the window is built on it, never inside it");

    /** Only the composition root ({@code dev.cumps.app} itself) opens a session; pages and the kit never see it. */
    static final ArchRule ONLY_THE_ROOT_OPENS_A_SESSION = noClasses().that().resideInAPackage(APP_ROOT + "..")
            .and().resideOutsideOfPackages(APP_ROOT, APP_ROOT + ".session..")
            .should().dependOnClassesThat().resideInAPackage(APP_ROOT + ".session..")
            .because("view models get their services from the factory, not from the session");

    private ProjectRules() {
    }

    private static boolean isViewOrInsideOne(JavaClass type) {
        for (Optional<JavaClass> c = Optional.of(type); c.isPresent(); c = c.get().getEnclosingClass()) {
            if (isView(c.get())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isInCompositionRoot(JavaClass type) {
        JavaClass top = type;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return COMPOSITION_ROOT.contains(top.getName());
    }

    private static boolean isView(JavaClass type) {
        String name = type.getSimpleName();
        if (name.equals("ConsoleWindow") || VIEW_NAME_SUFFIXES.stream().anyMatch(name::endsWith)) {
            return true;
        }
        if (JAVAFX_VIEW_TYPES.stream().anyMatch(type::isAssignableTo)) {
            return true;
        }
        for (JavaConstructorCall call : type.getConstructorCallsFromSelf()) {
            JavaClass built = call.getTargetOwner();
            if (JAVAFX_VIEW_TYPES.stream().anyMatch(built::isAssignableTo)) {
                return true;
            }
        }
        return false;
    }
}
