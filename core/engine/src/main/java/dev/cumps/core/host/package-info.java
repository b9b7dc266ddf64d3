/**
 * Concern: who and where the caller is.
 *
 * Main types: {@code HostEnvironment} (env map, uid, host name, platform; {@code childEnvironment()} drops CUDA
 * selection variables, for nvidia-smi and the control client; the daemon's allowlist is
 * {@code MpsControl.daemonEnvironment}).
 *
 * {@code HostPaths}: the machine's own places no variable names (NVIDIA's default pipe and log directories, the
 * account's home), part of {@code HostEnvironment}.
 */
package dev.cumps.core.host;
