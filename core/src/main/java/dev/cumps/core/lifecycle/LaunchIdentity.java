package dev.cumps.core.lifecycle;

import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Which process is this launch's daemon. A launch gets a fresh random nonce that only its daemon
 * inherits; the pid file's process counts as ours only if it is a running {@code nvidia-cuda-mps}
 * process that started no earlier than this process and carries that nonce.
 */
final class LaunchIdentity {
    /** What {@code /proc/<pid>/comm} of a control daemon starts with (the kernel cuts it at 15 bytes). */
    static final String DAEMON_COMM_PREFIX = "nvidia-cuda-mps";

    private final ProcessTable processes;

    LaunchIdentity(ProcessTable processes) {
        this.processes = processes;
    }

    /** Created on first use (a start), not when status or env build the lifecycle: seeding costs milliseconds. */
    private static final class Random {
        static final SecureRandom RANDOM = new SecureRandom();
    }

    /** A new launch on {@code pipeDirectory}, which must exist (its identity is taken now). */
    Launch newLaunch(Path pipeDirectory) {
        byte[] nonce = new byte[16];
        Random.RANDOM.nextBytes(nonce);
        return new Launch(HexFormat.of().formatHex(nonce), processes.selfStartTicks(), RuntimeDirs.directoryIdentity(pipeDirectory));
    }

    /** The pid the pipe directory's pid file names, if it holds one. */
    static Optional<Long> daemonPid(StartPlan plan) {
        return RuntimeDirs.readPidFile(plan.pipeDirectory());
    }

    /** The process the pid file names, if this very launch started it. */
    Optional<ProcessInfo> launchedDaemon(StartPlan plan, Launch launch) {
        return daemonPid(plan).flatMap(processes::find).filter(ProcessInfo::running)
                .filter(LaunchIdentity::isDaemon)
                .filter(info -> launchedBy(info, launch));
    }

    static boolean isDaemon(ProcessInfo info) {
        return info.comm().startsWith(DAEMON_COMM_PREFIX);
    }

    /** Whether {@code info} started no earlier than this process and carries the launch's nonce. */
    boolean launchedBy(ProcessInfo info, Launch launch) {
        return info.startTicks() >= launch.notBeforeTicks()
                && processes.environment(info.pid()).map(env -> launch.nonce().equals(env.get(MpsControl.LAUNCH_NONCE_VARIABLE)))
                .orElse(false);
    }
}
