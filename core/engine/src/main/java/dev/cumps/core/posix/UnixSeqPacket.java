package dev.cumps.core.posix;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * A Unix {@code SOCK_SEQPACKET} socket through the FFM API ({@link Syscall}, one downcall handle): {@code socket},
 * {@code setsockopt(SO_PASSCRED)}, {@code connect}, {@code poll}, {@code sendmsg} with {@code SCM_CREDENTIALS} and
 * {@code recvmsg}, what NVIDIA's {@code nvidia-cuda-mps-control} calls to reach its daemon (seen with strace on R470
 * to R555). Non-blocking from the start, {@code connect} included: a listener that never accepts makes
 * {@code connect} fail with {@code EAGAIN} instead of hanging, and every wait is a {@code poll} with a timeout.
 *
 * <p>The layouts are Linux x86-64 and arm64 (LP64): {@code struct msghdr} 56 bytes, {@code struct cmsghdr} 16
 * bytes, {@code struct ucred} three ints. One confined arena per socket: it is used by the thread that opened it.
 */
public final class UnixSeqPacket implements PacketSocket {
    static final int AF_UNIX = 1;
    static final int SOCK_SEQPACKET = 5;
    static final int SOCK_NONBLOCK = 0x800;
    static final int SOCK_CLOEXEC = 0x80000;
    private static final int SOL_SOCKET = 1;
    private static final int SO_PASSCRED = 16;
    private static final int SCM_CREDENTIALS = 2;
    private static final int MSG_TRUNC = 0x20;
    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int MSG_CMSG_CLOEXEC = 0x40000000;
    static final short POLLIN = 0x1;
    private static final short POLLOUT = 0x4;
    private static final short POLLERR = 0x8;
    private static final short POLLHUP = 0x10;
    private static final int ENOENT = 2;
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    private static final int EPIPE = 32;
    private static final int ECONNRESET = 104;
    private static final int ECONNREFUSED = 111;
    /** {@code sizeof(struct sockaddr_un)}: a short family and 108 bytes of path, NUL included. */
    static final int SOCKADDR_UN_BYTES = 110;
    static final int SUN_PATH_BYTES = 108;
    private static final long MSGHDR_BYTES = 56;
    private static final long IOVEC_BYTES = 16;
    /** {@code CMSG_LEN(sizeof(struct ucred))} and {@code CMSG_SPACE(sizeof(struct ucred))}. */
    private static final long CRED_CMSG_LEN = 28;
    private static final long CRED_CMSG_SPACE = 32;
    /** Room for control data received: credentials and, at worst, a few descriptors (closed on exec, never used). */
    private static final long CONTROL_ROOM = 256;

    private final Arena arena;
    private final int fd;
    private final MemorySegment state;
    private final MemorySegment msg;
    private final MemorySegment iov;
    private final MemorySegment control;
    private final MemorySegment poll;
    private MemorySegment buffer;
    private boolean closed;

    private UnixSeqPacket(Arena arena, int fd, MemorySegment state) {
        this.arena = arena;
        this.fd = fd;
        this.state = state;
        this.msg = arena.allocate(MSGHDR_BYTES, 8);
        this.iov = arena.allocate(IOVEC_BYTES, 8);
        this.control = arena.allocate(CONTROL_ROOM, 8);
        this.poll = arena.allocate(8, 4);
        this.buffer = arena.allocate(1);
    }

    /**
     * Connects to the socket at {@code path}. {@link NoListener} when nobody listens there ({@code ENOENT},
     * {@code ECONNREFUSED}); any other failure (a path too long, {@code EACCES}, {@code EPROTOTYPE} of a stream
     * socket, {@code EAGAIN} of a full backlog) is an {@link IOException} naming the errno.
     */
    public static UnixSeqPacket connect(Path path) throws IOException {
        byte[] name = path.toString().getBytes(StandardCharsets.UTF_8);
        if (name.length >= SUN_PATH_BYTES) {
            throw new IOException("socket path " + path + " is over " + (SUN_PATH_BYTES - 1) + " bytes");
        }
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            // ENOENT without linking the native handles (about 100 ms in a fresh JVM): no socket, no daemon
            throw new NoListener("connect " + path + ": no such file");
        }
        Arena arena = Arena.ofConfined();
        boolean done = false;
        try {
            MemorySegment state = arena.allocate(Syscall.captureLayout());
            int fd = Syscall.socket(state, AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            if (fd < 0) {
                throw new IOException("socket failed: errno " + errno(state));
            }
            UnixSeqPacket socket = new UnixSeqPacket(arena, fd, state);
            try {
                MemorySegment one = arena.allocate(ValueLayout.JAVA_INT);
                one.set(ValueLayout.JAVA_INT, 0, 1);
                if (Syscall.setsockopt(state, fd, SOL_SOCKET, SO_PASSCRED, one, 4) != 0) {
                    throw new IOException("setsockopt(SO_PASSCRED) failed: errno " + errno(state));
                }
                MemorySegment address = arena.allocate(SOCKADDR_UN_BYTES, 2);
                address.set(ValueLayout.JAVA_SHORT, 0, (short) AF_UNIX);
                MemorySegment.copy(name, 0, address, ValueLayout.JAVA_BYTE, 2, name.length);
                if (Syscall.connect(state, fd, address, 2 + name.length + 1) != 0) {
                    int errno = errno(state);
                    if (errno == ENOENT || errno == ECONNREFUSED) {
                        throw new NoListener("connect " + path + ": errno " + errno);
                    }
                    throw new IOException("connect " + path + " failed: errno " + errno);
                }
                done = true;
                return socket;
            } finally {
                if (!done) {
                    socket.close();
                }
            }
        } finally {
            if (!done && arena.scope().isAlive()) {
                arena.close();
            }
        }
    }

    /**
     * A connection {@link UnixSeqPacketListener#accept accepted} by a listener, with {@code SO_PASSCRED} set (so that
     * the peer's credentials come with its messages). Its arena is shared: the thread that serves the connection is
     * seldom the one that accepted it. Still, one thread at a time.
     */
    static UnixSeqPacket adopt(int fd) throws IOException {
        Arena arena = Arena.ofShared();
        UnixSeqPacket socket = new UnixSeqPacket(arena, fd, arena.allocate(Syscall.captureLayout()));
        boolean done = false;
        try {
            MemorySegment one = arena.allocate(ValueLayout.JAVA_INT);
            one.set(ValueLayout.JAVA_INT, 0, 1);
            if (Syscall.setsockopt(socket.state, fd, SOL_SOCKET, SO_PASSCRED, one, 4) != 0) {
                throw new IOException("setsockopt(SO_PASSCRED) failed: errno " + errno(socket.state));
            }
            done = true;
            return socket;
        } finally {
            if (!done) {
                socket.close();
            }
        }
    }

    @Override
    public int await(boolean write, int timeoutMillis) throws IOException {
        poll.set(ValueLayout.JAVA_INT, 0, fd);
        poll.set(ValueLayout.JAVA_SHORT, 4, (short) (POLLIN | (write ? POLLOUT : 0)));
        poll.set(ValueLayout.JAVA_SHORT, 6, (short) 0);
        int n = Syscall.poll(state, poll, 1L, Math.max(0, timeoutMillis));
        if (n < 0) {
            if (errno(state) == EINTR) {
                return 0;
            }
            throw new IOException("poll failed: errno " + errno(state));
        }
        if (n == 0) {
            return 0;
        }
        short revents = poll.get(ValueLayout.JAVA_SHORT, 6);
        int events = 0;
        if ((revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
            events |= READABLE;
        }
        if ((revents & POLLOUT) != 0) {
            events |= WRITABLE;
        }
        return events;
    }

    @Override
    public boolean send(byte[] data, boolean withCredentials) throws IOException {
        MemorySegment bytes = room(data.length);
        MemorySegment.copy(data, 0, bytes, ValueLayout.JAVA_BYTE, 0, data.length);
        header(bytes, data.length);
        if (withCredentials) {
            control.fill((byte) 0);
            control.set(ValueLayout.JAVA_LONG, 0, CRED_CMSG_LEN);
            control.set(ValueLayout.JAVA_INT, 8, SOL_SOCKET);
            control.set(ValueLayout.JAVA_INT, 12, SCM_CREDENTIALS);
            control.set(ValueLayout.JAVA_INT, 16, (int) ProcessHandle.current().pid());
            control.set(ValueLayout.JAVA_INT, 20, Syscall.getuid(state));
            control.set(ValueLayout.JAVA_INT, 24, Syscall.getgid(state));
            msg.set(ValueLayout.ADDRESS, 32, control);
            msg.set(ValueLayout.JAVA_LONG, 40, CRED_CMSG_SPACE);
        }
        long n = Syscall.sendmsg(state, fd, msg, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0) {
            int errno = errno(state);
            if (errno == EAGAIN || errno == EINTR) {
                return false;
            }
            throw new IOException("sendmsg failed: errno " + errno + (errno == EPIPE || errno == ECONNRESET ? " (the daemon closed)" : ""));
        }
        if (n != data.length) {
            throw new IOException("sendmsg sent " + n + " of " + data.length + " bytes");
        }
        return true;
    }

    @Override
    public Received receive(int capacity) throws IOException {
        MemorySegment bytes = room(capacity);
        header(bytes, capacity);
        msg.set(ValueLayout.ADDRESS, 32, control);
        msg.set(ValueLayout.JAVA_LONG, 40, CONTROL_ROOM);
        long n = Syscall.recvmsg(state, fd, msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
        if (n < 0) {
            int errno = errno(state);
            if (errno == EAGAIN || errno == EINTR) {
                return null;
            }
            if (errno == ECONNRESET) {
                return Received.END;
            }
            throw new IOException("recvmsg failed: errno " + errno);
        }
        if (n == 0) {
            return Received.END;
        }
        boolean truncated = (msg.get(ValueLayout.JAVA_INT, 48) & MSG_TRUNC) != 0;
        return new Received(bytes.asSlice(0, Math.min(n, capacity)).toArray(ValueLayout.JAVA_BYTE), truncated, false);
    }

    /** A buffer of at least {@code size} bytes, kept for the next message (the arena frees it on close). */
    private MemorySegment room(int size) {
        if (buffer.byteSize() < size) {
            buffer = arena.allocate(Math.max(size, 4096));
        }
        return buffer;
    }

    /** {@code struct msghdr} with one iovec over {@code size} bytes of {@code bytes}, no name, no control data. */
    private void header(MemorySegment bytes, long size) {
        msg.fill((byte) 0);
        iov.set(ValueLayout.ADDRESS, 0, bytes);
        iov.set(ValueLayout.JAVA_LONG, 8, size);
        msg.set(ValueLayout.ADDRESS, 16, iov);
        msg.set(ValueLayout.JAVA_LONG, 24, 1L);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            int ignored = Syscall.close(state, fd);
        } catch (IOException | RuntimeException e) {
            // close(2) may fail (EINTR, EIO); the descriptor is released either way on Linux.
        } finally {
            arena.close();
        }
    }

    static int errno(MemorySegment state) {
        return Syscall.errno(state);
    }
}
