package dev.cumps.core.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnixSeqPacketListenerTest {
    private static final int PATIENCE_MILLIS = (int) TimeUnit.SECONDS.toMillis(60);

    @TempDir
    Path dir;

    @Test
    void aConnectionCarriesWholeMessagesBothWays() throws IOException {
        Path path = dir.resolve("s");
        try (UnixSeqPacketListener listener = UnixSeqPacketListener.bind(path, 8);
                UnixSeqPacket client = UnixSeqPacket.connect(path);
                UnixSeqPacket server = acceptOne(listener)) {
            assertTrue(send(server, "OUTBHELL\0".getBytes(StandardCharsets.US_ASCII), true));
            assertArrayEquals("OUTBHELL\0".getBytes(StandardCharsets.US_ASCII), next(client).data());
            assertTrue(send(client, new byte[] {4, 0, 0, 0}, false));
            assertTrue(send(client, new byte[] {9, 9}, false));
            assertArrayEquals(new byte[] {4, 0, 0, 0}, next(server).data(), "one message per send, boundaries kept");
            assertArrayEquals(new byte[] {9, 9}, next(server).data());
            assertTrue(send(client, new byte[10], false));
            PacketSocket.Received cut = nextWithin(server, 4);
            assertTrue(cut.truncated(), "a message longer than the room is seen as truncated");
            client.close();
            assertTrue(next(server).ended(), "the peer's close is the end");
        }
    }

    @Test
    void acceptWithoutAClientReturnsNullAtTheTimeout() throws IOException {
        try (UnixSeqPacketListener listener = UnixSeqPacketListener.bind(dir.resolve("s"), 8)) {
            assertNull(listener.accept(0));
        }
    }

    @Test
    void aClosedListenerRefusesConnectionsAndKeepsItsFile() throws IOException {
        Path path = dir.resolve("s");
        UnixSeqPacketListener listener = UnixSeqPacketListener.bind(path, 8);
        listener.close();
        assertThrows(PacketSocket.NoListener.class, () -> UnixSeqPacket.connect(path).close());
        assertThrows(ClosedChannelException.class, () -> listener.accept(PATIENCE_MILLIS), "the accepting thread sees it at once");
        assertTrue(Files.exists(path, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void bindingOverAnExistingFileFails() throws IOException {
        Path path = Files.createFile(dir.resolve("s"));
        assertThrows(IOException.class, () -> UnixSeqPacketListener.bind(path, 8));
        assertFalse(Files.isDirectory(path));
    }

    private static UnixSeqPacket acceptOne(UnixSeqPacketListener listener) throws IOException {
        UnixSeqPacket s = listener.accept(PATIENCE_MILLIS);
        assertNotNull(s, "the connection was accepted");
        return s;
    }

    private static boolean send(PacketSocket socket, byte[] data, boolean credentials) throws IOException {
        return (socket.await(true, PATIENCE_MILLIS) & PacketSocket.WRITABLE) != 0 && socket.send(data, credentials);
    }

    private static PacketSocket.Received next(PacketSocket socket) throws IOException {
        return nextWithin(socket, 4096);
    }

    private static PacketSocket.Received nextWithin(PacketSocket socket, int capacity) throws IOException {
        assertTrue((socket.await(false, PATIENCE_MILLIS) & PacketSocket.READABLE) != 0, "a message came");
        PacketSocket.Received r = socket.receive(capacity);
        assertNotNull(r);
        return r;
    }
}
