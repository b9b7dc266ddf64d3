package dev.cumps.app;

import dev.cumps.app.main.MainView;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.ui.Styles;
import javafx.scene.Scene;

/** Builds the main window's scene; shared by the window and the screenshot mode. */
public final class ConsoleWindow {

    public static final double DEFAULT_WIDTH = 1100;
    public static final double DEFAULT_HEIGHT = 720;

    private ConsoleWindow() {
    }

    public static Scene createScene(LaunchOptions options, Messages messages) {
        MainView view = new MainView(new MainViewModel(options.simulate()), messages);
        Scene scene = new Scene(view, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        Styles.applyTo(scene);
        return scene;
    }

    public static String title(LaunchOptions options, Messages messages) {
        return options.simulate()
                ? messages.get("app.title") + " — " + messages.get("app.simulated")
                : messages.get("app.title");
    }
}
