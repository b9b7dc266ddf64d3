package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real main window on TestFX's primary stage against a fresh {@link SimulatedConsole}, for one
 * test at a time: opened before each test, and after it the periodic refresh stopped, the dialogs
 * a failed test left open closed, and the simulated host closed (its daemons stopped, any daemon
 * the test started ended by pid, the sandbox removed). Register it as a field:
 *
 * <pre>{@code
 * @RegisterExtension
 * final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);
 * }</pre>
 *
 * Test methods take an {@link FxRobot} parameter (and may take the {@link SimulatedConsole} or the
 * {@link ConsoleWindow.Built}); the class's own {@code @AfterEach} runs before the teardown here.
 * {@link #guarded()} also watches the window with a {@link WindowGuard} from the moment it is shown:
 * a test fails when an uncaught exception reached the window's error reporter.
 */
public final class ConsoleExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

    private final Locale locale;
    private final Map<String, String> environment;
    private final ConsoleWindow.PaneFactory panes;
    private final boolean guarded;
    private final LifecycleTimeouts timeouts;
    private SimulatedConsole host;
    private WindowGuard guard;
    private ConsoleWindow.Built window;
    private Stage stage;

    private ConsoleExtension(Locale locale, Map<String, String> environment, ConsoleWindow.PaneFactory panes,
            boolean guarded, LifecycleTimeouts timeouts) {
        this.locale = Objects.requireNonNull(locale, "locale");
        this.environment = Map.copyOf(environment);
        this.panes = Objects.requireNonNull(panes, "panes");
        this.guarded = guarded;
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
    }

    /** The window in {@code locale} with the standard panes. The periodic refresh is not started. */
    public static ConsoleExtension showing(Locale locale) {
        return new ConsoleExtension(locale, Map.of(), ConsoleWindow::standardPanes, false, LifecycleTimeouts.defaults());
    }

    /** The same window with the lower panes {@code panes} builds. */
    public ConsoleExtension withPanes(ConsoleWindow.PaneFactory factory) {
        return new ConsoleExtension(locale, environment, factory, guarded, timeouts);
    }

    /** The same window on a host whose start and stop wait as long as {@code waits} allow. */
    public ConsoleExtension withTimeouts(LifecycleTimeouts waits) {
        return new ConsoleExtension(locale, environment, panes, guarded, waits);
    }

    /** The same window, watched by a {@link WindowGuard} ({@link #guard()}) that fails the test on an uncaught error. */
    public ConsoleExtension guarded() {
        return new ConsoleExtension(locale, environment, panes, true, timeouts);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        host = SimulatedConsole.open(environment, timeouts);
        window = WaitForAsyncUtils.asyncFx(() -> WindowFixture.show(stage, host, locale, panes))
                .get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        // As TestFX's ApplicationExtension: the first layout pass (skins, lookups) is done when a test begins.
        WaitForAsyncUtils.waitForFxEvents();
        guard = guarded ? new WindowGuard(Messages.forLocale(locale)) : null;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            if (guard != null) {
                guard.assertNoUncaughtErrors();
            }
        } finally {
            tearDown();
        }
    }

    private void tearDown() throws Exception {
        try {
            if (guard != null) {
                guard.close();
                guard = null;
            }
            if (window != null) {
                WaitForAsyncUtils.asyncFx(() -> window.refresh().stop()).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
            }
            if (stage != null) {
                WindowFixture.closeOtherWindows(stage);
            }
        } finally {
            if (host != null) {
                host.close();
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == FxRobot.class || type == SimulatedConsole.class || type == ConsoleWindow.Built.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (type == SimulatedConsole.class) {
            return host;
        }
        if (type == ConsoleWindow.Built.class) {
            return window;
        }
        return new FxRobot();
    }

    /** The simulated host of the current test. */
    public SimulatedConsole host() {
        return host;
    }

    /** The window of the current test. */
    public ConsoleWindow.Built window() {
        return window;
    }

    /** The guard watching the current test's window ({@link #guarded()} only). */
    public WindowGuard guard() {
        return Objects.requireNonNull(guard, "not a guarded() console");
    }

    /** The stage that shows it (TestFX's primary stage). */
    public Stage stage() {
        return stage;
    }
}
