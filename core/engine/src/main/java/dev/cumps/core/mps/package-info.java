/**
 * Concern: NVIDIA's control program.
 *
 * Main types: {@code MpsControl} (commands on stdin), {@code MpsLimits} (the two MPS limits,
 * validated), {@code LimitCommands} (the {@code set_*} commands for a daemon's defaults and one
 * server, sent in order; the first not accepted is an error), {@code ControlPipe} (socket/FIFO),
 * {@code RuntimeDirs} (defaults, private-directory checks, socket length, pid file, control.log
 * tail).
 */
package dev.cumps.core.mps;
