/**
 * Concern: the doctor's checks, one class per {@code DoctorCheckId}.
 *
 * Main types: {@code DoctorChecks} (the checks in the order they run and are shown: the host and its GPUs, then the
 * selected daemon, then this shell's environment; each check's premises come before it) and {@code NeededFacts} (the
 * facts a check's declared needs guarantee).
 *
 * The checks, in that order. The host and its GPUs: {@code PlatformCheck} (MPS exists only on Linux),
 * {@code NvidiaSmiCheck} (nvidia-smi lists the GPUs in time), {@code VisibilityCheck} (every
 * {@code CUDA_VISIBLE_DEVICES} entry names a listed GPU), {@code TopologyCheck} (the selector resolves to one GPU),
 * {@code MigCheck} (no MIG on the GPU), {@code ComputeModeCheck} (the compute mode suits MPS). The selected daemon:
 * {@code DaemonCountCheck} (exactly one live managed daemon serves the GPU), {@code IdentityCheck} (the recorded pid
 * still runs with the recorded start time), {@code ControlPipeCheck} (the pipe directory holds the control pipe),
 * {@code PipeAccessCheck} (the pipe and its mode-0700 directory are the caller's), {@code AnswersCheck} (the daemon
 * answers {@code get_server_list} in time), {@code PidFileCheck} (the daemon's pid file names the recorded pid),
 * {@code ControlLogCheck} (no error in the last lines of {@code control.log}). This shell's environment:
 * {@code EnvPipeDirectoryCheck} ({@code CUDA_MPS_PIPE_DIRECTORY} unset or the daemon's), {@code EnvVisibleIndexCheck}
 * ({@code CUDA_VISIBLE_DEVICES} holds no numeric index other than 0). Then the caller's daemons and what dead ones
 * left: {@code LimitsMatchRecordCheck} (recorded MPS limits are still the daemons' defaults), {@code ServerUidCheck}
 * (every MPS server of the caller's daemons runs as the caller), {@code UnmanagedClientsCheck} (no client of the
 * caller's on a control pipe cumps does not manage), {@code StaleRecordCheck} (every record names a running daemon),
 * {@code OrphanedSocketCheck} (no control socket of the caller's left without a daemon), {@code StalePidFileCheck}
 * (no pid file naming a process that is gone or is no control daemon).
 */
package dev.cumps.core.doctor.checks;
