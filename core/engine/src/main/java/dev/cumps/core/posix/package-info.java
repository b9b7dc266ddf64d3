/**
 * Concern: the C library, through the FFM API; the only package of cumps that calls native code.
 *
 * Main types: {@code UnixSeqPacket} (a non-blocking {@code SOCK_SEQPACKET} Unix socket: {@code connect},
 * {@code poll}, {@code sendmsg} with {@code SCM_CREDENTIALS}, {@code recvmsg}) behind the {@code PacketSocket} seam, and its listening end {@code UnixSeqPacketListener}
 * ({@code bind}, {@code listen}, {@code accept4}: the simulator's stand-in control daemon listens with it);
 * {@code Syscall} (the one downcall handle both link, the C library's {@code syscall}: Linux's numbers for x86-64
 * and arm64); {@code Terminals} ({@code isatty} and {@code ioctl(TIOCGWINSZ)}: whether a file
 * descriptor is a terminal, and its width).
 */
package dev.cumps.core.posix;
