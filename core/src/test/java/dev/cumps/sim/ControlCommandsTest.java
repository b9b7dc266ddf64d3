package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The control daemon stand-in's answers, as docs/simulator.md documents them, without sockets or processes. */
class ControlCommandsTest {

    private static final ControlCommands.Reply INVALID = new ControlCommands.Reply("Invalid command\n", false);
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
    void malformedStartServerIsInvalidAndStartsNothing(String command) {
        assertEquals(INVALID, commands.answer(command));

        assertEquals(List.of(), servers.started);
    }

    @ParameterizedTest
    @ValueSource(strings = {"get_client_list 4100", "get_device_client_list", "get_device_client_list 4100"})
    void clientListsAreEmptyForTheStandInHasNoCudaClients(String command) {
        assertEquals(NOTHING, commands.answer(command));
    }

    @Test
    void defaultActiveThreadPercentageStartsAtAHundred() {
        assertEquals(new ControlCommands.Reply("100.0\n", false),
                commands.answer("get_default_active_thread_percentage"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"25", "0", "100", "12.5"})
    void settingTheDefaultActiveThreadPercentagePrintsAndKeepsIt(String value) {
        String expected = Double.parseDouble(value) + "\n";

        assertEquals(new ControlCommands.Reply(expected, false),
                commands.answer("set_default_active_thread_percentage " + value));
        assertEquals(new ControlCommands.Reply(expected, false),
                commands.answer("get_default_active_thread_percentage"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"set_default_active_thread_percentage", "set_default_active_thread_percentage 101",
        "set_default_active_thread_percentage -1", "set_default_active_thread_percentage lots",
        "set_default_active_thread_percentage NaN", "set_default_active_thread_percentage 25 50"})
    void outOfRangeOrMalformedPercentageIsInvalidAndChangesNothing(String command) {
        commands.answer("set_default_active_thread_percentage 25");

        assertEquals(INVALID, commands.answer(command));
        assertEquals(new ControlCommands.Reply("25.0\n", false),
                commands.answer("get_default_active_thread_percentage"));
    }

    @Test
    void quitAnswersNothingAndAsksTheDaemonToStop() {
        assertEquals(new ControlCommands.Reply("", true), commands.answer("quit"));
    }

    @Test
    void quitWithArgumentsIsNotQuit() {
        assertEquals(INVALID, commands.answer("quit now"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"no_such_command", "GET_SERVER_LIST", "get_server_list_please", "help"})
    void unknownCommandIsInvalid(String command) {
        assertEquals(INVALID, commands.answer(command));
        assertEquals(List.of(), servers.started);
    }

    @Test
    void emptyCommandIsInvalid() {
        assertEquals(INVALID, commands.answer(""));
    }
}
