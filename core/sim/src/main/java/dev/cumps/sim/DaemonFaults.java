package dev.cumps.sim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The control daemon stand-in's fault injection ({@link MpsFault}, docs/simulator.md): whether the
 * launch fails or connections go unanswered, the {@link MpsFault#SLOW} delay before binding, and the
 * {@link MpsFault#DIES} death, on a timer or when a test-chosen file appears.
 */
final class DaemonFaults {

    /** How long after start a {@link MpsFault#DIES} daemon dies. */
    static final long DIES_AFTER_MILLIS = 1500;
    /**
     * With the {@link MpsFault#DIES} fault: a file; the daemon dies as soon as it exists (if it exists at
     * start, before binding its sockets) instead of after {@link #DIES_AFTER_MILLIS}. Lets a test decide
     * exactly when the daemon dies.
     */
    static final String ENV_DIE_FILE = "CUMPS_SIM_MPS_DIE_FILE";

    /**
     * With the {@link MpsFault#NO_ANSWER} fault: a file; the daemon answers normally until it exists,
     * then holds every new connection unanswered. Lets a test make a started daemon stop answering.
     */
    static final String ENV_MUTE_FILE = "CUMPS_SIM_MPS_MUTE_FILE";

    private final MpsFault fault;
    private final Optional<Path> muteFile;
    private final long slowMillis;
    private final Optional<Path> dieFile;

    DaemonFaults(SimConfig config, Map<String, String> env) {
        this.fault = config.mpsFault();
        this.slowMillis = config.mpsSlowMillis();
        String file = env.get(ENV_DIE_FILE);
        this.dieFile = fault != MpsFault.DIES || file == null || file.isBlank() ? Optional.empty()
                : Optional.of(Path.of(file));
        String mute = env.get(ENV_MUTE_FILE);
        this.muteFile = fault != MpsFault.NO_ANSWER || mute == null || mute.isBlank() ? Optional.empty()
                : Optional.of(Path.of(mute));
    }

    /** {@link MpsFault#LAUNCH_FAILS}: the daemon logs a failure and exits before its lock. */
    boolean launchFails() {
        return fault == MpsFault.LAUNCH_FAILS;
    }

    /** {@link MpsFault#NO_ANSWER}: connections are accepted and never answered. */
    boolean noAnswer() {
        return fault == MpsFault.NO_ANSWER;
    }

    /**
     * Whether a connection accepted now goes unanswered: {@link MpsFault#NO_ANSWER}, and its
     * {@value #ENV_MUTE_FILE} exists if one is set.
     */
    boolean silentNow() {
        return noAnswer() && muteFile.map(Files::exists).orElse(true);
    }

    /** {@link MpsFault#DIES} told (by an existing die file) to die before serving: halts now. */
    void dieNowIfTold() {
        if (dieFile.isPresent() && Files.exists(dieFile.get())) {
            Runtime.getRuntime().halt(1);
        }
    }

    /** {@link MpsFault#SLOW}: waits {@link SimConfig#mpsSlowMillis()} before the sockets are bound. */
    void delayStart() {
        if (fault == MpsFault.SLOW) {
            sleep(slowMillis);
        }
    }

    /**
     * {@link MpsFault#DIES}: starts a daemon thread that, once the die file appears (polled every
     * 20 ms) or {@value #DIES_AFTER_MILLIS} ms have passed, kills the servers and halts the daemon
     * without logging or cleaning up.
     */
    void startDying(MpsServers servers) {
        if (fault != MpsFault.DIES) {
            return;
        }
        Thread death = new Thread(() -> die(servers), "mps-dies");
        death.setDaemon(true);
        death.start();
    }

    private void die(MpsServers servers) {
        if (dieFile.isPresent()) {
            while (!Files.exists(dieFile.get())) {
                sleep(20);
            }
        } else {
            sleep(DIES_AFTER_MILLIS);
        }
        servers.killAll();
        Runtime.getRuntime().halt(1);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
