package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.context.ConsoleContext;
import java.time.Clock;
import java.util.Optional;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.ErrorReporter;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.WindowState;
import dev.cumps.app.ui.WindowStateStore;
import dev.cumps.core.host.HostEnvironment;
import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application; started by {@link ConsoleLauncher}. Wires everything by hand. */
public final class ConsoleApplication extends Application {

    private LaunchOptions options = LaunchOptions.DEFAULTS;
    private Messages messages;
    private WindowStateStore windowStateStore;
    private HostSession session;
    private FxUiExecutor executor;
    private ConsoleWindow.Built window;

    @Override
    public void init() {
        Messages systemMessages = Messages.forSystemLocale();
        options = LaunchOptions.parse(getParameters().getRaw().toArray(String[]::new), systemMessages);
        messages = options.language().map(Messages::forLocale).orElse(systemMessages);
        windowStateStore = new WindowStateStore(
                WindowStateStore.defaultLocation(System.getenv(), System.getProperty("user.home")));
        session = HostSession.open(options.simulate(), HostEnvironment.current()).closeOnExit();
    }

    @Override
    public void start(Stage stage) {
        ErrorReporter.forWindow(messages).installOnCurrentThread();
        executor = new FxUiExecutor();
        Clock clock = Clock.systemDefaultZone();
        ConsoleContext ctx = new ConsoleContext(session.services(), executor, messages, new ActivityLog(clock),
                ClipboardSink.system(), clock);
        window = ConsoleWindow.build(ctx);
        stage.setTitle(ConsoleWindow.title(options.simulate(), messages));
        stage.setScene(window.scene());
        stage.setMinWidth(WindowState.MIN_WIDTH);
        stage.setMinHeight(WindowState.MIN_HEIGHT);
        Optional<WindowState> saved = windowStateStore.load();
        windowStateStore.restore(stage);
        stage.setOnHidden(event -> windowStateStore.save(WindowStateStore.capture(stage, saved)));
        window.refresh().followWindow(stage);
        // The first collection (nvidia-smi, the records) runs on a worker while the FX thread lays out
        // and paints the window for the first time; the periodic refresh's own first run then finds it
        // running and waits for the next period (docs/performance.md).
        window.viewModel().refresh();
        stage.show();
        window.refresh().start();
    }

    /** Window closed (or Platform.exit): stop refreshing; in --simulate, stop the daemons and remove the sandbox. */
    @Override
    public void stop() {
        if (window != null) {
            window.refresh().stop();
        }
        if (executor != null) {
            executor.close();
        }
        if (session != null) {
            session.close();
        }
    }
}
