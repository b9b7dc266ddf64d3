package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.main.ReadAhead;
import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.app.session.HostSession;
import dev.cumps.app.session.SimulateDemo;
import dev.cumps.app.theme.Appearance;
import dev.cumps.app.theme.DesktopScheme;
import dev.cumps.app.theme.ThemeChoice;
import dev.cumps.app.theme.ThemeStore;
import dev.cumps.app.theme.ThemeSwitch;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.Futures;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.LayoutPulses;
import dev.cumps.app.ui.error.ErrorReporter;
import dev.cumps.app.ui.window.WindowPlacement;
import dev.cumps.app.ui.window.WindowStateStore;
import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javafx.application.Application;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.stage.Stage;

/** The JavaFX application; started by {@link ConsoleLauncher}. Wires everything by hand. */
public final class ConsoleApplication extends Application {

    private static final System.Logger LOG = System.getLogger(ConsoleApplication.class.getName());

    /** How long the JVM waits, after the window closed, for the simulated host to be cleaned up. */
    static final Duration CLOSE_LIMIT = Duration.ofSeconds(30);

    /**
     * The host session and the desktop's colour scheme, started by {@link #openAhead} while the toolkit
     * starts; {@link #init()} takes them (null: not started ahead, it opens them itself).
     */
    private static volatile CompletableFuture<HostSession> sessionAhead;
    private static volatile CompletableFuture<Appearance> schemeAhead;
    /** The first refresh's host snapshot, read by {@link #openAhead} once the session is open (null: not started ahead). */
    private static volatile ReadAhead readAhead;

    private LaunchOptions options = LaunchOptions.DEFAULTS;
    private Messages messages;
    private Optional<WindowStateStore> windowStateStore;
    private HostSession session;
    private FxUiExecutor executor;
    private ConsoleWindow.Built window;
    private Optional<ThemeStore> themeStore;
    private ThemeChoice themeChoice;
    private CompletableFuture<Appearance> desktopScheme;
    /** Set when the window closes: work still running then is cut short on purpose, not failing. */
    private volatile boolean closing;

    /**
     * Starts opening the host session (in --simulate the sandbox, its config and its stand-in tools),
     * then reading the host's snapshot for the first refresh, and reading the desktop's colour scheme
     * (gsettings, at most 2 s) on workers, so that they run while the toolkit starts rather than after it. {@link ConsoleLauncher} calls it right before
     * {@code Application.launch} with the options it launches with.
     */
    static void openAhead(LaunchOptions launch) {
        schemeAhead = CompletableFuture.supplyAsync(ConsoleApplication::detectScheme);
        CompletableFuture<HostSession> opening = CompletableFuture.supplyAsync(() -> openSession(launch));
        readAhead = ReadAhead.after(opening.thenApply(session -> session.services().snapshots()), Clock.systemDefaultZone());
        sessionAhead = opening;
    }

    private static Appearance detectScheme() {
        return new DesktopScheme(CoreServices.processRunner(), System.getenv()).detect();
    }

    /** The session on this host, asking control daemons with the client View → Control client saved. */
    private static HostSession openSession(LaunchOptions launch) {
        ControlClientChoice client = controlClientStore().flatMap(ControlClientStore::load).orElse(ControlClientChoice.AUTOMATIC);
        return HostSession.open(launch.simulate(), client.applyTo(HostEnvironment.current())).closeOnExit();
    }

    private static Optional<ControlClientStore> controlClientStore() {
        return WindowStateStore.defaultLocation(System.getenv()).map(ControlClientStore::besideWindowState);
    }

    /** File → Preferences…'s language and refresh interval, beside the window state; none without a settings folder. */
    static Optional<PreferencesStore> preferencesStore() {
        return WindowStateStore.defaultLocation(System.getenv()).map(PreferencesStore::besideWindowState);
    }

    /** The window's language: {@code --lang}, else the one saved in File → Preferences…, else the desktop's (empty). */
    static Optional<Locale> language(LaunchOptions options) {
        return language(options, preferencesStore());
    }

    /** {@code --lang}, else the language saved in {@code store}; empty: the desktop's. */
    static Optional<Locale> language(LaunchOptions options, Optional<PreferencesStore> store) {
        return options.language().or(() -> store.flatMap(PreferencesStore::language));
    }

    @Override
    public void init() {
        Messages systemMessages = Messages.forSystemLocale();
        options = LaunchOptions.parse(getParameters().getRaw().toArray(String[]::new), systemMessages);
        messages = language(options).map(Messages::forLocale).orElse(systemMessages);
        windowStateStore = WindowStateStore.defaultLocation(System.getenv()).map(WindowStateStore::new);
        CompletableFuture<Appearance> scheme = schemeAhead;
        desktopScheme = scheme != null ? scheme : CompletableFuture.supplyAsync(ConsoleApplication::detectScheme);
        themeStore = windowStateStore.map(store -> ThemeStore.besideWindowState(store.file()));
        themeChoice = options.theme().or(() -> themeStore.flatMap(ThemeStore::load)).orElse(ThemeChoice.SYSTEM);
        CompletableFuture<HostSession> opening = sessionAhead;
        session = opening != null ? Futures.joined(opening) : openSession(options);
    }

    @Override
    public void start(Stage stage) {
        ErrorReporter.forWindow(messages).installOnCurrentThread();
        executor = new FxUiExecutor();
        ViewModels viewModels = ViewModels.create(session.services(), executor, messages, ClipboardSink.system(),
                Clock.systemDefaultZone());
        MainViewModel main = viewModels.main();
        // The first collection (nvidia-smi, the records; the refresh's own, through its guard, its read
        // begun when the session opened) runs on workers while the FX thread builds, lays out and paints
        // the window, so that the first layouts after the show can already fill the tables; the periodic
        // refresh then runs first one period later, not again at once (docs/performance.md).
        ReadAhead ahead = readAhead;
        if (ahead != null) {
            main.refreshFrom(ahead);
        } else {
            main.refresh();
        }
        ThemeSwitch theme = new ThemeSwitch(themeChoice, desktopScheme.join(), choice -> themeStore.ifPresent(store -> store.save(choice)));
        window = ConsoleWindow.build(viewModels, main, ConsoleWindow::standardPanes, theme,
                ControlClientSetting.of(controlClientStore(), System.getenv()), preferencesStore());
        stage.setTitle(ConsoleWindow.title(options.simulate(), messages));
        stage.setScene(window.scene());
        WindowPlacement.load(windowStateStore).attach(stage, executor);
        window.refresh().followWindow(stage);
        FirstStatusLog.install(stage, window.scene(), window.viewModel());
        // Shown from the FX thread's queue, behind what waits there: a first collection that ended while the
        // window was built is applied first, so the first layout fills the tables (one pass, not two).
        executor.runOnUi(() -> show(stage));
    }

    /**
     * Shows the window, then starts the periodic refresh and, in --simulate, once the first status is laid
     * out (or its refresh has failed), the demo or the guard: their JVMs (the guard's; the demo's daemon and
     * two clients) took the two cores the first frames need when they started with the window.
     */
    private void show(Stage stage) {
        stage.show();
        window.refresh().startAfterOwnRefresh();
        if (options.simulate()) {
            ReadOnlyBooleanProperty refreshing = window.viewModel().refreshingProperty();
            LayoutPulses.once(window.scene(), refreshing, () -> stage.isShowing() && !refreshing.get(), this::startSimulatedHost);
        }
    }

    /** --simulate: the demo (its guard first), or with --no-demo the guard alone. */
    private void startSimulatedHost() {
        if (closing) {
            return;
        }
        if (options.simulatedDemo()) {
            startDemo();
        } else {
            executor.task(() -> {
                session.guardAgainstSuddenExit();
                return null;
            }).onFailure(error -> warnUnlessClosing("No guard for the simulated host", error)).start();
        }
    }

    /**
     * --simulate (without --no-demo): the demo daemon with two clients, set up on a worker (it launches the stand-ins);
     * then a refresh shows it, selected. Cleaned up by the session when the window closes, or by its guard
     * (started first) when the JVM ends without that (the X server went away).
     */
    private void startDemo() {
        executor.task(() -> {
            session.guardAgainstSuddenExit();
            session.startDemo();
            return SimulateDemo.NAME;
        }).onSuccess(name -> {
            // Selected now if a refresh already shows it, else when one does (unless the user chose a row).
            if (window.viewModel().selectedRowProperty().get() == null) {
                window.viewModel().tables().selectName(name);
            }
            window.viewModel().refresh();
        }).onFailure(error -> warnUnlessClosing("The simulated demo could not be set up", error)).start();
    }

    /**
     * A warning with its cause; when the window was closed meanwhile (within a second or two of the
     * start, while the demo was still being set up), the closing interrupted the work: one debug line.
     */
    private void warnUnlessClosing(String what, Throwable error) {
        if (closing) {
            LOG.log(Level.DEBUG, () -> what + ": the window was closed first (" + error + ")");
        } else {
            LOG.log(Level.WARNING, what, error);
        }
    }

    /**
     * Window closed (or Platform.exit), on the FX thread: stop refreshing; in --simulate, stop the
     * daemons and remove the sandbox on a background thread, so that the FX thread is not held (the
     * JVM exits when that is done, at most {@link #CLOSE_LIMIT} later; the shutdown hook stays).
     */
    @Override
    public void stop() {
        closing = true;
        if (window != null) {
            window.refresh().stop();
        }
        if (executor != null) {
            executor.close();
        }
        if (session != null) {
            session.closeInBackground(CLOSE_LIMIT);
        }
    }
}
