package dev.cumps.core.posix;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A listening Unix {@code SOCK_SEQPACKET} socket through the FFM API ({@code socket}, {@code bind}, {@code listen},
 * {@code accept4}): the other end of {@link UnixSeqPacket}, as NVIDIA's control daemon listens on {@code control}
 * and {@code control_privileged}. Used by the simulator's stand-in daemon. Non-blocking: {@link #accept} waits with
 * {@code poll} for at most the time given, and {@link #close} from another thread wakes it ({@code shutdown}, after
 * which a {@code connect} is refused at once, as after a {@code close}); the descriptor itself is closed by the
 * thread that accepts, once it sees the listener closed, so no descriptor is closed under a running {@code poll}.
 */
public final class UnixSeqPacketListener implements AutoCloseable {
    private static final int SHUT_RDWR = 2;

    private final Arena arena;
    private final int fd;
    private final MemorySegment state;
    private final MemorySegment poll;
    private volatile boolean closed;
    private boolean released;

    private UnixSeqPacketListener(Arena arena, int fd, MemorySegment state) {
        this.arena = arena;
        this.fd = fd;
        this.state = state;
        this.poll = arena.allocate(8, 4);
    }

    /**
     * Binds a socket at {@code path} (which must not exist) and listens on it with a backlog of {@code backlog}. The
     * file gets the mode the umask leaves; whoever needs another mode binds under a temporary name, changes it and
     * renames the file.
     */
    public static UnixSeqPacketListener bind(Path path, int backlog) throws IOException {
        byte[] name = path.toString().getBytes(StandardCharsets.UTF_8);
        if (name.length >= UnixSeqPacket.SUN_PATH_BYTES) {
            throw new IOException("socket path " + path + " is over " + (UnixSeqPacket.SUN_PATH_BYTES - 1) + " bytes");
        }
        Arena arena = Arena.ofShared();
        boolean done = false;
        int fd = -1;
        try {
            MemorySegment state = arena.allocate(Syscall.captureLayout());
            fd = Syscall.socket(state, UnixSeqPacket.AF_UNIX,
                    UnixSeqPacket.SOCK_SEQPACKET | UnixSeqPacket.SOCK_NONBLOCK | UnixSeqPacket.SOCK_CLOEXEC, 0);
            if (fd < 0) {
                throw new IOException("socket failed: errno " + UnixSeqPacket.errno(state));
            }
            MemorySegment address = arena.allocate(UnixSeqPacket.SOCKADDR_UN_BYTES, 2);
            address.set(ValueLayout.JAVA_SHORT, 0, (short) UnixSeqPacket.AF_UNIX);
            MemorySegment.copy(name, 0, address, ValueLayout.JAVA_BYTE, 2, name.length);
            if (Syscall.bind(state, fd, address, 2 + name.length + 1) != 0) {
                throw new IOException("bind " + path + " failed: errno " + UnixSeqPacket.errno(state));
            }
            if (Syscall.listen(state, fd, backlog) != 0) {
                throw new IOException("listen " + path + " failed: errno " + UnixSeqPacket.errno(state));
            }
            done = true;
            return new UnixSeqPacketListener(arena, fd, state);
        } finally {
            if (!done) {
                if (fd >= 0) {
                    closeQuietly(fd);
                }
                arena.close();
            }
        }
    }

    /**
     * The next connection, waiting at most {@code timeoutMillis}; {@code null} when none came in that time. Once the
     * listener is {@link #close closed} this releases its descriptor and throws {@link ClosedChannelException}.
     * One thread accepts.
     */
    public UnixSeqPacket accept(int timeoutMillis) throws IOException {
        if (closed) {
            release();
            throw new ClosedChannelException();
        }
        poll.set(ValueLayout.JAVA_INT, 0, fd);
        poll.set(ValueLayout.JAVA_SHORT, 4, UnixSeqPacket.POLLIN);
        poll.set(ValueLayout.JAVA_SHORT, 6, (short) 0);
        int n = Syscall.poll(state, poll, 1L, Math.max(0, timeoutMillis));
        if (closed) {
            release();
            throw new ClosedChannelException();
        }
        if (n <= 0) {
            return null;
        }
        int connection = Syscall.accept4(state, fd, UnixSeqPacket.SOCK_NONBLOCK | UnixSeqPacket.SOCK_CLOEXEC);
        if (connection < 0) {
            int errno = UnixSeqPacket.errno(state);
            if (errno == UnixSeqPacket.EAGAIN || errno == UnixSeqPacket.EINTR) {
                return null; // the client went before we took it, or a signal
            }
            throw new IOException("accept failed: errno " + errno);
        }
        return UnixSeqPacket.adopt(connection);
    }

    /**
     * Stops listening: from now on a {@code connect} to the socket is refused. Any thread may call it; the descriptor is
     * released by the next (or the running) {@link #accept}. The socket file stays, as after {@code close(2)}.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            // a state of its own: another thread may be polling with the listener's; the GC frees it
            int ignored = Syscall.shutdown(Arena.ofAuto().allocate(Syscall.captureLayout()), fd, SHUT_RDWR);
        } catch (IOException | RuntimeException e) {
            // the descriptor is released by the accepting thread either way
        }
    }

    private void release() {
        if (!released) {
            released = true;
            closeQuietly(fd);
            arena.close();
        }
    }

    private static void closeQuietly(int fd) {
        try {
            int ignored = Syscall.close(Arena.ofAuto().allocate(Syscall.captureLayout()), fd);
        } catch (IOException | RuntimeException e) {
            // the descriptor is released either way on Linux
        }
    }
}
