package dev.cumps.sim;

import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import dev.cumps.core.posix.UnixSeqPacketListener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The control daemon stand-in's sockets: binds {@code control} and {@code control_privileged} ({@code SOCK_SEQPACKET},
 * as NVIDIA's), accepts connections on a thread per socket and serves each connection on its own thread, in NVIDIA's
 * protocol ({@link ControlWire}): the greeting, the client's credentials and connection type, then each command
 * answered with the {@link ControlCommands} answer's lines as it comes, and the end after the end of the input. As
 * NVIDIA's daemon does, one connection is one {@code Accepting connection...}, {@code NEW UI} ... {@code UI closed} in
 * {@code control.log}, with a {@code Cmd:} line (the command as sent) and the answer's lines for each command; a
 * connection that ends before its credentials logs {@code User did not send valid credentials}, before its type
 * {@code Unable to read new connection type information}, and another type {@code Unknown type of connection} (read
 * off R550).
 */
final class ControlServer {

    /** Connections waiting to be accepted (NVIDIA's backlog is not known; one daemon rarely has more clients). */
    private static final int BACKLOG = 128;
    /** How long an accepting thread waits before it looks whether its socket was closed. */
    private static final int ACCEPT_WAIT_MILLIS = 1000;
    /**
     * How long a connection may stay silent before the daemon closes it ({@code UI closed}): far longer than any
     * client takes between two lines it sends, so that only a client that hangs, or a person who walked away from
     * an interactive {@code nvidia-cuda-mps-control}, is cut off (NVIDIA's daemon waits for ever; its
     * connections are served one at a time, these each on a thread).
     */
    static final Duration IDLE_LIMIT = Duration.ofMinutes(10);

    private final ControlLog log;
    private final ControlCommands commands;
    private final DaemonFaults faults;
    private final Runnable quitting;
    private final Runnable quitAnswered;
    private final List<UnixSeqPacketListener> listeners = new CopyOnWriteArrayList<>();
    private final List<PacketSocket> heldConnections = new CopyOnWriteArrayList<>();

    /**
     * @param faults       with the {@link MpsFault#NO_ANSWER} fault, connections are accepted, then held
     *                     ungreeted, unread and unanswered (from the start, or once its mute file exists)
     * @param quitting     run on {@code quit} before the client's connection is closed (stops the daemon)
     * @param quitAnswered run once the connection of the client that sent {@code quit} has been closed
     */
    ControlServer(ControlLog log, ControlCommands commands, DaemonFaults faults, Runnable quitting,
            Runnable quitAnswered) {
        this.log = log;
        this.commands = commands;
        this.faults = faults;
        this.quitting = quitting;
        this.quitAnswered = quitAnswered;
    }

    /**
     * Binds a listening socket at {@code socket} with file mode {@code mode}, first removing a socket
     * file left by a daemon that died. The socket is bound under a temporary name, given its mode and
     * then renamed, so that whoever sees {@code socket} appear sees its final mode.
     */
    void bind(Path socket, int mode) throws IOException {
        Files.deleteIfExists(socket);
        Path fresh = socket.resolveSibling(".new"); // shorter than the final name: the socket path limit
        Files.deleteIfExists(fresh);
        UnixSeqPacketListener listener = UnixSeqPacketListener.bind(fresh, BACKLOG);
        listeners.add(listener);
        SimFiles.chmod(fresh, mode);
        Files.move(fresh, socket, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Starts accepting on every bound socket, each on a daemon thread. */
    void startAccepting() {
        for (UnixSeqPacketListener listener : listeners) {
            Thread acceptor = new Thread(() -> accept(listener), "mps-accept");
            acceptor.setDaemon(true);
            acceptor.start();
        }
    }

    /** Stops listening: a client connecting from now on is refused. Closing does not unlink the socket files. */
    void close() {
        listeners.forEach(UnixSeqPacketListener::close);
    }

    private void accept(UnixSeqPacketListener listener) {
        while (true) {
            UnixSeqPacket connection;
            try {
                connection = listener.accept(ACCEPT_WAIT_MILLIS);
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                // accept4 failed (EMFILE, say): the listener stays readable, so pause before the next try, not spin
                try {
                    Thread.sleep(ACCEPT_WAIT_MILLIS);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    return;
                }
                continue;
            }
            if (connection == null) {
                continue;
            }
            log.append("Accepting connection...");
            if (faults.silentNow()) {
                heldConnections.add(connection); // never greeted, never read, never answered, never closed
                continue;
            }
            Thread handler = new Thread(() -> serve(connection), "mps-ui");
            handler.setDaemon(true);
            handler.start();
        }
    }

    private void serve(PacketSocket connection) {
        boolean quit = false;
        boolean closed = false;
        try (connection) {
            String greeting = greet(connection);
            if (greeting != null) {
                log.append(greeting);
                return;
            }
            log.append("NEW UI");
            while (true) {
                Incoming next = next(connection);
                if (next == null) {
                    break;
                }
                if (next.end()) {
                    // logged before the end is sent: the client exits on the end, and the next client's lines follow
                    log.append("UI closed");
                    closed = true;
                    ControlWire.send(connection, ControlWire.end(0), false, idle());
                    return;
                }
                String command = next.command();
                log.append("Cmd:" + command);
                ControlCommands.Reply reply = commands.answer(command.strip());
                quit = reply.quit();
                reply.notes().forEach(log::append);
                List<String> lines = reply.text().lines().toList();
                lines.forEach(log::append);
                if (quit) {
                    quitting.run();
                }
                for (String line : lines) {
                    if (!ControlWire.send(connection, ControlWire.output(line), false, idle())) {
                        throw new IOException("the client took no answer for " + IDLE_LIMIT);
                    }
                }
                if (quit) {
                    return; // closed without an end, as NVIDIA's daemon closes it
                }
            }
            log.append("UI closed");
        } catch (IOException | RuntimeException e) {
            if (!quit && !closed) {
                log.append("UI closed");
            }
        } finally {
            if (quit) {
                quitAnswered.run();
            }
        }
    }

    /**
     * The greeting, the client's credentials and its connection type: {@code null} for a user interface, else the
     * line NVIDIA's daemon logs before it drops the connection (R550: a connection that ends before the client's
     * credentials, before its type, or with another type). The text that comes with the credentials is not checked:
     * NVIDIA's daemons do not read it (a changed byte still gets answered, measured).
     */
    private static String greet(PacketSocket connection) {
        try {
            if (!ControlWire.send(connection, ControlWire.HELLO, true, idle())) {
                return "User did not send valid credentials";
            }
            PacketSocket.Received credentials = ControlWire.next(connection, idle());
            if (credentials == null || credentials.ended()) {
                return "User did not send valid credentials";
            }
        } catch (IOException e) {
            return "User did not send valid credentials";
        }
        try {
            PacketSocket.Received type = ControlWire.next(connection, idle());
            if (type == null || type.ended()) {
                return "Unable to read new connection type information";
            }
            return Arrays.equals(type.data(), ControlWire.USER_INTERFACE) ? null : "Unknown type of connection";
        } catch (IOException e) {
            return "Unable to read new connection type information";
        }
    }

    /** A command as the client sent it (its newline and NUL taken off), or the end of the input. */
    private record Incoming(String command, boolean end) {
        static final Incoming END = new Incoming("", true);
    }

    /**
     * The next command, or {@link Incoming#END} at the end of the input and for a text that does not match its length
     * word (or lacks its newline and NUL), as R550 answers one; {@code null} when the connection ended or broke, stayed
     * silent past {@link #IDLE_LIMIT}, or sent what is no command (a length word of another size, a message over
     * {@link ControlWire#MESSAGE_CAPACITY}).
     */
    private static Incoming next(PacketSocket connection) throws IOException {
        PacketSocket.Received word = ControlWire.next(connection, idle());
        if (word == null || word.ended() || word.truncated() || word.data().length != 8) {
            return null;
        }
        long length = ByteBuffer.wrap(word.data()).order(ByteOrder.LITTLE_ENDIAN).getLong();
        if (length == 0) {
            return Incoming.END;
        }
        PacketSocket.Received text = ControlWire.next(connection, idle());
        if (text == null || text.ended() || text.truncated()) {
            return null;
        }
        byte[] d = text.data();
        if (d.length != length || d.length < 2 || d[d.length - 2] != '\n' || d[d.length - 1] != 0) {
            // R550, sent a length word of 9 and a text of 7 bytes: no Cmd line, UI closed, the end (type 1, status 0)
            return Incoming.END;
        }
        return new Incoming(new String(d, 0, d.length - 2, StandardCharsets.UTF_8), false);
    }

    /** The deadline of the next wait on a connection. */
    private static long idle() {
        return System.nanoTime() + IDLE_LIMIT.toNanos();
    }
}
