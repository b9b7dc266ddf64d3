package dev.cumps.core.live;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The thread pools the live questions run on: daemon threads (a hung question never keeps the JVM alive), named for thread dumps. */
final class LiveThreads {
    private LiveThreads() {
    }

    /** A pool of {@code threads} daemon threads named {@code name}; the caller shuts it down. */
    static ExecutorService pool(int threads, String name) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread thread = new Thread(r, name);
            thread.setDaemon(true);
            return thread;
        });
    }
}
