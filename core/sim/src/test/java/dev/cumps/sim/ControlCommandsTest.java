package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The control daemon stand-in's answers, as docs/simulator.md documents them, without sockets or processes. */
class ControlCommandsTest {

    private static final ControlCommands.Reply NOTHING = new ControlCommands.Reply("", false);

    /** Servers that remember which uids were asked for and report the pids they are told to. */
    private static final class FakeServers implements ControlCommands.Servers {
        final List<Long> live = new ArrayList<>();
        final List<Long> started = new ArrayList<>();

        @Override
        public List<Long> live() {
            return List.copyOf(live);
        }

        @Override
        public void start(long uid) {
            started.add(uid);
        }
    }

    private final FakeServers servers = new FakeServers();
    private final ControlCommands commands = new ControlCommands(servers);

    @Test
    void serverListIsEmptyWithoutServers() {
        assertEquals(NOTHING, commands.answer("get_server_list"));
    }

    @Test
    void serverListNamesEachLiveServerOnItsOwnLine() {
        servers.live.addAll(List.of(4100L, 4242L));

        assertEquals(new ControlCommands.Reply("4100\n4242\n", false), commands.answer("get_server_list"));
    }

    @Test
    void startServerStartsOneForTheUidAndPrintsNothing() {
        assertEquals(NOTHING, commands.answer("start_server -uid 1000"));

        assertEquals(List.of(1000L), servers.started);
    }

    @ParameterizedTest
    @ValueSource(strings = {"start_server", "start_server -uid", "start_server -uid abc", "start_server -uid -1",
        "start_server -gid 1000", "start_server -uid 1000 extra"})
    void malformedStartServerAsksForTheUidAndStartsNothing(String command) {
        assertEquals(new ControlCommands.Reply("A user id (UID) is required to start a new server\n", false),
                commands.answer(command));

        assertEquals(List.of(), servers.started);
    }

    @ParameterizedTest
    @ValueSource(strings = {"get_device_client_list", "get_device_client_list abc", "get_device_client_list 4100"})
    void clientListsAreEmptyForTheStandInHasNoCudaClients(String command) {
        servers.live.add(4100L);

        assertEquals(NOTHING, commands.answer(command));
    }

    @Test
    void deviceClientListOfAPidThatIsNoServerIsNotFound() {
        assertEquals(new ControlCommands.Reply("Server 4242 not found\n", false), commands.answer("get_device_client_list 4242"));
    }

    @Test
    void defaultActiveThreadPercentageStartsAtAHundred() {
        assertEquals(new ControlCommands.Reply("100.0\n", false),
                commands.answer("get_default_active_thread_percentage"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"25", "0.5", "100", "12.5"})
    void settingTheDefaultActiveThreadPercentagePrintsAndKeepsIt(String value) {
        String expected = Double.parseDouble(value) + "\n";

        assertEquals(new ControlCommands.Reply(expected, false),
                commands.answer("set_default_active_thread_percentage " + value));
        assertEquals(new ControlCommands.Reply(expected, false),
                commands.answer("get_default_active_thread_percentage"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"set_default_active_thread_percentage", "set_default_active_thread_percentage 101",
        "set_default_active_thread_percentage 0", "set_default_active_thread_percentage -1",
        "set_default_active_thread_percentage lots", "set_default_active_thread_percentage NaN"})
    void outOfRangeOrMalformedPercentageIsLoggedAndAnswersTheValueKept(String command) {
        commands.answer("set_default_active_thread_percentage 25");

        assertEquals(new ControlCommands.Reply("25.0\n", false, List.of("Invalid percentage, expected between (0.0, 100.0]")),
                commands.answer(command));
        assertEquals(new ControlCommands.Reply("25.0\n", false),
                commands.answer("get_default_active_thread_percentage"));
    }

    @Test
    void quitAnswersNothingAndAsksTheDaemonToStop() {
        assertEquals(new ControlCommands.Reply("", true), commands.answer("quit"));
    }

    @Test
    void quitWithArgumentsIsNotQuit() {
        assertEquals(unknown("quit"), commands.answer("quit now"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"no_such_command", "GET_SERVER_LIST", "get_server_list_please", "help"})
    void unknownCommandIsNamedAsNvidiaNamesIt(String command) {
        assertEquals(unknown(command), commands.answer(command));
        assertEquals(List.of(), servers.started);
    }

    @Test
    void onlyTheFirstWordOfAnUnknownCommandIsNamed() {
        assertEquals(unknown("bogus"), commands.answer("bogus arg"));
    }

    @Test
    void emptyCommandIsAnUnknownEmptyCommand() {
        assertEquals(unknown(""), commands.answer(""));
    }

    @Test
    void serverStatusIsUnknownToR535AndWantsAPidOnR550() {
        ControlCommands r535 = new ControlCommands(servers, DriverProfile.R535);

        assertEquals(unknown("get_server_status"), r535.answer("get_server_status 4100"));
        assertEquals(new ControlCommands.Reply("A server PID is required\n", false), commands.answer("get_server_status"));
        assertEquals(new ControlCommands.Reply("Server 4100 not found\n", false), commands.answer("get_server_status 4100"));
    }

    /** NVIDIA's R470 (measured) knows neither the pinned memory commands nor terminate_client nor get_server_status. */
    @ParameterizedTest
    @ValueSource(strings = {"get_default_device_pinned_mem_limit 0", "get_default_device_pinned_mem_limit",
        "set_default_device_pinned_mem_limit 0 8G", "get_device_pinned_mem_limit 4100 0", "set_device_pinned_mem_limit 4100 0 8G",
        "terminate_client 4100 7001", "get_server_status 4100", "get_server_status"})
    void r470AnswersTheCommandsItLacksAsUnknownAndStoresNothing(String command) {
        servers.live.add(4100L);
        ControlCommands r470 = new ControlCommands(servers, DriverProfile.R470);
        String word = command.split(" ")[0];

        assertEquals(unknown(word), r470.answer(command), "no note either: R470 logs only the refusal");
        assertEquals(unknown("get_default_device_pinned_mem_limit"), r470.answer("get_default_device_pinned_mem_limit 0"));
        assertEquals(new ControlCommands.Reply("100.0\n", false), r470.answer("get_default_active_thread_percentage"));
    }

    @Test
    void r535AndLaterKnowThePinnedMemoryCommands() {
        for (DriverProfile profile : List.of(DriverProfile.R535, DriverProfile.R550, DriverProfile.R555)) {
            ControlCommands later = new ControlCommands(servers, profile);

            assertEquals(NOTHING, later.answer("set_default_device_pinned_mem_limit 0 8G"), profile.branch());
            assertEquals(new ControlCommands.Reply("8G\n", false), later.answer("get_default_device_pinned_mem_limit 0"), profile.branch());
        }
    }

    @Test
    void r555KnowsServerStatusAsR550() {
        ControlCommands r555 = new ControlCommands(servers, DriverProfile.R555);

        assertEquals(new ControlCommands.Reply("A server PID is required\n", false), r555.answer("get_server_status"));
        assertEquals(new ControlCommands.Reply("Server 4100 not found\n", false), r555.answer("get_server_status 4100"));
    }

    private static ControlCommands.Reply unknown(String word) {
        return new ControlCommands.Reply("Unknown command \"" + word + "\"\n", false);
    }
}
