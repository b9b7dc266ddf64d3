package dev.cumps.app;

import java.util.Optional;

import dev.cumps.app.ui.ErrorReporter;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.WindowState;
import dev.cumps.app.ui.WindowStateStore;
import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application; started by {@link ConsoleLauncher}. */
public final class ConsoleApplication extends Application {

    private LaunchOptions options = LaunchOptions.DEFAULTS;
    private Messages messages;
    private WindowStateStore windowStateStore;
    private FxUiExecutor executor;

    @Override
    public void init() {
        Messages systemMessages = Messages.forSystemLocale();
        options = LaunchOptions.parse(getParameters().getRaw().toArray(String[]::new), systemMessages);
        messages = options.language().map(Messages::forLocale).orElse(systemMessages);
        windowStateStore = new WindowStateStore(
                WindowStateStore.defaultLocation(System.getenv(), System.getProperty("user.home")));
    }

    @Override
    public void start(Stage stage) {
        ErrorReporter.forWindow(messages).installOnCurrentThread();
        executor = new FxUiExecutor(); // handed to view models once they call core services
        stage.setTitle(ConsoleWindow.title(options, messages));
        stage.setScene(ConsoleWindow.createScene(options, messages));
        stage.setMinWidth(WindowState.MIN_WIDTH);
        stage.setMinHeight(WindowState.MIN_HEIGHT);
        Optional<WindowState> saved = windowStateStore.load();
        windowStateStore.restore(stage);
        stage.setOnHidden(event -> windowStateStore.save(WindowStateStore.capture(stage, saved)));
        stage.show();
    }

    @Override
    public void stop() {
        if (executor != null) {
            executor.close();
        }
    }
}
