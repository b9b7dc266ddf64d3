/**
 * Concern: NVIDIA's control program, and asking its daemon in-process.
 *
 * Main types: {@code MpsControl} (a question to a daemon: in-process, else commands on the program's stdin; built by
 * {@code CoreServices} only),
 * {@code ControlProtocol} (the conversation NVIDIA's client holds with its daemon, bounded; a surprise sends the
 * question to the program), {@code ControlClient} (which client: {@code CUMPS_CONTROL_CLIENT}), {@code MpsLimits} (the
 * two MPS limits, validated), {@code LimitCommands} (the {@code set_*} commands for a daemon's defaults and one server,
 * sent in order; the first not accepted is an error), {@code ControlPipe} (socket/FIFO), {@code RuntimeDirs} (defaults,
 * private-directory checks, socket length, pid file, control.log tail).
 *
 * Also {@code PipeOwner} (whose control pipe a pipe directory holds: the owner of its {@code control} socket),
 * {@code DaemonPids} (which process serves a pipe directory, without relying on the pid file; decision 0010) and
 * {@code MpsMessages} (the texts).
 */
package dev.cumps.core.mps;
