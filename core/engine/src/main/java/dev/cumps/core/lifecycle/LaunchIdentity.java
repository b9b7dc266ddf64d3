package dev.cumps.core.lifecycle;

import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which process is this launch's daemon (decision 0010). A detached daemon ({@code -d}) of every
 * driver branch logs {@code Starting control daemon using socket <pipe>/control} with its pid to
 * {@code control.log}; R550 and later also write a pid file into the pipe directory, R470 and R535 do
 * not. A foreground daemon ({@code -f}) logs to its stdout instead, so there the process the launch
 * started names it (and the pid file on R550 and later). The pid comes from the process started, the
 * log lines written since the launch and the pid file, whichever there are; all that name a pid must
 * name the same. That pid counts as this launch's daemon only if its own {@code /proc}
 * entries agree: a running {@code nvidia-cuda-mps} process that started no earlier than this process,
 * whose environment carries the launch's fresh random nonce and this pipe directory.
 */
final class LaunchIdentity {
    private final ProcessTable processes;

    LaunchIdentity(ProcessTable processes) {
        this.processes = processes;
    }

    /** Created on first use (a start), not when status or env build the lifecycle: seeding costs milliseconds. */
    private static final class Random {
        static final SecureRandom RANDOM = new SecureRandom();
    }

    /**
     * A new launch on {@code pipeDirectory}, which must exist, logging to {@code logDirectory}: the
     * directory's identity and the size of its {@code control.log} are taken now.
     */
    Launch newLaunch(Path pipeDirectory, Path logDirectory) {
        byte[] nonce = new byte[16];
        Random.RANDOM.nextBytes(nonce);
        return new Launch(HexFormat.of().formatHex(nonce), processes.selfStartTicks(), RuntimeDirs.directoryIdentity(pipeDirectory),
                RuntimeDirs.controlLogSize(logDirectory));
    }

    /**
     * What names the launched daemon's pid: the process the launch started itself ({@code -f}),
     * {@code control.log}'s start line for this pipe written since the launch, and the pid file
     * (absent before R550).
     */
    record PidEvidence(Optional<Long> fromSpawn, Optional<Long> fromLog, Optional<Long> fromPidFile) {
        /** How messages name the process a foreground launch started. */
        static final String SPAWNED = MpsControl.PROGRAM + " -f";

        /** The pid the evidence names: the process started, else the log's, else the pid file's; empty when they disagree or none names one. */
        Optional<Long> pid() {
            return disagree() ? Optional.empty() : fromSpawn.or(() -> fromLog).or(() -> fromPidFile);
        }

        /** Two pieces name a pid, and not the same. */
        boolean disagree() {
            return Stream.of(fromSpawn, fromLog, fromPidFile).flatMap(Optional::stream).distinct().count() > 1;
        }

        /** Which piece of evidence {@link #pid()} comes from, as messages name it. */
        String source() {
            return fromSpawn.isPresent() ? SPAWNED : fromLog.isPresent() ? RuntimeDirs.CONTROL_LOG : RuntimeDirs.PID_FILE;
        }
    }

    /** The evidence for {@code launch}'s daemon pid now. */
    static PidEvidence evidence(StartPlan plan, Launch launch) {
        return new PidEvidence(launch.spawned().isPresent() ? Optional.of(launch.spawned().getAsLong()) : Optional.empty(),
                DaemonPids.fromControlLog(plan.logDirectory(), launch.logMark(), plan.pipeDirectory()),
                RuntimeDirs.readPidFile(plan.pipeDirectory()));
    }

    /**
     * The process the log or the pid file names, if this very launch started it (its nonce cannot be
     * forged, so either piece of evidence may lead to it, even when they disagree).
     */
    Optional<ProcessInfo> launchedDaemon(StartPlan plan, Launch launch) {
        PidEvidence evidence = evidence(plan, launch);
        return Stream.of(evidence.fromSpawn(), evidence.fromLog(), evidence.fromPidFile()).flatMap(Optional::stream).distinct()
                .map(processes::find).flatMap(Optional::stream).filter(DaemonPids::isMpsProcess)
                .filter(info -> launchedBy(info, plan.pipeDirectory(), launch))
                .findFirst();
    }

    /**
     * Whether {@code info} started no earlier than this process and its environment carries the
     * launch's nonce and {@code pipeDirectory}.
     */
    boolean launchedBy(ProcessInfo info, Path pipeDirectory, Launch launch) {
        Optional<Map<String, String>> env = processes.environment(info.pid());
        return info.startTicks() >= launch.notBeforeTicks()
                && env.map(e -> launch.nonce().equals(e.get(MpsControl.LAUNCH_NONCE_VARIABLE))).orElse(false)
                && DaemonPids.servesPipe(env, pipeDirectory);
    }

    /** Where the plan's pid file is (or would be), for messages. */
    static Path pidFile(StartPlan plan) {
        return plan.pipeDirectory().resolve(RuntimeDirs.PID_FILE);
    }
}
