package dev.cumps.core.posix;

import java.io.IOException;

/**
 * A connected {@code SOCK_SEQPACKET} socket: whole messages in, whole messages out, never blocking. The
 * control client ({@code mps.InProcessControl}) talks through this seam, so that its unit tests can put a
 * scripted daemon behind it.
 */
public interface PacketSocket extends AutoCloseable {
    /** {@link #await}: a message (or the end of the connection) can be read. */
    int READABLE = 1;
    /** {@link #await}: a message can be sent without blocking. */
    int WRITABLE = 2;

    /**
     * Waits at most {@code timeoutMillis} until the socket is readable, or (with {@code write}) writable; the
     * events that hold ({@link #READABLE}, {@link #WRITABLE}), 0 when the time ran out. The peer's hang-up
     * counts as readable: the next {@link #receive} tells it.
     */
    int await(boolean write, int timeoutMillis) throws IOException;

    /** Sends {@code data} as one message, with this process's credentials when asked; false when it would block. */
    boolean send(byte[] data, boolean withCredentials) throws IOException;

    /** The next message, at most {@code capacity} bytes of it; {@code null} when none is waiting. */
    Received receive(int capacity) throws IOException;

    @Override
    void close();

    /**
     * One message read: its bytes, whether it was longer than the room given ({@code MSG_TRUNC}), or the end of
     * the connection (the peer closed or reset it).
     */
    record Received(byte[] data, boolean truncated, boolean ended) {
        public static final Received END = new Received(new byte[0], false, true);
    }

    /** Connecting found nobody listening: no socket file ({@code ENOENT}) or nobody behind it ({@code ECONNREFUSED}). */
    final class NoListener extends IOException {
        private static final long serialVersionUID = 1L;

        public NoListener(String message) {
            super(message);
        }
    }
}
