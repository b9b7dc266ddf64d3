package dev.cumps.sim;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The control daemon stand-in's servers: {@link MpsServerMain} child processes, started with the
 * daemon's own {@code java}, class path and environment, and logged to {@code control.log} as the
 * real daemon logs its servers (docs/simulator.md).
 */
final class MpsServers implements ControlCommands.Servers {

    private final ControlLog log;
    private final Map<Long, Process> servers = new ConcurrentHashMap<>();
    private final AtomicBoolean stopping = new AtomicBoolean();

    MpsServers(ControlLog log) {
        this.log = log;
    }

    @Override
    public List<Long> live() {
        return servers.entrySet().stream().filter(e -> e.getValue().isAlive()).map(Map.Entry::getKey).sorted()
                .toList();
    }

    @Override
    public void start(long uid) {
        synchronized (servers) {
            for (Process server : servers.values()) {
                if (server.isAlive()) {
                    log.append("Server " + server.pid() + " already exists");
                    return;
                }
            }
            List<String> command = StandInJvm.command(System.getProperty("java.class.path"), MpsServerMain.class,
                    Long.toString(uid));
            try {
                Process server = new ProcessBuilder(command)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                servers.put(server.pid(), server);
                log.append("Starting new server " + server.pid() + " for user " + uid);
                log.append("NEW SERVER " + server.pid() + ": Ready");
                server.onExit().thenAccept(p -> {
                    if (!stopping.get()) {
                        log.append("Server " + p.pid() + " exited with status " + p.exitValue());
                    }
                });
            } catch (IOException e) {
                log.append("Failed to start server for user " + uid + ": error " + e.getMessage());
            }
        }
    }

    /**
     * Stops every server by its process handle: SIGTERM, then SIGKILL after 2 s. Their exits are
     * no longer logged.
     */
    void stopAll() {
        stopping.set(true);
        for (Process server : servers.values()) {
            server.destroy();
        }
        for (Process server : servers.values()) {
            try {
                if (!server.waitFor(2, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Kills every server at once (SIGKILL) without waiting: the daemon is about to vanish. */
    void killAll() {
        for (Process server : servers.values()) {
            server.destroyForcibly();
        }
    }
}
