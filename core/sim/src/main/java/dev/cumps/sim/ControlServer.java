package dev.cumps.sim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The control daemon stand-in's sockets: binds {@code control} and {@code control_privileged}, accepts
 * connections on a thread per socket and serves each connection on its own thread. Wire protocol
 * (ours, not NVIDIA's): a client connects and writes command lines, one at a time; the daemon answers
 * each with the {@link ControlCommands} answer followed by {@link #END_OF_REPLY}, and closes the
 * connection after {@code quit} or when the client closes its side. As NVIDIA's daemon does, one
 * connection is one {@code Accepting connection...}, {@code NEW UI} ... {@code UI closed} in
 * {@code control.log}, with a {@code Cmd:} line (the command as sent) and the answer's lines for each command.
 */
final class ControlServer {

    /** Ends every answer on the wire: answers never contain a NUL. */
    static final char END_OF_REPLY = '\0';
    /**
     * The first line the control client sends as it connects, before any command (NVIDIA's client tells the daemon
     * its connection type first, and the daemon logs {@code NEW UI} even when no command follows). It is answered
     * like a command, with an empty reply, so that a daemon of an older stand-in, which answers it
     * {@code Unknown command}, stays in step with the client too. A connection whose first line is a command (a
     * simulated client's) is a UI as well.
     */
    static final String UI_HELLO = "\0UI";

    private final ControlLog log;
    private final ControlCommands commands;
    private final DaemonFaults faults;
    private final Runnable quitting;
    private final Runnable quitAnswered;
    private final List<ServerSocketChannel> listeners = new CopyOnWriteArrayList<>();
    private final List<SocketChannel> heldConnections = new CopyOnWriteArrayList<>();

    /**
     * @param faults       with the {@link MpsFault#NO_ANSWER} fault, connections are accepted, then held
     *                     unread and unanswered (from the start, or once its mute file exists)
     * @param quitting     run on {@code quit} before the client is answered (stops the daemon)
     * @param quitAnswered run once the client that sent {@code quit} has been answered (or lost)
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
        ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listeners.add(listener);
        listener.bind(UnixDomainSocketAddress.of(fresh));
        SimFiles.chmod(fresh, mode);
        Files.move(fresh, socket, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Starts accepting on every bound socket, each on a daemon thread. */
    void startAccepting() {
        for (ServerSocketChannel listener : listeners) {
            Thread acceptor = new Thread(() -> accept(listener), "mps-accept");
            acceptor.setDaemon(true);
            acceptor.start();
        }
    }

    /** Closes the listening sockets; closing does not unlink the socket files. */
    void close() {
        for (ServerSocketChannel listener : listeners) {
            try {
                listener.close();
            } catch (IOException e) {
                // already closed
            }
        }
    }

    private void accept(ServerSocketChannel listener) {
        while (true) {
            SocketChannel connection;
            try {
                connection = listener.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!listener.isOpen()) {
                    return;
                }
                continue;
            }
            log.append("Accepting connection...");
            if (faults.silentNow()) {
                heldConnections.add(connection); // never read, never answered, never closed
                continue;
            }
            Thread handler = new Thread(() -> serve(connection), "mps-ui");
            handler.setDaemon(true);
            handler.start();
        }
    }

    private void serve(SocketChannel connection) {
        boolean quit = false;
        try (connection) {
            BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(connection),
                    StandardCharsets.UTF_8));
            String command = in.readLine();
            if (command == null) {
                log.append("Unable to read new connection type information");
                return;
            }
            log.append("NEW UI");
            if (command.equals(UI_HELLO)) {
                connection.write(ByteBuffer.wrap(String.valueOf(END_OF_REPLY).getBytes(StandardCharsets.UTF_8)));
                command = in.readLine();
            }
            while (command != null) {
                log.append("Cmd:" + command);
                ControlCommands.Reply reply = commands.answer(command.strip());
                quit = reply.quit();
                reply.notes().forEach(log::append);
                for (String line : reply.text().lines().toList()) {
                    log.append(line);
                }
                if (quit) {
                    quitting.run();
                }
                connection.write(ByteBuffer.wrap((reply.text() + END_OF_REPLY).getBytes(StandardCharsets.UTF_8)));
                if (quit) {
                    return;
                }
                command = in.readLine();
            }
            log.append("UI closed");
        } catch (IOException e) {
            if (!quit) {
                log.append("UI closed");
            }
        } finally {
            if (quit) {
                quitAnswered.run();
            }
        }
    }
}
