package dev.cumps.core.mps;

import dev.cumps.core.posix.PacketSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/**
 * A control daemon behind a {@link PacketSocket}, in-process: it greets with {@link #greeting}, records every
 * message the client sends (and whether credentials came with it), and once the client's 8 zero bytes end the
 * input, queues what {@link #replies} makes of the commands read. Connecting is recorded by path.
 */
final class ScriptedDaemon implements ControlProtocol.SocketOpener {
    record Sent(byte[] data, boolean credentials) {
        String text() {
            return new String(data, StandardCharsets.ISO_8859_1);
        }
    }

    byte[] greeting = ControlProtocol.HELLO;
    Function<List<String>, List<PacketSocket.Received>> replies = commands -> List.of(end(0));
    /** Paths where connecting finds no listener. */
    final List<Path> absent = new ArrayList<>();
    final List<Path> connected = new ArrayList<>();
    final List<Sent> sent = new ArrayList<>();
    /** Whether the socket ever accepts a message (false: a daemon that never reads). */
    boolean writable = true;
    boolean closed;

    @Override
    public PacketSocket connect(Path socket) throws PacketSocket.NoListener {
        if (absent.contains(socket) || absent.contains(socket.getParent())) {
            throw new PacketSocket.NoListener("no listener at " + socket);
        }
        connected.add(socket);
        return new Socket();
    }

    static PacketSocket.Received output(String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        return message(ByteBuffer.allocate(4 + t.length).order(ByteOrder.LITTLE_ENDIAN).putInt(0).put(t).array());
    }

    static PacketSocket.Received end(int status) {
        return message(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(status).array());
    }

    static PacketSocket.Received message(byte[] data) {
        return new PacketSocket.Received(data, false, false);
    }

    /** The commands read so far: each length word checked against the text after it. */
    List<String> commands() {
        List<String> commands = new ArrayList<>();
        for (int i = 2; i + 1 < sent.size(); i += 2) {
            long length = ByteBuffer.wrap(sent.get(i).data()).order(ByteOrder.LITTLE_ENDIAN).getLong();
            byte[] text = sent.get(i + 1).data();
            if (length != text.length || text[text.length - 1] != 0 || text[text.length - 2] != '\n') {
                throw new AssertionError("bad framing at message " + i);
            }
            commands.add(new String(text, 0, text.length - 2, StandardCharsets.UTF_8));
        }
        return commands;
    }

    private final class Socket implements PacketSocket {
        private final Deque<Received> incoming = new ArrayDeque<>();

        Socket() {
            incoming.add(message(greeting));
        }

        @Override
        public int await(boolean write, int timeoutMillis) {
            return (incoming.isEmpty() ? 0 : READABLE) | (write && writable ? WRITABLE : 0);
        }

        @Override
        public boolean send(byte[] data, boolean withCredentials) {
            if (!writable) {
                return false;
            }
            sent.add(new Sent(data.clone(), withCredentials));
            if (data.length == 8 && Arrays.equals(data, new byte[8]) && sent.size() > 2) {
                incoming.addAll(replies.apply(commands()));
            }
            return true;
        }

        @Override
        public Received receive(int capacity) {
            Received r = incoming.poll();
            if (r != null && r.data().length > capacity) {
                return new Received(Arrays.copyOf(r.data(), capacity), true, false);
            }
            return r;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
