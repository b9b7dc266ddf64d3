package dev.cumps.sim;

import dev.cumps.core.posix.PacketSocket;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * NVIDIA's MPS control protocol, as the stand-in daemon ({@link ControlServer}) and its clients ({@link MpsControlMain},
 * {@link MpsClientMain}) speak it over a {@code SOCK_SEQPACKET} socket (read off R470 to R555 with strace and a probe;
 * cumps's {@code mps.ControlProtocol} is the in-process client of the same bytes): the daemon greets with
 * {@code OUTBHELL\0} and its credentials; the client answers {@code OUTBCRED\0} with its own, then the 4-byte
 * connection type 4 (a user interface); each command is an 8-byte little-endian length (the text, a newline and a
 * NUL) and then that text; 8 zero bytes end the input. The daemon answers each command as it comes, one message per
 * line of its answer: the 4-byte type 0 and the line without its newline (an empty answer sends nothing); after the
 * end of the input it sends the type 1 and a 4-byte status 0, and closes. After {@code quit} it closes without an end.
 */
final class ControlWire {
    static final byte[] HELLO = "OUTBHELL\0".getBytes(StandardCharsets.US_ASCII);
    static final byte[] CREDENTIALS = "OUTBCRED\0".getBytes(StandardCharsets.US_ASCII);
    /** The connection type of a user interface (NVIDIA's client, every branch). */
    static final byte[] USER_INTERFACE = {4, 0, 0, 0};
    static final byte[] END_OF_INPUT = new byte[8];
    static final int TYPE_OUTPUT = 0;
    static final int TYPE_END = 1;
    /** Room for one message: 4 bytes of type and 4,096 of text, what NVIDIA's client reads; a command is no longer. */
    static final int MESSAGE_CAPACITY = 4 + 4096;
    /** How long one wait on a socket lasts before it looks again (at the deadline; nothing else is polled). */
    private static final int WAIT_MILLIS = 1000;

    /** How a client's conversation ended. */
    enum Outcome {
        /** The daemon sent the end of its answers. */
        ANSWERED,
        /** The daemon closed the connection after {@code quit}, as NVIDIA's does. */
        CLOSED_AFTER_QUIT,
        /** The connection ended or broke otherwise, or the daemon sent what this protocol does not know. */
        LOST,
        /** The deadline passed first. */
        TIMED_OUT
    }

    private ControlWire() {
    }

    /** The length word of a command: the text's bytes with its newline and NUL, little-endian. */
    static byte[] lengthOf(byte[] text) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(text.length).array();
    }

    /** {@code command}, a newline and a NUL, as a command travels. */
    static byte[] commandText(String command) {
        return (command + "\n\0").getBytes(StandardCharsets.UTF_8);
    }

    /** One line of an answer. */
    static byte[] output(String line) {
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + text.length).order(ByteOrder.LITTLE_ENDIAN).putInt(TYPE_OUTPUT).put(text).array();
    }

    /** The end of the answers, with the status NVIDIA's daemons send (0 on every branch, for every question asked). */
    static byte[] end(int status) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(TYPE_END).putInt(status).array();
    }

    /** The next message before {@code deadlineNanos}; {@code null} when it passed first. */
    static PacketSocket.Received next(PacketSocket socket, long deadlineNanos) throws IOException {
        while (true) {
            int wait = millisLeft(deadlineNanos);
            if (wait <= 0) {
                return null;
            }
            if ((socket.await(false, wait) & PacketSocket.READABLE) != 0) {
                PacketSocket.Received m = socket.receive(MESSAGE_CAPACITY);
                if (m != null) {
                    return m;
                }
            }
        }
    }

    /** Sends {@code data} as one message before {@code deadlineNanos}; false when it passed first. */
    static boolean send(PacketSocket socket, byte[] data, boolean credentials, long deadlineNanos) throws IOException {
        while (true) {
            int wait = millisLeft(deadlineNanos);
            if (wait <= 0) {
                return false;
            }
            if ((socket.await(true, wait) & PacketSocket.WRITABLE) != 0 && socket.send(data, credentials)) {
                return true;
            }
        }
    }

    /**
     * The client's half of the greeting: waits for the daemon's, answers with credentials and the connection type.
     * {@code null} once that is done; otherwise how the conversation ended ({@link Outcome#LOST}: another greeting).
     */
    static Outcome greet(PacketSocket socket, long deadlineNanos) throws IOException {
        PacketSocket.Received hello = next(socket, deadlineNanos);
        if (hello == null) {
            return Outcome.TIMED_OUT;
        }
        if (hello.ended() || hello.truncated() || !Arrays.equals(hello.data(), HELLO)) {
            return Outcome.LOST;
        }
        if (!send(socket, CREDENTIALS, true, deadlineNanos) || !send(socket, USER_INTERFACE, false, deadlineNanos)) {
            return Outcome.TIMED_OUT;
        }
        return null;
    }

    /**
     * The client's conversation after {@link #greet}: sends {@code commands} (up to a {@code quit}, which ends the
     * input instead of the end word) and hands each line of the answers to {@code out} as it comes. One thread sends
     * and reads as {@code poll} allows, so neither side's buffer can stall the other.
     */
    static Outcome converse(PacketSocket socket, List<String> commands, Consumer<String> out, long deadlineNanos) throws IOException {
        Deque<byte[]> outgoing = new ArrayDeque<>();
        boolean quit = false;
        for (String command : commands) {
            byte[] text = commandText(command);
            outgoing.add(lengthOf(text));
            outgoing.add(text);
            if (command.strip().equals("quit")) {
                quit = true;
                break;
            }
        }
        if (!quit) {
            outgoing.add(END_OF_INPUT);
        }
        while (true) {
            int wait = millisLeft(deadlineNanos);
            if (wait <= 0) {
                return Outcome.TIMED_OUT;
            }
            int events = socket.await(!outgoing.isEmpty(), wait);
            if ((events & PacketSocket.WRITABLE) != 0 && !outgoing.isEmpty()) {
                try {
                    if (socket.send(outgoing.peek(), false)) {
                        outgoing.poll();
                    }
                } catch (IOException e) {
                    // the daemon closed: what it sent before is still to be read
                    outgoing.clear();
                }
            }
            if ((events & PacketSocket.READABLE) == 0) {
                continue;
            }
            PacketSocket.Received m = socket.receive(MESSAGE_CAPACITY);
            if (m == null) {
                continue;
            }
            if (m.ended()) {
                return quit && outgoing.isEmpty() ? Outcome.CLOSED_AFTER_QUIT : Outcome.LOST;
            }
            ByteBuffer b = ByteBuffer.wrap(m.data()).order(ByteOrder.LITTLE_ENDIAN);
            int type = m.data().length >= 4 && !m.truncated() ? b.getInt() : -1;
            if (type == TYPE_OUTPUT) {
                out.accept(new String(m.data(), 4, m.data().length - 4, StandardCharsets.UTF_8));
            } else if (type == TYPE_END && m.data().length == 8) {
                return Outcome.ANSWERED;
            } else {
                return Outcome.LOST;
            }
        }
    }

    /** Milliseconds until the deadline, at most {@link #WAIT_MILLIS} and at least 1 while it has not passed; 0 once it has. */
    static int millisLeft(long deadlineNanos) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            return 0;
        }
        return (int) Math.min(WAIT_MILLIS, (left + 999_999) / 1_000_000);
    }
}
