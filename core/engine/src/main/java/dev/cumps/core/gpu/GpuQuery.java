package dev.cumps.core.gpu;

import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * One nvidia-smi query running on its own daemon thread, so that what needs nothing from it (reading
 * records, asking control daemons) goes on meanwhile; {@link #get()} waits for its answer. The wait is
 * bounded because nvidia-smi runs under its timeout ({@link NvidiaSmi#TIMEOUT}).
 */
public final class GpuQuery implements Supplier<GpuInventory> {
    private final FutureTask<GpuInventory> task;

    private GpuQuery(Callable<GpuInventory> query) {
        this.task = new FutureTask<>(query);
    }

    /** Starts {@code query} on a daemon thread named {@code threadName}. */
    public static GpuQuery start(Callable<GpuInventory> query, String threadName) {
        GpuQuery started = new GpuQuery(query);
        Thread thread = new Thread(started.task, threadName);
        thread.setDaemon(true);
        thread.start();
        return started;
    }

    /**
     * The query's answer, waiting for it. An interrupted wait cancels the query, keeps the interrupt and
     * throws {@link CancellationException}; a failure of the query is rethrown.
     */
    @Override
    public GpuInventory get() {
        try {
            return task.get();
        } catch (InterruptedException e) {
            task.cancel(true); // nobody waits for it any more: the query's runner ends nvidia-smi
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException("interrupted while nvidia-smi was queried");
            cancelled.initCause(e);
            throw cancelled;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("querying nvidia-smi failed", e.getCause());
        }
    }
}
