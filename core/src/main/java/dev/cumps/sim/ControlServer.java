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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The control daemon stand-in's sockets: binds {@code control} and {@code control_privileged}, accepts
 * connections on a thread per socket and serves each connection on its own thread. Wire protocol
 * (ours, not NVIDIA's): a client connects, writes one command line and shuts down its output; the
 * daemon writes the {@link ControlCommands} answer and closes the connection. Each connection is
 * logged to {@code control.log} as docs/simulator.md lists.
 */
final class ControlServer {

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

    /** Binds a listening socket at {@code socket}, first removing a socket file left by a daemon that died. */
    void bind(Path socket) throws IOException {
        Files.deleteIfExists(socket);
        ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listeners.add(listener);
        listener.bind(UnixDomainSocketAddress.of(socket));
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
            command = command.strip();
            log.append("NEW UI");
            log.append("Cmd:" + command);
            ControlCommands.Reply reply = commands.answer(command);
            quit = reply.quit();
            for (String line : reply.text().lines().toList()) {
                log.append(line);
            }
            if (quit) {
                quitting.run();
            }
            connection.write(ByteBuffer.wrap(reply.text().getBytes(StandardCharsets.UTF_8)));
            if (!quit) {
                log.append("UI closed");
            }
        } catch (IOException e) {
            log.append("UI closed");
        } finally {
            if (quit) {
                quitAnswered.run();
            }
        }
    }
}
