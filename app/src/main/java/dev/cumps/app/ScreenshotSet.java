package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.session.HostSession;
import dev.cumps.app.session.SimulateDemo;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.record.DaemonRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.System.Logger.Level;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * {@code --simulate --screenshots DIR [--lang L]}: the documentation's screenshot set of one
 * language ({@link ScreenshotTour#VIEWS}), taken from the real window on a private simulated host.
 * The host is the {@code --simulate} demo (daemon {@value SimulateDemo#NAME} on GPU 0 with two
 * clients) plus a crashed daemon: one more daemon, {@value #CRASHED}, started first and killed with
 * SIGKILL by this run (its pid, with the start time of its record checked right before), which
 * leaves the stale record the doctor's Fix… dialog offers to remove. Afterwards the demo's clients
 * are ended, the daemons stopped and the sandbox removed (the {@link HostSession}). Without a
 * display it renders with Monocle ({@link ConsoleLauncher}).
 */
public final class ScreenshotSet {

    private static final System.Logger LOG = System.getLogger(ScreenshotSet.class.getName());

    /** The daemon killed to leave a stale record. */
    static final String CRASHED = "old-job";
    /** How long one step (a daemon start, a doctor run, a pane filling) may take on a busy machine. */
    static final Duration STEP = Duration.ofMinutes(2);

    private ScreenshotSet() {
    }

    /**
     * Writes the set into {@code dir} (created if missing); returns the exit status. A failure is one
     * {@code error:} line on {@code err} (the stack trace goes to the log at DEBUG).
     */
    static int run(Path dir, Messages messages, PrintStream err) {
        try {
            Files.createDirectories(dir);
            if (!Files.isWritable(dir)) {
                throw new AccessDeniedException(dir.toString());
            }
        } catch (FileAlreadyExistsException e) {
            err.println(messages.get("screenshots.error.dir", dir, messages.get("screenshots.error.notDirectory")));
            return 1;
        } catch (IOException e) {
            err.println(messages.get("screenshots.error.dir", dir, messages.errorText(e).orElse(e.getClass().getSimpleName())));
            return 1;
        }
        try (HostSession session = HostSession.open(true, HostEnvironment.current()).closeOnExit();
             FxUiExecutor executor = new FxUiExecutor()) {
            leaveStaleRecord(session.services());
            session.startDemo();
            ViewModels viewModels = ViewModels.create(session.services(), executor, messages, text -> { },
                    Clock.systemDefaultZone());
            CompletableFuture<Void> toolkit = new CompletableFuture<>();
            Platform.startup(() -> toolkit.complete(null));
            toolkit.get(STEP.toMillis(), TimeUnit.MILLISECONDS);
            List<Path> written = new ScreenshotTour(viewModels, dir, language(messages.locale()), SimulateDemo.NAME, 2,
                    SimulateDemo.CLIENT_MEMORY_MIB.size(),
                    new ScreenshotRobot(STEP)).takeAll();
            LOG.log(Level.INFO, messages.get("screenshots.written", dir.toAbsolutePath(), written.size()));
            return 0;
        } catch (Exception e) {
            LOG.log(Level.DEBUG, "The screenshot set was not written", e);
            err.println(messages.get("screenshots.error.failed", messages.errorText(e).orElse(e.getClass().getSimpleName()),
                    dir));
            return 1;
        } finally {
            Platform.exit();
        }
    }

    /**
     * The language the pictures are named after: {@code locale} when the window speaks it, else English
     * (what the window shows for any other desktop language, e.g. without {@code --lang} under {@code LANG=C}).
     */
    static Locale language(Locale locale) {
        return Messages.SUPPORTED.contains(locale) ? locale : Locale.ENGLISH;
    }

    /**
     * Starts {@link #CRASHED} on GPU 0 and kills it with SIGKILL, as a crash would: only the process this
     * run started (its pid still running with the start time in its record, checked right before the
     * signal, through a handle that carries that start time), then waits until it is gone.
     */
    private static void leaveStaleRecord(CoreServices services) throws Exception {
        DaemonRecord record = services.starter().start(new StartRequest(Optional.of("0"), Optional.of(CRASHED), Optional.empty(),
                Optional.empty()), stage -> { });
        ProcessHandle daemon = ProcessHandle.of(record.pid())
                .orElseThrow(() -> new IllegalStateException("the daemon " + CRASHED + " (pid " + record.pid() + ") is gone"));
        if (!services.processes().isAlive(record.identity())) {
            throw new IllegalStateException("pid " + record.pid() + " no longer runs the daemon " + CRASHED);
        }
        daemon.destroyForcibly();
        daemon.onExit().get(STEP.toMillis(), TimeUnit.MILLISECONDS);
    }
}
