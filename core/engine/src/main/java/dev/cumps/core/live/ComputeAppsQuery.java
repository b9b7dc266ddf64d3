package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.GpuMessages;
import dev.cumps.core.gpu.NvidiaSmi;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * The one {@code --query-compute-apps} run of a snapshot, started at most once, on its own daemon thread
 * (by the first server that lists a client, or when the result is needed), and only when the GPU query
 * succeeded.
 */
final class ComputeAppsQuery {
    /** How long nvidia-smi may take for the compute-apps query. */
    private static final Duration SMI_TIMEOUT = NvidiaSmi.TIMEOUT;
    private final CommandRunner runner;
    private final HostEnvironment host;
    private final Supplier<GpuInventory> gpus;
    private final List<Message> problems = new ArrayList<>();
    private final FutureTask<List<ComputeApp>> task;
    private boolean started;

    ComputeAppsQuery(CommandRunner runner, HostEnvironment host, Supplier<GpuInventory> gpus) {
        this.runner = runner;
        this.host = host;
        this.gpus = gpus;
        this.task = new FutureTask<>(this::query);
    }

    private List<ComputeApp> query() {
        return gpus.get().nvidiaSmiAvailable() ? computeApps(problems) : List.of();
    }

    /** Starts the query unless it already runs. */
    synchronized void start() {
        if (!started) {
            started = true;
            Thread thread = new Thread(task, "cumps-compute-apps");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Waits for the query if it was started, its answer unused; bounded by nvidia-smi's timeout. */
    void awaitUnused() {
        synchronized (this) {
            if (!started) {
                return;
            }
        }
        try {
            task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // Its answer is not used, nor is its failure.
        }
    }

    /** The processes on the GPUs, the query's problems added to {@code diagnostics}; bounded by nvidia-smi's timeout. */
    List<ComputeApp> result(List<Message> diagnostics) {
        start();
        try {
            List<ComputeApp> rows = task.get();
            diagnostics.addAll(problems); // written before the task completed, read after: get() orders them
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            // As the runner words an interrupted run: nvidia-smi did not answer in time.
            diagnostics.add(Message.of(GpuMessages.SMI_TIMED_OUT, SMI_TIMEOUT.toSeconds()));
            return List.of();
        } catch (ExecutionException e) {
            throw new IllegalStateException("asking nvidia-smi for the processes on the GPUs failed", e.getCause());
        }
    }

    private List<ComputeApp> computeApps(List<Message> diagnostics) {
        List<String> argv = List.of("nvidia-smi", "--query-compute-apps=" + String.join(",", SmiReplies.COMPUTE_APP_FIELDS),
                "--format=csv,noheader,nounits");
        CommandResult result = runner.run(new CommandSpec(argv, host.childEnvironment(), null, SMI_TIMEOUT));
        if (result.outcome() == CommandResult.Outcome.NOT_FOUND) {
            diagnostics.add(Message.of(GpuMessages.SMI_NOT_FOUND));
            return List.of();
        }
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            diagnostics.add(Message.of(GpuMessages.SMI_TIMED_OUT, SMI_TIMEOUT.toSeconds()));
            return List.of();
        }
        if (!result.succeeded()) {
            diagnostics.add(result.failureMessage());
            return List.of();
        }
        try {
            return SmiReplies.computeApps(result.stdout());
        } catch (CumpsException e) {
            diagnostics.add(e.errorMessage());
            return List.of();
        }
    }
}
