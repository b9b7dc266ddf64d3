/**
 * Concern: the simulated host.
 *
 * Main types: stand-in {@code nvidia-smi}, {@code nvidia-cuda-mps-control} (client {@code
 * MpsControlMain}; daemon {@code MpsControlDaemon} over {@code ControlLock}, {@code ControlServer},
 * {@code ControlCommands}, {@code MpsServers}, {@code ControlLog}, {@code DaemonFaults}; server
 * {@code MpsServerMain}), {@code SimTools} (installs the launchers; {@code LauncherScripts} their
 * text, {@code StandInClasspath}, {@code Python3}, {@code StandInJvm} the {@code java} command
 * line), {@code SimulatedHost} (sandbox for {@code --simulate}; returns an environment and a record
 * root, knows nothing of {@code CoreServices}).
 */
package dev.cumps.sim;
