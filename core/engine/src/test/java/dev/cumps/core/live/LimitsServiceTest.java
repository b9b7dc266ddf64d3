package dev.cumps.core.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LimitsService} over the fake NVIDIA side: what {@code read} reports, what {@code set} sends
 * and records, and that a refused or failed set sends nothing (refusals) and leaves the record as it
 * was (failures), with a one-line reason.
 */
class LimitsServiceTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void tearDown() {
        sb.close();
    }

    private LimitsService limits() {
        return sb.services().limits();
    }

    private static MpsLimits limitsOf(int percentage, String size) {
        return new MpsLimits(OptionalInt.of(percentage), size == null ? OptionalLong.empty() : OptionalLong.of(MpsLimits.parseSizeMiB(size)));
    }

    private DaemonRecord startWith(String name, MpsLimits limits) {
        return sb.services().starter().start(new StartRequest(Optional.empty(), Optional.of(name), Optional.empty(), Optional.empty(),
                Map.of(), limits), stage -> { });
    }

    private DaemonRecord recorded(String name) {
        return ((RecordLookup.Found) sb.services().records().lookup(name)).record();
    }

    private String recordText(String name) {
        try {
            return Files.readString(sb.recordFile(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The commands sent after the start (start's own handshake and limits excluded). */
    private List<String> commandsSince(int mark) {
        List<String> all = sb.mps.clientCommands();
        return all.subList(mark, all.size()).stream().map(String::strip).toList();
    }

    /** The one control run in which a set reads the daemon's defaults back to confirm them. */
    private static final String CONFIRM = ControlReplies.batch(List.of("get_default_active_thread_percentage",
            "get_default_device_pinned_mem_limit 0"));

    private void daemonReports(String percentage, String pinned, long... servers) {
        sb.mps.reply("get_default_active_thread_percentage", percentage + "\n");
        sb.mps.reply("get_default_device_pinned_mem_limit 0", pinned + "\n");
        serversReport(percentage, pinned, servers);
    }

    /** Running servers with these limits; the daemon's defaults are what was last set (NVIDIA's daemon remembers them). */
    private void serversReport(String percentage, String pinned, long... servers) {
        StringBuilder list = new StringBuilder();
        for (long s : servers) {
            list.append(s).append('\n');
            sb.mps.reply("get_active_thread_percentage " + s, percentage + "\n");
            sb.mps.reply("get_device_pinned_mem_limit " + s + " 0", pinned + "\n");
        }
        sb.mps.serverList(list.toString());
    }

    @Test
    void readShowsRecordedLimitsNextToTheDaemonsDefaultsAndEachServer() {
        startWith("a", limitsOf(25, "8G"));
        daemonReports("25.0", "8G", 4100);

        DaemonLimits a = limits().read("a");

        assertEquals(limitsOf(25, "8G"), a.recorded());
        assertEquals(Optional.of(new CurrentLimits(OptionalDouble.of(25.0), OptionalLong.of(8192))), a.current());
        assertEquals(List.of(new ServerLimits(4100, new CurrentLimits(OptionalDouble.of(25.0), OptionalLong.of(8192)))), a.servers());
        assertFalse(a.differsFromRecord());
        assertEquals(Optional.empty(), a.problem());
    }

    /**
     * The daemon's children (NVIDIA's daemon starts each server as its child) are asked their limits with the defaults
     * and the server list: one run. The server list decides: a child it does not name is left out, and a listed
     * server that was no child is asked in a second run.
     */
    @Test
    void theChildrensLimitsComeWithTheServerListAndOnlyOtherServersCostASecondRun() {
        DaemonRecord a = startWith("a", limitsOf(25, "8G"));
        daemonReports("25.0", "8G", 4100);
        sb.processes.put(4100, "nvidia-cuda-mps", 500);
        sb.processes.parent(4100, a.pid());
        sb.processes.put(4200, "sh", 600);
        sb.processes.parent(4200, a.pid());
        int mark = sb.mps.clientCommands().size();

        DaemonLimits one = limits().read("a");

        assertEquals(List.of(4100L), one.servers().stream().map(ServerLimits::pid).toList());
        assertEquals(List.of(ControlReplies.batch(List.of("get_default_active_thread_percentage", "get_default_device_pinned_mem_limit 0",
                "get_server_list", "get_active_thread_percentage 4100", "get_device_pinned_mem_limit 4100 0", "get_active_thread_percentage 4200",
                "get_device_pinned_mem_limit 4200 0"))), commandsSince(mark), "one run for the defaults, the list and both children");

        daemonReports("25.0", "8G", 4100, 4101);
        mark = sb.mps.clientCommands().size();

        DaemonLimits two = limits().read("a");

        assertEquals(List.of(4100L, 4101L), two.servers().stream().map(ServerLimits::pid).toList());
        assertEquals(new CurrentLimits(OptionalDouble.of(25.0), OptionalLong.of(8192)), two.servers().get(1).current());
        assertEquals(2, commandsSince(mark).size(), "a second run for the server that is no child: " + commandsSince(mark));
        assertEquals(ControlReplies.batch(List.of("get_active_thread_percentage 4101", "get_device_pinned_mem_limit 4101 0")),
                commandsSince(mark).get(1));
    }

    @Test
    void readSaysWhenTheDaemonsDefaultsDifferFromTheRecord() {
        startWith("a", limitsOf(25, "8G"));
        daemonReports("100.0", "");

        DaemonLimits a = limits().read("a");

        assertTrue(a.differsFromRecord());
        assertEquals(Optional.of("100"), a.current().orElseThrow().activeThreadPercentageText());
        assertEquals(Optional.empty(), a.current().orElseThrow().pinnedMemLimitText());
    }

    @Test
    void readOfADaemonThatDoesNotAnswerIsAProblemNotAHang() {
        startWith("a", MpsLimits.NONE);
        sb.mps.daemon(recorded("a").pipeDirectory()).orElseThrow().hangs = true;

        DaemonLimits a = limits().read("a");

        assertEquals(Optional.empty(), a.current());
        assertEquals("the control daemon did not answer `get_default_active_thread_percentage` in time; check it with `cumps doctor`",
                a.problem().orElseThrow().english());
    }

    @Test
    void aDaemonThatHangsDoesNotHideTheOthersLimits() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord quiet = sb.start("quiet", 0);
        sb.start("busy", 1);
        sb.mps.daemon(quiet.pipeDirectory()).orElseThrow().hangs = true;
        daemonReports("30.0", "1G");

        List<DaemonLimits> all = limits().readAll();

        assertEquals(List.of("busy", "quiet"), all.stream().map(DaemonLimits::name).sorted().toList());
        DaemonLimits busy = all.stream().filter(d -> d.name().equals("busy")).findFirst().orElseThrow();
        DaemonLimits hung = all.stream().filter(d -> d.name().equals("quiet")).findFirst().orElseThrow();
        assertEquals(Optional.of(new CurrentLimits(OptionalDouble.of(30.0), OptionalLong.of(1024))), busy.current());
        assertEquals(Optional.empty(), busy.problem());
        assertEquals(Optional.empty(), hung.current());
        assertTrue(hung.problem().orElseThrow().english().contains("did not answer"), hung.problem().toString());
    }

    @Test
    void readAllListsOnlyLiveDaemons() {
        startWith("a", limitsOf(50, "512M"));
        sb.handRecord("gone", 4_150_000L, 7, sb.dir.resolve("gp"), sb.dir.resolve("gl"));
        daemonReports("50.0", "512M");

        List<DaemonLimits> all = limits().readAll();

        assertEquals(List.of("a"), all.stream().map(DaemonLimits::name).toList());
    }

    @Test
    void setAppliesDefaultsAndEveryRunningServerThenRecordsThem() {
        startWith("a", MpsLimits.NONE);
        serversReport("100.0", "", 4100, 4200);
        int mark = sb.mps.clientCommands().size();

        Message outcome = limits().set("a", limitsOf(50, "4096M"));

        assertEquals(List.of("set_default_device_pinned_mem_limit 0 4G", "set_default_active_thread_percentage 50", CONFIRM,
                "get_server_list", "set_device_pinned_mem_limit 4100 0 4G", "set_active_thread_percentage 4100 50",
                "set_device_pinned_mem_limit 4200 0 4G", "set_active_thread_percentage 4200 50"), commandsSince(mark));
        assertEquals(limitsOf(50, "4G"), recorded("a").limits());
        assertTrue(recordText("a").contains("\"mps_active_thread_percentage\": 50"), recordText("a"));
        assertTrue(recordText("a").contains("\"mps_pinned_device_mem_limit\": \"4G\""), recordText("a"));
        assertEquals("limits of 'a' set and recorded: active thread percentage 50, pinned memory limit 4G (defaults and 2 running"
                + " server(s))", outcome.english());
    }

    @Test
    void setKeepsTheRecordedLimitItWasNotGiven() {
        startWith("a", limitsOf(25, "8G"));
        int mark = sb.mps.clientCommands().size();

        limits().set("a", new MpsLimits(OptionalInt.empty(), OptionalLong.of(512)));

        assertEquals(List.of("set_default_device_pinned_mem_limit 0 512M", CONFIRM, "get_server_list"), commandsSince(mark));
        assertEquals(limitsOf(25, "512M"), recorded("a").limits());
    }

    @Test
    void setRefusesAStaleRecordAndChangesNothing() {
        sb.handRecord("old", 4_150_000L, 7, sb.dir.resolve("op"), sb.dir.resolve("ol"));
        String before = recordText("old");

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("old", limitsOf(50, "8G")));

        assertEquals("daemon 'old' is stale (pid 4150000 is gone or reused); nothing was changed. Start it again with"
                + " `cumps start --name old`", e.getMessage());
        assertTrue(sb.mps.clientCommands().isEmpty());
        assertEquals(before, recordText("old"));
    }

    @Test
    void setRefusesAPidReusedWithAnotherStartTime() {
        DaemonRecord a = startWith("a", MpsLimits.NONE);
        sb.processes.kill(a.pid());
        sb.processes.put(a.pid(), "nvidia-cuda-mps", a.processStartTicks() + 5);
        int mark = sb.mps.clientCommands().size();

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("a", limitsOf(50, "8G")));

        assertEquals(LiveMessages.LIMITS_STALE.key(), e.errorMessage().key());
        assertEquals(List.of(), commandsSince(mark));
        assertEquals(MpsLimits.NONE, recorded("a").limits());
    }

    @Test
    void setRefusesAnotherUsersRecord() {
        sb.foreignRecord("theirs", 4242, Sandbox.HOSTNAME, 4_110_000L, 9);
        sb.processes.put(4_110_000L, "nvidia-cuda-mps", 9);

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("theirs", limitsOf(50, "8G")));

        assertEquals(LiveMessages.RECORD_FOREIGN.key(), e.errorMessage().key());
        assertTrue(e.getMessage().contains("uid 4242"), e.getMessage());
        assertTrue(sb.mps.clientCommands().isEmpty());
    }

    @Test
    void setRefusesARecordOfAnotherHost() {
        sb.foreignRecord("elsewhere", sb.uid, "otherhost", 4_110_000L, 9);
        sb.processes.put(4_110_000L, "nvidia-cuda-mps", 9);

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("elsewhere", limitsOf(50, "8G")));

        assertEquals(LiveMessages.RECORD_FOREIGN.key(), e.errorMessage().key());
        assertTrue(e.getMessage().contains("otherhost"), e.getMessage());
        assertTrue(sb.mps.clientCommands().isEmpty());
    }

    @Test
    void setRefusesWhenThePipeDirectoryIsServedByAnotherDaemon() throws IOException {
        DaemonRecord a = startWith("a", MpsLimits.NONE);
        Files.writeString(a.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), "4199999\n");
        int mark = sb.mps.clientCommands().size();

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("a", limitsOf(50, "8G")));

        assertEquals(LiveMessages.LIMITS_PIPE_SERVED_BY_OTHER.key(), e.errorMessage().key());
        assertEquals(List.of(), commandsSince(mark));
    }

    @Test
    void setRefusesAPipeDirectoryThatFailsTheTrustRuleAndSendsNothing() throws IOException {
        DaemonRecord a = startWith("a", MpsLimits.NONE);
        Files.setPosixFilePermissions(a.pipeDirectory(), PosixFilePermissions.fromString("rwxrwxrwx"));
        int mark = sb.mps.clientCommands().size();
        String before = recordText("a");

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("a", limitsOf(50, "8G")));

        assertEquals("record.VERIFY_PIPE_UNTRUSTED", e.errorMessage().key());
        assertEquals(List.of(), commandsSince(mark));
        assertEquals(before, recordText("a"));
    }

    @Test
    void setOnADaemonThatDoesNotAnswerFailsInOneLineAndLeavesTheRecord() {
        startWith("a", limitsOf(25, "8G"));
        sb.mps.daemon(recorded("a").pipeDirectory()).orElseThrow().hangs = true;
        String before = recordText("a");

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("a", limitsOf(50, "4G")));

        assertEquals("the limits of 'a' were not all applied: the control daemon did not answer `set_default_device_pinned_mem_limit 0 4G`"
                + " in time; check it with `cumps doctor`. The record is unchanged; see the daemon's values with `cumps limits --name a`",
                e.getMessage());
        assertEquals(before, recordText("a"));
    }

    @Test
    void setThatTheDaemonRefusesLeavesTheRecord() {
        startWith("a", MpsLimits.NONE);
        sb.mps.reply("set_default_device_pinned_mem_limit 0 8G", "Invalid command\n");

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("a", limitsOf(50, "8G")));

        assertTrue(e.getMessage().contains("the control daemon refused `set_default_device_pinned_mem_limit 0 8G` (Invalid command)"),
                e.getMessage());
        assertEquals(MpsLimits.NONE, recorded("a").limits());
    }

    @Test
    void setWithNothingToSetIsRefused() {
        startWith("a", MpsLimits.NONE);
        int mark = sb.mps.clientCommands().size();

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("a", MpsLimits.NONE));

        assertEquals(LiveMessages.LIMITS_NOTHING_TO_SET.key(), e.errorMessage().key());
        assertEquals(List.of(), commandsSince(mark));
    }

    @Test
    void readOfAMissingRecordSaysWhatToDo() {
        CumpsException e = assertThrows(CumpsException.class, () -> limits().read("ghost"));

        assertEquals("no record named 'ghost' (see `cumps status`)", e.getMessage());
    }

    @Test
    void aRecordFileThatIsALinkIsRefusedAndNothingIsWrittenThroughIt() throws IOException {
        startWith("a", MpsLimits.NONE);
        Path victim = Files.writeString(sb.dir.resolve("victim"), "untouched\n");
        String text = recordText("a");
        Files.delete(sb.recordFile("a"));
        Files.writeString(victim, text);
        Files.createSymbolicLink(sb.recordFile("a"), victim);

        assertThrows(CumpsException.class, () -> limits().set("a", limitsOf(50, "8G")));

        assertEquals(text, Files.readString(victim));
    }

    @Test
    void aDriverWithoutPinnedMemoryCommandsShowsThatColumnAsNotSupportedNotAsAProblem() {
        sb.mps.r470();
        startWith("a", limitsOf(25, null));

        DaemonLimits read = limits().read("a");

        assertTrue(read.problem().isEmpty(), () -> "no problem: " + read.problem());
        CurrentLimits current = read.current().orElseThrow();
        assertFalse(current.pinnedMemLimitSupported());
        assertEquals(OptionalDouble.of(25.0), current.activeThreadPercentage());
        assertFalse(read.differsFromRecord(), "the record sets no pinned limit");
    }

    @Test
    void setOfAPinnedLimitOnADriverWithoutItFailsChangesNothingAndLeavesTheRecord() {
        sb.mps.r470();
        startWith("a", limitsOf(25, null));
        String before = recordText("a");
        int mark = sb.mps.clientCommands().size();

        CumpsException e = assertThrows(CumpsException.class, () -> limits().set("a", limitsOf(50, "1G")));

        assertEquals("the limits of 'a' were not all applied: this driver's control daemon does not know"
                + " set_default_device_pinned_mem_limit (it answered: Unknown command \"set_default_device_pinned_mem_limit\"): the limit"
                + " is not supported by this driver branch; leave it out. The record is unchanged; see the daemon's values with"
                + " `cumps limits --name a`", e.getMessage());
        assertEquals(before, recordText("a"));
        assertEquals(List.of("set_default_device_pinned_mem_limit 0 1G"), commandsSince(mark), "the percentage was not changed either");
        assertEquals(OptionalDouble.of(25.0), limits().read("a").current().orElseThrow().activeThreadPercentage());
    }
}
