package dev.cumps.app;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.theme.ThemeChoice;
import dev.cumps.app.theme.ThemeSwitch;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import dev.cumps.core.record.ManagedDaemon;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.PopupWindow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * One pane of the window (doctor, env, log, activity, or several in tabs) on TestFX's primary
 * stage, for the pane tests: the TestFX start-up that {@link ConsoleExtension} does for the whole
 * window. One {@link SimulatedConsole} per test class (opened before the first test, set up once
 * with {@link #withHost}, closed with the class), and per test: a fresh executor of the chosen
 * kind, a {@link ConsoleContext} over it, and the pane the test's factory builds, shown in a scene
 * with the window's stylesheet. After each test an FX executor is closed (it waits for its worker).
 *
 * <pre>{@code
 * @RegisterExtension
 * final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).withHost(h -> h.live("t1", 0))
 *         .systemClipboard().size(1000, 600)
 *         .showing(p -> new DoctorView(p.viewModels().doctor()));
 * }</pre>
 *
 * Register it as an instance field, so the factory may keep what it builds in the test's fields.
 * Test methods may take an {@link FxRobot} or the {@link SimulatedConsole} as parameters.
 */
public final class PaneExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

    /** Which executor the pane's view models run their work on. */
    public enum ExecutorKind {
        /** A worker thread, results on the FX thread, as in the window ({@link FxUiExecutor}). */
        FX,
        /** The calling thread ({@link CurrentThreadUiExecutor}): every action done when it returns. */
        CURRENT_THREAD
    }

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PaneExtension.class);

    private final Locale locale;
    private final Consumer<SimulatedConsole> hostSetup;
    private final ExecutorKind kind;
    private final UnaryOperator<UiExecutor> wrap;
    private final boolean systemClipboard;
    private final double width;
    private final double height;
    private final Function<PaneExtension, Parent> factory;

    private SimulatedConsole host;
    private FxUiExecutor fxExecutor;
    private ConsoleContext context;
    private ViewModels viewModels;
    private Stage stage;

    private PaneExtension(Locale locale, Consumer<SimulatedConsole> hostSetup, ExecutorKind kind, UnaryOperator<UiExecutor> wrap,
            boolean systemClipboard, double width, double height, Function<PaneExtension, Parent> factory) {
        this.locale = Objects.requireNonNull(locale, "locale");
        this.hostSetup = hostSetup;
        this.kind = kind;
        this.wrap = wrap;
        this.systemClipboard = systemClipboard;
        this.width = width;
        this.height = height;
        this.factory = factory;
    }

    /** A pane in {@code locale}, on an FX executor, 800 × 300, with the test host's clipboard list. */
    public static PaneExtension in(Locale locale) {
        return new PaneExtension(locale, host -> { }, ExecutorKind.FX, UnaryOperator.identity(), false, 800, 300, p -> {
            throw new IllegalStateException("PaneExtension: no pane; call showing(...)");
        });
    }

    /** Runs {@code setup} once on the class's simulated host, before its first test (e.g. start a daemon). */
    public PaneExtension withHost(Consumer<SimulatedConsole> setup) {
        return new PaneExtension(locale, setup, kind, wrap, systemClipboard, width, height, factory);
    }

    /** The executor kind of the pane's context. */
    public PaneExtension executor(ExecutorKind executorKind) {
        return new PaneExtension(locale, hostSetup, executorKind, wrap, systemClipboard, width, height, factory);
    }

    /** The context's executor is {@code wrapper} applied to the chosen one (e.g. one that holds work back). */
    public PaneExtension wrapExecutor(UnaryOperator<UiExecutor> wrapper) {
        return new PaneExtension(locale, hostSetup, kind, wrapper, systemClipboard, width, height, factory);
    }

    /** Copy goes to the system clipboard (as in the window) instead of the host's list. */
    public PaneExtension systemClipboard() {
        return new PaneExtension(locale, hostSetup, kind, wrap, true, width, height, factory);
    }

    /** The scene's size. */
    public PaneExtension size(double sceneWidth, double sceneHeight) {
        return new PaneExtension(locale, hostSetup, kind, wrap, systemClipboard, sceneWidth, sceneHeight, factory);
    }

    /** The pane to show; called on the FX thread before each test, after the context is made. */
    public PaneExtension showing(Function<PaneExtension, Parent> pane) {
        return new PaneExtension(locale, hostSetup, kind, wrap, systemClipboard, width, height, pane);
    }

    @Override
    public void beforeEach(ExtensionContext extension) throws Exception {
        host = classHost(extension);
        stage = FxToolkit.registerPrimaryStage();
        UiExecutor executor;
        if (kind == ExecutorKind.FX) {
            fxExecutor = new FxUiExecutor();
            executor = fxExecutor;
        } else {
            fxExecutor = null;
            executor = new CurrentThreadUiExecutor();
        }
        Messages messages = Messages.forLocale(locale);
        UiExecutor used = wrap.apply(executor);
        context = systemClipboard ? host.context(used, messages, ClipboardSink.system()) : host.context(used, messages);
        viewModels = host.viewModels(context);
        WaitForAsyncUtils.asyncFx(() -> {
            Parent root = factory.apply(this);
            // The window's look: AtlantaFX light, as ConsoleWindow.build installs it (console.css builds on its colours).
            ThemeSwitch.unsaved(ThemeChoice.LIGHT).applyTo(root);
            Scene scene = new Scene(root, width, height);
            ConsoleStylesheet.applyTo(scene);
            stage.setScene(scene);
            stage.show();
        }).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Override
    public void afterEach(ExtensionContext extension) throws Exception {
        if (stage != null) {
            // Take the pane off the stage first: a pane that ticks (the control log) stops when its window goes,
            // and must not submit to the executor closed below.
            // Its popups first (a disabled button's reason shown on focus): JavaFX cannot hide a popup whose window has no scene.
            WaitForAsyncUtils.asyncFx(() -> {
                List.copyOf(Window.getWindows()).stream().filter(PopupWindow.class::isInstance).forEach(Window::hide);
                stage.setScene(null);
            }).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        }
        if (fxExecutor != null) {
            fxExecutor.close();
        }
        if (stage != null) {
            WindowFixture.closeOtherWindows(stage);
        }
    }

    /** The class's host: opened and set up for the first test, closed when the class ends. */
    private SimulatedConsole classHost(ExtensionContext extension) {
        ExtensionContext classContext = extension.getParent().orElse(extension);
        return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(ClassHost.class, key -> {
            SimulatedConsole opened = SimulatedConsole.open();
            try {
                hostSetup.accept(opened);
            } catch (RuntimeException | Error e) {
                opened.close();
                throw e;
            }
            return new ClassHost(opened);
        }, ClassHost.class).host();
    }

    /** Closes the class's host when JUnit closes the class's store (it closes AutoCloseable values). */
    private record ClassHost(SimulatedConsole host) implements AutoCloseable {
        @Override
        public void close() {
            host.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        Class<?> type = parameter.getParameter().getType();
        return type == FxRobot.class || type == SimulatedConsole.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.getParameter().getType() == SimulatedConsole.class ? host : new FxRobot();
    }

    /** The class's simulated host. */
    public SimulatedConsole host() {
        return host;
    }

    /** The current test's context (its executor, messages, activity log, clipboard). */
    public ConsoleContext context() {
        return context;
    }

    /** The view-model factory of the current test, on its context and the class's host. */
    public ViewModels viewModels() {
        return viewModels;
    }

    /** The messages of the pane's language. */
    public Messages messages() {
        return context.messages();
    }

    /** The FX executor of the current test (close it to wait for its worker); absent for the calling-thread kind. */
    public FxUiExecutor fxExecutor() {
        return Objects.requireNonNull(fxExecutor, "the pane runs on the calling thread");
    }

    /** The daemon {@code name} of the host as the core assesses it now. */
    public ManagedDaemon daemon(String name) {
        return host.services().status().collect().daemons().stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no daemon " + name + " on the pane's host"));
    }
}
