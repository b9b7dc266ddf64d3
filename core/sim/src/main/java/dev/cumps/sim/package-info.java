/**
 * Concern: the simulated host.
 *
 * Main types: stand-in {@code nvidia-smi}, {@code nvidia-cuda-mps-control} (client {@code MpsControlMain}; daemon
 * {@code MpsControlDaemon} over {@code ControlLock}, {@code ControlServer}, {@code ControlCommands},
 * {@code MpsServers}, {@code ControlLog}, {@code DaemonFaults}; server {@code MpsServerMain}), {@code SimTools}
 * (installs the launchers; {@code LauncherScripts} their text, {@code StandInClasspath}, {@code Python3},
 * {@code StandInJvm} the {@code java} command line), {@code SimulatedHost} (sandbox for {@code --simulate}; returns an
 * environment and a record root, knows nothing of {@code CoreServices}).
 *
 * The {@code nvidia-smi} stand-in: {@code NvidiaSmiMain} (its entry point, injecting the configured {@code SmiFault})
 * over {@code NvidiaSmi} (what it prints, a pure function of the arguments and the config), {@code SmiSummary} (the
 * table printed with no arguments), {@code SmiCsv} (the {@code --format=csv} options) and {@code SmiAppsQuery}
 * ({@code --query-compute-apps} over {@code SimApps}, the simulated GPU processes).
 *
 * The control program's stand-in speaks {@code ControlWire} (NVIDIA's MPS control protocol over a
 * {@code SOCK_SEQPACKET} socket) like one {@code DriverProfile} (a driver branch), keeps the {@code LogFifo}
 * ({@code <pipe>/log}) and the pipe directory's modes and FIFOs ({@code SimFiles}), misbehaves as the {@code MpsFault}
 * says, and lists its clients in {@code MpsClients}; {@code MpsClientMain} is a simulated CUDA program using MPS (a
 * real process), started and attached by {@code SimClientLauncher}.
 *
 * The machine: {@code SimConfig} (driver, GPUs, faults), {@code SimGpu} (one simulated GPU), {@code FaultTokens} (fault
 * token parsing); {@code SimToolOptions} (how {@code SimTools} writes the launchers), {@code SandboxCheck} (the checks
 * a sandbox passes before anything is written into it), {@code SimProcs} (whether a process still runs, a zombie not),
 * {@code ProcName} (sets the process name in {@code /proc/<pid>/stat}), {@code SimMessages} (the texts the product
 * shows). {@code Simulation} is the one place the product reaches the simulated host: it prepares a sandbox and wires
 * core's services to it.
 */
package dev.cumps.sim;
