package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.mps.ControlProtocol;
import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stand-in daemon's end of NVIDIA's control protocol ({@link ControlWire}), in this JVM, byte by byte. */
class ControlServerTest {
    private static final long PATIENCE_NANOS = SimMachine.PATIENCE.toNanos();

    @TempDir
    Path dir;
    private Path logFile;
    private ControlServer server;
    private final CountDownLatch quitting = new CountDownLatch(1);
    private final CountDownLatch quitAnswered = new CountDownLatch(1);

    @BeforeEach
    void listen() throws IOException {
        logFile = dir.resolve("control.log");
        ControlLog log = new ControlLog(logFile, "Control", 42, null);
        ControlCommands commands = new ControlCommands(new ControlCommands.Servers() {
            @Override
            public List<Long> live() {
                return List.of();
            }

            @Override
            public void start(long uid) {
                // no server in these tests
            }
        });
        server = new ControlServer(log, commands, new DaemonFaults(SimConfig.defaults(1), Map.of()), quitting::countDown,
                quitAnswered::countDown);
        server.bind(dir.resolve("control_privileged"), 0755);
        server.bind(dir.resolve("control"), 0666);
        server.startAccepting();
    }

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void aConversationIsNvidiasByteForByte() throws Exception {
        try (PacketSocket c = UnixSeqPacket.connect(dir.resolve("control"))) {
            assertArrayEquals("OUTBHELL\0".getBytes(StandardCharsets.US_ASCII), next(c).data());
            send(c, "OUTBCRED\0".getBytes(StandardCharsets.US_ASCII), true);
            send(c, new byte[] {4, 0, 0, 0}, false);
            command(c, "get_default_active_thread_percentage");
            assertArrayEquals(bytes(0, "100.0"), next(c).data(), "type 0, the line without its newline");
            command(c, "get_server_list"); // an empty answer sends nothing: the next message is the next answer's
            command(c, "bogus");
            assertArrayEquals(bytes(0, "Unknown command \"bogus\""), next(c).data());
            send(c, new byte[8], false);
            assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0, 0, 0}, next(c).data(), "the end: type 1, status 0");
            assertTrue(next(c).ended(), "then the daemon closes");
        }
        assertEquals(List.of("Accepting connection...", "NEW UI", "Cmd:get_default_active_thread_percentage", "100.0", "Cmd:get_server_list",
                "Cmd:bogus", "Unknown command \"bogus\"", "UI closed"), messages());
    }

    @Test
    void cumpsInProcessClientGetsTheAnswersOnBothSockets() {
        for (boolean root : List.of(true, false)) {
            ControlProtocol.Exchange e = new ControlProtocol(UnixSeqPacket::connect, root)
                    .ask(dir, List.of("get_default_active_thread_percentage", "", "get_server_list"), System.nanoTime() + PATIENCE_NANOS, 1 << 20);
            assertEquals(new ControlProtocol.Exchange.Answered("100.0\nUnknown command \"\"\n"), e, root ? "control_privileged" : "control");
        }
    }

    @Test
    void connectionsThatEndEarlyAreLoggedAsNvidiasDaemonLogsThem() throws Exception {
        UnixSeqPacket.connect(dir.resolve("control")).close();
        awaitLines(2);
        try (PacketSocket c = UnixSeqPacket.connect(dir.resolve("control"))) {
            next(c);
            send(c, "OUTBCRED\0".getBytes(StandardCharsets.US_ASCII), true);
        }
        awaitLines(4);
        try (PacketSocket c = UnixSeqPacket.connect(dir.resolve("control"))) {
            next(c);
            send(c, "OUTBCRED\0".getBytes(StandardCharsets.US_ASCII), true);
            send(c, new byte[] {5, 0, 0, 0}, false);
            assertTrue(next(c).ended(), "another connection type is dropped");
        }
        awaitLines(6);
        try (PacketSocket c = UnixSeqPacket.connect(dir.resolve("control"))) {
            next(c);
            send(c, "OUTBCRED\0".getBytes(StandardCharsets.US_ASCII), true);
            send(c, new byte[] {4, 0, 0, 0}, false);
            send(c, new byte[] {9, 0, 0, 0, 0, 0, 0, 0}, false);
            send(c, "bogus\n\0".getBytes(StandardCharsets.US_ASCII), false); // 7 bytes, not the 9 announced
            assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0, 0, 0}, next(c).data(), "a length that does not match ends the input, as R550");
            assertTrue(next(c).ended());
        }
        awaitLines(9);
        assertEquals(List.of("Accepting connection...", "User did not send valid credentials", "Accepting connection...",
                "Unable to read new connection type information", "Accepting connection...", "Unknown type of connection",
                "Accepting connection...", "NEW UI", "UI closed"), messages());
    }

    @Test
    void quitClosesTheConnectionWithoutAnEnd() throws Exception {
        try (PacketSocket c = UnixSeqPacket.connect(dir.resolve("control_privileged"))) {
            next(c);
            send(c, "OUTBCRED\0".getBytes(StandardCharsets.US_ASCII), true);
            send(c, new byte[] {4, 0, 0, 0}, false);
            command(c, "quit");
            assertTrue(next(c).ended(), "no answer, no end: the connection ends");
        }
        assertTrue(quitting.await(PATIENCE_NANOS, TimeUnit.NANOSECONDS));
        assertTrue(quitAnswered.await(PATIENCE_NANOS, TimeUnit.NANOSECONDS));
        assertEquals(List.of("Accepting connection...", "NEW UI", "Cmd:quit"), messages());
    }

    private static byte[] bytes(int type, String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        byte[] m = new byte[4 + t.length];
        m[0] = (byte) type;
        System.arraycopy(t, 0, m, 4, t.length);
        return m;
    }

    private static void command(PacketSocket c, String command) throws IOException {
        byte[] text = ControlWire.commandText(command);
        send(c, ControlWire.lengthOf(text), false);
        send(c, text, false);
    }

    private static void send(PacketSocket c, byte[] data, boolean credentials) throws IOException {
        assertTrue(ControlWire.send(c, data, credentials, System.nanoTime() + PATIENCE_NANOS), "sent");
    }

    private static PacketSocket.Received next(PacketSocket c) throws IOException {
        PacketSocket.Received r = ControlWire.next(c, System.nanoTime() + PATIENCE_NANOS);
        assertNotNull(r, "a message within the patience");
        return r;
    }

    private List<String> messages() throws IOException {
        return Files.readAllLines(logFile).stream().map(l -> l.substring(l.indexOf("] ") + 2)).toList();
    }

    private void awaitLines(int count) throws InterruptedException {
        SimMachine.awaitTrue(count + " lines in control.log", SimMachine.PATIENCE, () -> {
            try {
                return Files.exists(logFile) && Files.readAllLines(logFile).size() >= count;
            } catch (IOException e) {
                return false;
            }
        });
    }
}
