package dev.cumps.core.mps;

import dev.cumps.core.posix.PacketSocket;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * The conversation NVIDIA's {@code nvidia-cuda-mps-control} holds with its daemon, held in-process (seen with
 * strace on R470, R535, R550 and R555, the same on each): the daemon greets with {@code OUTBHELL\0}; the client
 * answers {@code OUTBCRED\0} with its credentials, then the 4-byte word 4; each command goes as its length
 * (8 bytes, little-endian: the text, a newline and a NUL) and then the text, newline and NUL; 8 zero bytes end
 * the input. The daemon answers with messages that begin with a 4-byte type: 0 is a line of output (the rest of
 * the message; the client prints it and a newline), 1 ends the conversation and carries a 4-byte status. NVIDIA's
 * client sends every command before it reads, from a second thread; here one thread sends and reads as
 * {@code poll} allows, so that neither side's buffer can stall the other.
 *
 * <p>Bounded against a hostile daemon (anyone can put a socket at {@code /tmp/nvidia-mps}): one deadline for the
 * whole conversation, at most {@code outputLimit} bytes of output, at most {@link #MAX_MESSAGES} messages of at
 * most {@link #MESSAGE_CAPACITY} bytes. Anything this class does not expect is a {@link Exchange.Surprise}: the
 * caller then asks through NVIDIA's program.
 */
public final class ControlProtocol {
    /** The daemon's greeting. */
    static final byte[] HELLO = "OUTBHELL\0".getBytes(StandardCharsets.US_ASCII);
    /** The client's answer, sent with {@code SCM_CREDENTIALS}. */
    static final byte[] CREDENTIALS = "OUTBCRED\0".getBytes(StandardCharsets.US_ASCII);
    /** The word NVIDIA's client sends after its credentials (every branch: 4). */
    static final byte[] CONNECTION_TYPE = {4, 0, 0, 0};
    /** A zero length: the end of the input. */
    static final byte[] END_OF_INPUT = new byte[8];
    static final int TYPE_OUTPUT = 0;
    static final int TYPE_END = 1;
    /** Room for one message: NVIDIA's client reads 4 bytes of type and 4,096 of text; a longer one is a surprise. */
    static final int MESSAGE_CAPACITY = 4 + 4096;
    /** Messages read in one conversation at most (32 servers of 256 clients each and their questions fit many times). */
    static final int MAX_MESSAGES = 65_536;
    /** The longest command line sent in-process; a longer one goes through NVIDIA's program (which reads 4 KiB at a time). */
    public static final int MAX_COMMAND_BYTES = 1024;

    private final SocketOpener opener;
    private final boolean root;

    /** How a socket is reached: {@link dev.cumps.core.posix.UnixSeqPacket#connect} in production, a script in tests. */
    @FunctionalInterface
    public interface SocketOpener {
        PacketSocket connect(Path socket) throws IOException;
    }

    /** What one conversation came to. */
    public sealed interface Exchange {
        /** The daemon answered everything and ended the conversation: its lines, each followed by a newline. */
        record Answered(String stdout) implements Exchange {
        }

        /** Nobody listens at the pipe directory: NVIDIA's client says {@code Cannot find MPS control daemon process}. */
        record NoDaemon() implements Exchange {
        }

        /** The deadline passed first; what had been printed until then. */
        record TimedOut(String stdout) implements Exchange {
        }

        /** Something NVIDIA's client would have seen differently, or this one does not know: {@code why}, in English. */
        record Surprise(String why) implements Exchange {
        }
    }

    /** @param root whether the caller is root: root's client tries {@code control_privileged} before {@code control} */
    public ControlProtocol(SocketOpener opener, boolean root) {
        this.opener = opener;
        this.root = root;
    }

    /**
     * Whether {@code lines} can be sent in-process: none longer than {@link #MAX_COMMAND_BYTES}, none with a NUL.
     * (Which commands go through NVIDIA's program anyway, {@code quit}, is {@link MpsControl}'s choice.)
     */
    public static boolean sendable(List<String> lines) {
        return lines.stream().allMatch(l -> l.indexOf('\0') < 0 && l.getBytes(StandardCharsets.UTF_8).length <= MAX_COMMAND_BYTES);
    }

    /** Asks the daemon serving {@code pipeDirectory} the commands {@code lines}, one per message, before {@code deadlineNanos}. */
    public Exchange ask(Path pipeDirectory, List<String> lines, long deadlineNanos, int outputLimit) {
        PacketSocket socket;
        try {
            socket = connect(pipeDirectory);
        } catch (PacketSocket.NoListener e) {
            return new Exchange.NoDaemon();
        } catch (IOException | RuntimeException e) {
            return new Exchange.Surprise("cannot connect: " + e.getMessage());
        }
        try (socket) {
            return converse(socket, lines, deadlineNanos, outputLimit);
        } catch (IOException | RuntimeException e) {
            return new Exchange.Surprise(String.valueOf(e.getMessage()));
        }
    }

    private PacketSocket connect(Path pipeDirectory) throws IOException {
        if (root) {
            try {
                return opener.connect(pipeDirectory.resolve("control_privileged"));
            } catch (PacketSocket.NoListener e) {
                // an older or ordinary daemon: the plain socket, as NVIDIA's client does
            }
        }
        return opener.connect(pipeDirectory.resolve("control"));
    }

    private static Exchange converse(PacketSocket socket, List<String> lines, long deadlineNanos, int outputLimit) throws IOException {
        StringBuilder out = new StringBuilder();
        PacketSocket.Received hello = next(socket, deadlineNanos);
        if (hello == null) {
            return new Exchange.TimedOut("");
        }
        if (hello.ended() || hello.truncated() || !Arrays.equals(hello.data(), HELLO)) {
            return new Exchange.Surprise("unexpected greeting " + shown(hello));
        }
        Deque<byte[]> outgoing = new ArrayDeque<>();
        outgoing.add(CONNECTION_TYPE);
        for (String line : lines) {
            byte[] text = (line + "\n\0").getBytes(StandardCharsets.UTF_8);
            outgoing.add(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(text.length).array());
            outgoing.add(text);
        }
        outgoing.add(END_OF_INPUT);
        if (!sendWithin(socket, CREDENTIALS, true, deadlineNanos)) {
            return new Exchange.TimedOut("");
        }
        long bytes = 0;
        int messages = 0;
        while (true) {
            int wait = millisLeft(deadlineNanos);
            if (wait <= 0) {
                return new Exchange.TimedOut(out.toString());
            }
            int events = socket.await(!outgoing.isEmpty(), wait);
            if ((events & PacketSocket.WRITABLE) != 0 && !outgoing.isEmpty() && socket.send(outgoing.peek(), false)) {
                outgoing.poll();
            }
            if ((events & PacketSocket.READABLE) == 0) {
                continue;
            }
            PacketSocket.Received m = socket.receive(MESSAGE_CAPACITY);
            if (m == null) {
                continue;
            }
            if (m.ended()) {
                return new Exchange.Surprise("the daemon closed the connection before the end of its reply");
            }
            if (m.truncated() || m.data().length < 4 || ++messages > MAX_MESSAGES) {
                return new Exchange.Surprise("unexpected message " + shown(m) + " (message " + messages + ")");
            }
            ByteBuffer b = ByteBuffer.wrap(m.data()).order(ByteOrder.LITTLE_ENDIAN);
            int type = b.getInt();
            if (type == TYPE_OUTPUT) {
                String text = text(m.data());
                if (text == null) {
                    return new Exchange.Surprise("output that is not UTF-8 text: " + shown(m));
                }
                bytes += m.data().length - 4 + 1;
                if (bytes > outputLimit) {
                    return new Exchange.Surprise("output over " + outputLimit + " bytes");
                }
                out.append(text).append('\n');
            } else if (type == TYPE_END && m.data().length == 8 && b.getInt() == 0 && outgoing.isEmpty()) {
                return new Exchange.Answered(out.toString());
            } else {
                return new Exchange.Surprise("unexpected message " + shown(m) + (outgoing.isEmpty() ? "" : " before the input ended"));
            }
        }
    }

    /** The next message, waiting until the deadline; {@code null} when it passed. */
    private static PacketSocket.Received next(PacketSocket socket, long deadlineNanos) throws IOException {
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

    private static boolean sendWithin(PacketSocket socket, byte[] data, boolean credentials, long deadlineNanos) throws IOException {
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

    /** Milliseconds until the deadline, rounded up (a wait of 0 would spin), 0 once it passed. */
    private static int millisLeft(long deadlineNanos) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            return 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, (left + 999_999) / 1_000_000);
    }

    /** The text of an output message (after its type), or {@code null} when it is not UTF-8 or holds a NUL. */
    private static String text(byte[] message) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(message, 4, message.length - 4)).toString();
            return s.indexOf('\0') >= 0 ? null : s;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** A message for a DEBUG line: its first bytes, escaped. */
    private static String shown(PacketSocket.Received m) {
        if (m.ended()) {
            return "(end of connection)";
        }
        StringBuilder s = new StringBuilder("[");
        byte[] d = m.data();
        for (int i = 0; i < Math.min(d.length, 32); i++) {
            int c = d[i] & 0xff;
            s.append(c >= 0x20 && c < 0x7f && c != '\\' ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return s.append(d.length > 32 ? "...]" : "]").append(" (").append(d.length).append(" bytes)").toString();
    }
}
