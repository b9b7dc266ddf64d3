package dev.cumps.app.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.lang.ArchRule;
import dev.cumps.core.CoreServices;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The whole-project rules that need the window's classes and JavaFX on the class path. */
final class ProjectRules {
    private static final Set<String> JAVAFX_VIEW_TYPES = Set.of("javafx.scene.Node", "javafx.stage.Window", "javafx.scene.control.Dialog");
    private static final Set<String> VIEW_NAME_SUFFIXES = Set.of("View", "Dialog", "Pane");
    private static final String APP_ROOT = "dev.cumps.app";
    private static final Set<String> COMPOSITION_ROOT = Set.of("ConsoleApplication", "ViewModels", "HostSession", "ScreenshotMode",
            "ScreenshotSet");

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
            .because("view models expose display-ready properties; views bind to them (STYLE.md \"Window\")");

    /**
     * The composition root of the window: the classes of {@code dev.cumps.app} itself that open the
     * host and wire the view models ({@code ConsoleApplication}, {@code ViewModels}, {@code HostSession},
     * {@code ScreenshotMode}, {@code ScreenshotSet}), with their nested and anonymous classes.
     */
    static final DescribedPredicate<JavaClass> COMPOSITION_ROOT_CLASSES = DescribedPredicate.describe(
            "the composition root (" + String.join(", ", new TreeSet<>(COMPOSITION_ROOT)) + ")", ProjectRules::isInCompositionRoot);

    /** View models and views get the core services they use from the factory; they never hold CoreServices. */
    static final ArchRule ONLY_THE_COMPOSITION_ROOT_HOLDS_CORE_SERVICES = noClasses().that().resideInAPackage("dev.cumps.app..")
            .and(DescribedPredicate.not(COMPOSITION_ROOT_CLASSES))
            .should().dependOnClassesThat().haveFullyQualifiedName(CoreServices.class.getName())
            .because("the view-model factory hands each view model only the services it uses");

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
        return top.getPackageName().equals(APP_ROOT) && COMPOSITION_ROOT.contains(top.getSimpleName());
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
