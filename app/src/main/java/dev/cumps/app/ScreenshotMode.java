package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.session.HostSession;
import dev.cumps.app.theme.Appearance;
import dev.cumps.app.theme.DesktopScheme;
import dev.cumps.app.theme.ThemeChoice;
import dev.cumps.app.theme.ThemeSwitch;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.PngEncoder;
import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.status.HostStatus;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;

/**
 * {@code --screenshot FILE.png}: wires the window as the application does, collects the host
 * status once (synchronously, so the tables show real data), lays out the main window off screen,
 * writes it as a PNG and exits. With {@code --simulate} it first starts one simulated daemon so
 * that all three tables have rows, and stops it and removes the sandbox afterwards. Works without
 * a display through Monocle (see {@link ConsoleLauncher}).
 */
public final class ScreenshotMode {

    private static final System.Logger LOG = System.getLogger(ScreenshotMode.class.getName());

    /** The simulated daemon shown in screenshots (a short name: the sandbox path is long). */
    static final String DEMO_DAEMON = "demo-gpu0";

    private ScreenshotMode() {
    }

    /** Starts the toolkit, writes the screenshot, stops the toolkit; returns the exit status. */
    static int run(LaunchOptions options, Messages messages) {
        Path file = options.screenshot().orElseThrow();
        try (HostSession session = HostSession.open(options.simulate(), HostEnvironment.current()).closeOnExit();
             FxUiExecutor executor = new FxUiExecutor()) {
            if (options.simulate()) {
                startDemoDaemon(session);
            }
            Instant started = Instant.now();
            long t0 = System.nanoTime();
            HostStatus status = session.services().status().collect();
            MainViewModel.Snapshot snapshot = new MainViewModel.Snapshot(status, started, Duration.ofNanos(System.nanoTime() - t0));
            ViewModels viewModels = ViewModels.create(session.services(), executor, messages, text -> { },
                    Clock.systemDefaultZone());
            ThemeSwitch theme = theme(options.theme().orElse(ThemeChoice.LIGHT));
            CompletableFuture<Void> done = new CompletableFuture<>();
            Platform.startup(() -> {
                try {
                    ConsoleWindow.Built window = ConsoleWindow.build(viewModels, ConsoleWindow::standardPanes, theme);
                    window.viewModel().apply(snapshot);
                    window.viewModel().daemons().stream().findFirst().ifPresent(window.viewModel()::select);
                    write(window.scene(), file);
                    done.complete(null);
                } catch (Throwable e) {
                    done.completeExceptionally(e);
                }
            });
            done.get(2, TimeUnit.MINUTES);
            LOG.log(Level.INFO, messages.get("screenshot.written", file.toAbsolutePath()));
            return 0;
        } catch (ExecutionException e) {
            LOG.log(Level.ERROR, "Screenshot failed", e.getCause());
            return 1;
        } catch (TimeoutException | InterruptedException | RuntimeException e) {
            LOG.log(Level.ERROR, "Screenshot did not finish", e);
            return 1;
        } finally {
            Platform.exit();
        }
    }

    /** The screenshot's look: light unless {@code --theme} says otherwise ({@code system} asks the desktop); nothing is saved. */
    private static ThemeSwitch theme(ThemeChoice choice) {
        Appearance desktop = choice == ThemeChoice.SYSTEM
                ? new DesktopScheme(CoreServices.processRunner(), System.getenv()).detect()
                : Appearance.LIGHT;
        return new ThemeSwitch(choice, desktop, unsaved -> { });
    }

    private static void startDemoDaemon(HostSession session) {
        try {
            session.services().starter().start(new StartRequest(Optional.of("0"), Optional.of(DEMO_DAEMON),
                    Optional.empty(), Optional.empty()), stage -> { });
        } catch (CumpsException e) {
            LOG.log(Level.WARNING, "The screenshot shows no daemon: " + e.getMessage());
        }
    }

    /** Snapshots {@code scene} (laid out and styled by the snapshot) into {@code file}. On the FX thread. */
    public static void write(Scene scene, Path file) throws IOException {
        WritableImage image = scene.snapshot(null);
        PngEncoder.write(image, file);
    }
}
