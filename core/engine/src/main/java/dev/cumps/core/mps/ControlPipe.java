package dev.cumps.core.mps;

import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/** A {@code control} entry in a pipe directory: the endpoint clients talk to. */
public record ControlPipe(Path path, Kind kind) {
    public static final String CONTROL = "control";
    public static final String CONTROL_PRIVILEGED = "control_privileged";
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;
    private static final int S_IFIFO = 0010000;

    public enum Kind {
        UNIX_SOCKET("unix_socket"), FIFO("fifo");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /** The control pipe in a directory, when there is one that is a socket or a FIFO. */
    public static Optional<ControlPipe> in(Path pipeDirectory) {
        Path control = pipeDirectory.resolve(CONTROL);
        return kindOf(control).map(kind -> new ControlPipe(control, kind));
    }

    /** Socket, FIFO, or empty for anything else (or nothing). Symbolic links are not followed. */
    public static Optional<Kind> kindOf(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return switch (mode & S_IFMT) {
                case S_IFSOCK -> Optional.of(Kind.UNIX_SOCKET);
                case S_IFIFO -> Optional.of(Kind.FIFO);
                default -> Optional.empty();
            };
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether something listens on the Unix socket: a refused connection means nobody does. Anything
     * else (accepted, no permission, an error) counts as "might be served", so nothing is called an
     * orphan on a doubt. Nothing is sent.
     */
    public static boolean acceptsConnections(Path socket) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.configureBlocking(false);
            channel.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (IOException | UnsupportedOperationException e) {
            return true;
        }
    }
}
