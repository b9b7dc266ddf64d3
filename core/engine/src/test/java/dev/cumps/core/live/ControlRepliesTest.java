package dev.cumps.core.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.CumpsException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The control daemon's documented replies parse; anything else is one line naming the command and the line. */
class ControlRepliesTest {

    @Test
    void serverListIsOnePidPerLine() {
        assertEquals(List.of(4100L, 4242L), ControlReplies.pids("get_server_list", "4100\n4242\n", 32));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "\n", "  \n\n"})
    void emptyReplyListsNothing(String reply) {
        assertEquals(List.of(), ControlReplies.pids("get_client_list 4100", reply, 32));
    }

    @Test
    void blanksAroundPidsAndWindowsLineEndsAreTolerated() {
        assertEquals(List.of(7L, 8L), ControlReplies.pids("get_client_list 1", " 7 \r\n8\r\n", 32));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Invalid command\n", "4100 4242\n", "abc\n", "-5\n", "0\n", "4194305\n", "12345678901\n",
        "4100\n\u001b[2J\n", "4100\n4100\n"})
    void anythingButPidsIsRefusedNamingCommandAndLine(String reply) {
        CumpsException e = assertThrows(CumpsException.class, () -> ControlReplies.pids("get_server_list", reply, 32));

        String text = e.getMessage();
        assertEquals(true, text.startsWith("the control daemon answered `get_server_list` with line "), text);
        assertEquals(false, text.contains("\u001b") || text.contains("\n"), text);
        assertEquals("live.REPLY_GARBAGE", e.errorMessage().key());
    }

    /**
     * Reading stops at the cap plus one: a reply listing 150,000 servers (a squatted /tmp/nvidia-mps held
     * {@code clients} for a minute with the quadratic repeat check) costs what 33 lines cost, and garbage or
     * repeats after that point are never looked at.
     */
    @Test
    void readingStopsAtTheCapPlusOneWhateverFollows() {
        StringBuilder reply = new StringBuilder();
        for (int i = 1; i <= 150_000; i++) {
            reply.append(i).append('\n');
        }
        reply.append("1\ngarbage\n");
        assertEquals(33, ControlReplies.pids("get_server_list", reply.toString(), 32).size());
        assertEquals(List.of(1L, 2L, 3L), ControlReplies.pids("get_server_list", reply.toString(), 2));
        assertEquals(List.of(5L), ControlReplies.pids("get_server_list", "5\n5\n", 0), "the repeat comes after the cap plus one");
        assertEquals(List.of(1L, 2L), ControlReplies.pids("get_server_list", "1\r2", 32), "a lone carriage return ends a line too");
    }

    @Test
    void theLargestPidIsTakenAndLinesAreCountedWhateverTheirEnds() {
        assertEquals(List.of(4_194_304L, 1L), ControlReplies.pids("get_server_list", "4194304\n1", 32));
        assertEquals(List.of(1L, 2L), ControlReplies.pids("get_server_list", "1\r\n2\r\n", 32));
        CumpsException e = assertThrows(CumpsException.class, () -> ControlReplies.pids("get_server_list", "1\r\n2\r\nx\r\n", 32));
        assertEquals("the control daemon answered `get_server_list` with line 3 'x': expected one process id per line", e.getMessage());
        CumpsException cr = assertThrows(CumpsException.class, () -> ControlReplies.pids("get_server_list", "1\r2\rx", 32));
        assertEquals("the control daemon answered `get_server_list` with line 3 'x': expected one process id per line", cr.getMessage());
        assertEquals(List.of(1L, 2L, 3L), ControlReplies.pids("get_server_list", "1\n2\n3\n4\n", 2), "the cap plus one, exactly");
        assertEquals(List.of(), ControlReplies.pids("get_server_list", "\r\n\n", 0));
    }

    /** Repeats are found in one pass (a hash set), not by comparing every pid with every other: 150,000 distinct pids, then one repeat. */
    @Test
    void aRepeatIsFoundInOnePassOverAHugeList() {
        StringBuilder reply = new StringBuilder();
        for (int i = 1; i <= 150_000; i++) {
            reply.append(i).append('\n');
        }
        reply.append("149999\n");
        CumpsException e = assertThrows(CumpsException.class, () -> ControlReplies.pids("get_server_list", reply.toString(), 200_000));
        assertEquals("the control daemon answered `get_server_list` with line 150001 '149999': that process id is listed twice", e.getMessage());
    }

    @Test
    void garbageMessageShowsTheLineAndWhatWasExpected() {
        CumpsException e = assertThrows(CumpsException.class, () -> ControlReplies.pids("get_client_list 4100", "4101\nhello\n", 32));

        assertEquals("the control daemon answered `get_client_list 4100` with line 2 'hello': expected one process id per line",
                e.getMessage());
    }

    @Test
    void serverStatusIsOneWord() {
        assertEquals(Optional.of("ACTIVE"), ControlReplies.serverStatus("get_server_status 4100", "ACTIVE\n"));
        assertEquals(Optional.of("FAULT"), ControlReplies.serverStatus("get_server_status 4100", "FAULT\n"));
    }

    @Test
    void serverStatusOfADriverWithoutTheCommandIsUnknown() {
        assertEquals(Optional.empty(), ControlReplies.serverStatus("get_server_status 4100", "Invalid command\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "active\n", "ACTIVE\nFAULT\n", "ACTIVE NOW\n", "42\n"})
    void otherServerStatusRepliesAreRefused(String reply) {
        assertThrows(CumpsException.class, () -> ControlReplies.serverStatus("get_server_status 4100", reply));
    }

    @Test
    void percentagesParse() {
        assertEquals(100.0, ControlReplies.percentage("get_default_active_thread_percentage", "100.0\n"));
        assertEquals(25.0, ControlReplies.percentage("get_active_thread_percentage 4100", "25\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "100.5\n", "-1\n", "lots\n", "50%\n", "NaN\n", "25\n25\n"})
    void otherPercentagesAreRefused(String reply) {
        CumpsException e = assertThrows(CumpsException.class,
                () -> ControlReplies.percentage("get_default_active_thread_percentage", reply));
        assertEquals(true, e.getMessage().startsWith("the control daemon answered `get_default_active_thread_percentage`"));
    }

    @Test
    void pinnedMemoryLimitsParseToMiB() {
        assertEquals(OptionalLong.of(8192), ControlReplies.pinnedMemLimitMiB("get_default_device_pinned_mem_limit 0", "8G\n"));
        assertEquals(OptionalLong.of(512), ControlReplies.pinnedMemLimitMiB("get_default_device_pinned_mem_limit 0", "512M\n"));
        assertEquals(OptionalLong.empty(), ControlReplies.pinnedMemLimitMiB("get_default_device_pinned_mem_limit 0", "\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"8T\n", "eight\n", "8G 9G\n", "-1G\n"})
    void otherLimitsAreRefused(String reply) {
        assertThrows(CumpsException.class, () -> ControlReplies.pinnedMemLimitMiB("get_default_device_pinned_mem_limit 0", reply));
    }

    /** Several questions in one client run, split by the marker NVIDIA's daemons answer as an unknown command. */
    @Test
    void aBatchIsSplitIntoOneReplyPerCommandEmptyRepliesIncluded() {
        assertEquals("get_server_status 7\ncumps_reply_end\nget_client_list 7\ncumps_reply_end",
                ControlReplies.batch(List.of("get_server_status 7", "get_client_list 7")));
        String out = "ACTIVE\nUnknown command \"cumps_reply_end\"\nUnknown command \"cumps_reply_end\"\n";

        assertEquals(Optional.of(List.of("ACTIVE\n", "")), ControlReplies.split(out, 2));
    }

    @Test
    void aBatchWhoseMarkersDoNotMatchItsCommandsIsNotSplit() {
        String one = "4242\nUnknown command \"cumps_reply_end\"\n";

        assertEquals(Optional.empty(), ControlReplies.split(one, 2), "a reply is missing");
        assertEquals(Optional.empty(), ControlReplies.split(one + "4243\n", 1), "text after the last marker");
        assertEquals(Optional.empty(), ControlReplies.split("Invalid command\nInvalid command\n", 2), "another daemon's refusal");
        assertEquals(Optional.of(List.of("Unknown command \"get_server_status\"\n")),
                ControlReplies.split("Unknown command \"get_server_status\"\nUnknown command \"cumps_reply_end\"\n", 1),
                "R535's refusal of a real command is a reply, not a marker");
    }
}
