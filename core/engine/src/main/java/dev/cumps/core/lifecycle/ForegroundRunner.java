package dev.cumps.core.lifecycle;

import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.RecordLookup;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Foreground runs: {@code nvidia-cuda-mps-control -f} attached to the caller's terminal, started
 * through the same transaction as a detached start; the record is written once the daemon answers
 * and removed when it exits. NVIDIA's foreground daemon writes its log to stdout (the caller's
 * terminal), not to {@code control.log}, and R470/R535 write no pid file: its pid is the process
 * started here, cross-checked with its {@code /proc} environment ({@link LaunchIdentity}).
 */
public final class ForegroundRunner {
    private final LifecycleContext c;
    private final DaemonStarter starter;

    public ForegroundRunner(LifecycleContext c, DaemonStarter starter) {
        this.c = c;
        this.starter = starter;
    }

    /** Runs the daemon until it exits and returns its exit status (1 if it still runs after an interrupt). */
    public int run(StartRequest request, ProcessSpawner spawner, Consumer<DaemonRecord> onRecorded, Consumer<StartStage> progress) {
        AtomicReference<ProcessSpawner.Spawned> spawned = new AtomicReference<>();
        DaemonRecord record = starter.start(request, progress, environment -> {
            try {
                ProcessSpawner.Spawned daemon = spawner.spawn(new CommandSpec(List.of(MpsControl.PROGRAM, "-f"), environment, null,
                        c.timeouts().launch()));
                spawned.set(daemon);
                // NVIDIA's -f daemon runs in this very process (it does not fork): its pid is the daemon's, checked
                // against its /proc environment (this launch's nonce, this pipe directory) before it is recorded.
                return DaemonStarter.Launched.daemonProcess(daemon.pid());
            } catch (IOException e) {
                return DaemonStarter.Launched.failed(Message.of(LifecycleMessages.LAUNCH_FAILED, MpsControl.PROGRAM + " -f",
                        String.valueOf(e.getMessage())));
            }
        });
        ProcessSpawner.Spawned daemon = spawned.get();
        onRecorded.accept(record);
        try {
            while (!daemon.waitFor(Duration.ofSeconds(1))) {
                // The daemon runs until it is told to quit or dies.
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            end(record);
        }
        return daemon.isAlive() ? 1 : daemon.exitValue();
    }

    /**
     * Ends a foreground run: {@code quit} if the recorded daemon still runs, a bounded wait for it to
     * exit, then removal of its record (only if the record still names that very process). Safe to
     * call twice, from the waiting thread and from a Ctrl-C hook.
     */
    public void end(DaemonRecord record) {
        if (c.processes().isAlive(record.identity())) {
            c.control().ask(record.pipeDirectory(), record.logDirectory(), "quit");
            c.waits().exit(record.identity());
        }
        if (c.processes().isAlive(record.identity())) {
            return;
        }
        synchronized (this) {
            try (NameLock lock = c.store().locks().lock(record.name());
                 NameLock pipeLock = c.locks().lockPipe(record.pipeDirectory())) {
                if (c.store().lookup(record.name()) instanceof RecordLookup.Found found
                        && found.record().identity().equals(record.identity())) {
                    c.store().remove(record.name());
                    c.leftovers().removeAfterExit(record.pipeDirectory(), record.pid());
                }
            } catch (CumpsException busy) {
                LifecycleLog.log().log(System.Logger.Level.DEBUG, "record {0} is being removed elsewhere: {1}", record.name(),
                        busy.getMessage());
            }
        }
    }
}
