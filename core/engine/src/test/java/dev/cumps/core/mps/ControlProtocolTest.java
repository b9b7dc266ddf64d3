package dev.cumps.core.mps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.posix.PacketSocket;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ControlProtocolTest {
    private static final Path PIPE = Path.of("/run/pipe");
    private static final int LIMIT = 1 << 20;
    private final ScriptedDaemon daemon = new ScriptedDaemon();

    private static long later() {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    }

    private ControlProtocol.Exchange ask(boolean root, String... commands) {
        return new ControlProtocol(daemon, root).ask(PIPE, List.of(commands), later(), LIMIT);
    }

    @Test
    void sendsTheBytesNvidiasClientSends() {
        daemon.replies = commands -> List.of(ScriptedDaemon.output("100.0"), ScriptedDaemon.output("Unknown command \"bogus\""),
                ScriptedDaemon.end(0));
        ControlProtocol.Exchange e = ask(false, "get_default_active_thread_percentage", "bogus", "");

        assertEquals(new ControlProtocol.Exchange.Answered("100.0\nUnknown command \"bogus\"\n"), e);
        List<ScriptedDaemon.Sent> s = daemon.sent;
        assertEquals(9, s.size(), "credentials, type, three commands of two messages each, the end of input");
        assertEquals("OUTBCRED\0", s.get(0).text());
        assertTrue(s.get(0).credentials(), "the greeting's answer carries SCM_CREDENTIALS");
        assertArrayEquals(new byte[] {4, 0, 0, 0}, s.get(1).data());
        assertArrayEquals(new byte[] {38, 0, 0, 0, 0, 0, 0, 0}, s.get(2).data(), "36 characters, a newline and a NUL, little-endian");
        assertEquals("get_default_active_thread_percentage\n\0", s.get(3).text());
        assertArrayEquals(new byte[] {7, 0, 0, 0, 0, 0, 0, 0}, s.get(4).data());
        assertEquals("bogus\n\0", s.get(5).text());
        assertArrayEquals(new byte[] {2, 0, 0, 0, 0, 0, 0, 0}, s.get(6).data(), "a blank line is sent, as NVIDIA's client sends it");
        assertEquals("\n\0", s.get(7).text());
        assertArrayEquals(new byte[8], s.get(8).data());
        assertTrue(s.stream().skip(1).noneMatch(ScriptedDaemon.Sent::credentials), "credentials only with OUTBCRED");
        assertEquals(List.of(PIPE.resolve("control")), daemon.connected, "an ordinary user connects to control");
        assertTrue(daemon.closed);
    }

    @Test
    void anEmptyReplyPrintsNothing() {
        assertEquals(new ControlProtocol.Exchange.Answered(""), ask(false, "get_server_list"));
    }

    @Test
    void rootConnectsToThePrivilegedSocketFirst() {
        ask(true, "get_server_list");
        assertEquals(List.of(PIPE.resolve("control_privileged")), daemon.connected);
    }

    @Test
    void rootFallsBackToControlWhenNoPrivilegedSocketListens() {
        daemon.absent.add(PIPE.resolve("control_privileged"));
        assertInstanceOf(ControlProtocol.Exchange.Answered.class, ask(true, "get_server_list"));
        assertEquals(List.of(PIPE.resolve("control")), daemon.connected);
    }

    @Test
    void nobodyListeningIsNoDaemon() {
        daemon.absent.add(PIPE);
        assertEquals(new ControlProtocol.Exchange.NoDaemon(), ask(true, "get_server_list"));
        assertEquals(new ControlProtocol.Exchange.NoDaemon(), ask(false, "get_server_list"));
    }

    @Test
    void anotherConnectFailureIsASurprise() {
        ControlProtocol p = new ControlProtocol(socket -> {
            throw new IOException("connect failed: errno 91");
        }, false);
        assertInstanceOf(ControlProtocol.Exchange.Surprise.class, p.ask(PIPE, List.of("get_server_list"), later(), LIMIT));
    }

    static Stream<Arguments> surprises() {
        return Stream.of(
                Arguments.of("another greeting", (Function<ScriptedDaemon, Object>) d -> d.greeting = "OUTBHELO\0".getBytes(StandardCharsets.US_ASCII)),
                Arguments.of("a greeting without its NUL", (Function<ScriptedDaemon, Object>) d -> d.greeting = "OUTBHELL".getBytes(StandardCharsets.US_ASCII)),
                Arguments.of("an unknown message type", replies(ScriptedDaemon.message(new byte[] {2, 0, 0, 0}), ScriptedDaemon.end(0))),
                Arguments.of("a message shorter than its type", replies(ScriptedDaemon.message(new byte[] {0, 0}), ScriptedDaemon.end(0))),
                Arguments.of("an end with another status", replies(ScriptedDaemon.end(1))),
                Arguments.of("an end without its status", replies(ScriptedDaemon.message(new byte[] {1, 0, 0, 0}))),
                Arguments.of("a message longer than NVIDIA's client reads", replies(ScriptedDaemon.output("x".repeat(5000)), ScriptedDaemon.end(0))),
                Arguments.of("output that is not UTF-8", replies(ScriptedDaemon.message(new byte[] {0, 0, 0, 0, (byte) 0xff}), ScriptedDaemon.end(0))),
                Arguments.of("output with a NUL", replies(ScriptedDaemon.output("1\0002"), ScriptedDaemon.end(0))),
                Arguments.of("the connection ended before the end", replies(ScriptedDaemon.output("100.0"), PacketSocket.Received.END)));
    }

    private static Function<ScriptedDaemon, Object> replies(PacketSocket.Received... messages) {
        return d -> d.replies = commands -> List.of(messages);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surprises")
    void whatNvidiasClientWouldNotSeeIsASurprise(String what, Function<ScriptedDaemon, Object> script) {
        script.apply(daemon);
        assertInstanceOf(ControlProtocol.Exchange.Surprise.class, ask(false, "get_server_list"), what);
        assertTrue(daemon.closed, "the socket is closed");
    }

    @Test
    void anEndBeforeTheInputEndedIsASurprise() {
        ControlProtocol p = new ControlProtocol(socket -> new PacketSocket() {
            private int reads;

            @Override
            public int await(boolean write, int timeoutMillis) {
                return READABLE | WRITABLE;
            }

            @Override
            public boolean send(byte[] data, boolean withCredentials) {
                return true;
            }

            @Override
            public Received receive(int capacity) {
                return reads++ == 0 ? ScriptedDaemon.message(ControlProtocol.HELLO) : ScriptedDaemon.end(0);
            }

            @Override
            public void close() {
            }
        }, false);
        assertInstanceOf(ControlProtocol.Exchange.Surprise.class, p.ask(PIPE, List.of("get_server_list", "get_server_list"), later(), LIMIT));
    }

    @Test
    void outputOverTheLimitIsASurprise() {
        daemon.replies = commands -> List.of(ScriptedDaemon.output("x".repeat(4000)), ScriptedDaemon.output("x".repeat(4000)), ScriptedDaemon.end(0));
        ControlProtocol.Exchange e = new ControlProtocol(daemon, false).ask(PIPE, List.of("get_server_list"), later(), 6000);
        assertInstanceOf(ControlProtocol.Exchange.Surprise.class, e);
    }

    @Test
    void moreMessagesThanTheCapIsASurprise() {
        List<PacketSocket.Received> many = new ArrayList<>(Collections.nCopies(ControlProtocol.MAX_MESSAGES + 1, ScriptedDaemon.output("")));
        many.add(ScriptedDaemon.end(0));
        daemon.replies = commands -> many;
        ControlProtocol.Exchange e = ask(false, "get_server_list");
        assertInstanceOf(ControlProtocol.Exchange.Surprise.class, e);
        assertTrue(((ControlProtocol.Exchange.Surprise) e).why().contains("message " + (ControlProtocol.MAX_MESSAGES + 1)), e.toString());
    }

    @Test
    void aDaemonThatNeverAnswersTimesOutWithWhatItPrinted() {
        daemon.replies = commands -> List.of(ScriptedDaemon.output("4242"));
        ControlProtocol.Exchange e = new ControlProtocol(daemon, false).ask(PIPE, List.of("get_server_list"),
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200), LIMIT);
        assertEquals(new ControlProtocol.Exchange.TimedOut("4242\n"), e);
    }

    @Test
    void aDaemonThatNeverReadsTimesOut() {
        daemon.writable = false;
        ControlProtocol.Exchange e = new ControlProtocol(daemon, false).ask(PIPE, List.of("get_server_list"),
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200), LIMIT);
        assertEquals(new ControlProtocol.Exchange.TimedOut(""), e);
    }

    @Test
    void aDeadlineAlreadyPassedAsksNothing() {
        ControlProtocol.Exchange e = new ControlProtocol(daemon, false).ask(PIPE, List.of("get_server_list"), System.nanoTime() - 1, LIMIT);
        assertEquals(new ControlProtocol.Exchange.TimedOut(""), e);
        assertTrue(daemon.sent.isEmpty());
    }

    @Test
    void longOrNulCommandsAreNotSentInProcess() {
        assertTrue(ControlProtocol.sendable(List.of("get_server_list", "")));
        assertFalse(ControlProtocol.sendable(List.of("x".repeat(ControlProtocol.MAX_COMMAND_BYTES + 1))));
        assertFalse(ControlProtocol.sendable(List.of("get_server_list\0")));
    }
}
