package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The control daemon stand-in's answers about clients, server status and limits (docs/simulator.md),
 * without sockets or processes: a client attaching starts a server for its uid when none runs, is
 * listed by {@code get_client_list} of that server, and the limit commands keep what they are told.
 */
class ControlCommandsClientsTest {
    private static final ControlCommands.Reply INVALID = new ControlCommands.Reply("Invalid command\n", false);
    private static final ControlCommands.Reply NOTHING = new ControlCommands.Reply("", false);

    private final List<Long> live = new ArrayList<>();
    private final List<Long> started = new ArrayList<>();
    private final Map<Long, Long> serverOf = new TreeMap<>();

    private final ControlCommands commands = new ControlCommands(new ControlCommands.Servers() {
        @Override
        public List<Long> live() {
            return List.copyOf(live);
        }

        @Override
        public void start(long uid) {
            started.add(uid);
            live.add(5000L + started.size());
        }
    }, new ControlCommands.Clients() {
        @Override
        public void attach(long client, long server) {
            serverOf.put(client, server);
        }

        @Override
        public List<Long> of(long server) {
            return serverOf.entrySet().stream().filter(e -> e.getValue() == server).map(Map.Entry::getKey).toList();
        }

        @Override
        public boolean terminate(long client, long server) {
            return serverOf.remove(client, server);
        }
    }, "GPU-5f0c1a2e-0000-4000-8000-000000000001", DriverProfile.NEWEST);

    private static ControlCommands.Reply reply(String text) {
        return new ControlCommands.Reply(text, false);
    }

    @Test
    void firstClientStartsAServerForItsUidAndLearnsItsServerAndGpu() {
        assertEquals(reply("5001 GPU-5f0c1a2e-0000-4000-8000-000000000001 " + ProcessHandle.current().pid() + "\n"),
                commands.answer("cumps_sim_attach 7001 1000"));

        assertEquals(List.of(1000L), started);
        assertEquals(reply("5001\n"), commands.answer("get_server_list"));
        assertEquals(reply("7001\n"), commands.answer("get_client_list 5001"));
    }

    @Test
    void laterClientsShareTheRunningServer() {
        commands.answer("cumps_sim_attach 7001 1000");
        commands.answer("cumps_sim_attach 7002 1000");

        assertEquals(List.of(1000L), started);
        assertEquals(reply("7001\n7002\n"), commands.answer("get_client_list 5001"));
    }

    @Test
    void terminateClientEndsExactlyThatClientOfThatServer() {
        commands.answer("cumps_sim_attach 7001 1000");
        commands.answer("cumps_sim_attach 7002 1000");

        assertEquals(NOTHING, commands.answer("terminate_client 5001 7001"));
        assertEquals(reply("7002\n"), commands.answer("get_client_list 5001"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"terminate_client", "terminate_client 4242 7001"})
    void terminateClientOfAnUnknownServerAnswersNvidiasThreeLinesAndEndsNothing(String command) {
        commands.answer("cumps_sim_attach 7001 1000");
        long server = command.equals("terminate_client") ? 0 : 4242;

        assertEquals(reply("Server " + server + " not found\nServer " + server + " not found!\n1\n"), commands.answer(command));
        assertEquals(reply("7001\n"), commands.answer("get_client_list 5001"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"terminate_client 5001", "terminate_client 5001 7999", "terminate_client 5001 abc",
        "terminate_client 5001 7001 7002"})
    void terminateClientOfAnUnknownClientIsInvalidAndEndsNothing(String command) {
        commands.answer("cumps_sim_attach 7001 1000");

        assertEquals(INVALID, commands.answer(command));
        assertEquals(reply("7001\n"), commands.answer("get_client_list 5001"));
    }

    @Test
    void aServerWithoutClientsListsNothingAndAnotherPidIsNoServer() {
        live.add(4100L);

        assertEquals(NOTHING, commands.answer("get_client_list 4100"));
        assertEquals(reply("Server 4242 not found\n"), commands.answer("get_client_list 4242"));
    }

    @Test
    void aLiveServerIsActiveAnotherPidIsNoServerAndAPidIsRequired() {
        live.add(4100L);

        assertEquals(reply("ACTIVE\n"), commands.answer("get_server_status 4100"));
        assertEquals(reply("Server 4242 not found\n"), commands.answer("get_server_status 4242"));
        assertEquals(reply("A server PID is required\n"), commands.answer("get_server_status"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"get_client_list", "get_client_list abc", "get_client_list -1"})
    void aClientListWithoutAPidAsksForServerZeroAsNvidiaReadsIt(String command) {
        assertEquals(reply("Server 0 not found\n"), commands.answer(command));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cumps_sim_attach", "cumps_sim_attach 0 1000", "cumps_sim_attach x 1000", "cumps_sim_attach 7001"})
    void malformedClientCommandsAreInvalid(String command) {
        assertEquals(INVALID, commands.answer(command));
        assertEquals(List.of(), started);
    }

    @Test
    void aServerStartsWithTheDefaultActiveThreadPercentageAndKeepsItsOwn() {
        live.add(4100L);
        commands.answer("set_default_active_thread_percentage 50");

        assertEquals(reply("50.0\n"), commands.answer("get_active_thread_percentage 4100"));
        assertEquals(NOTHING, commands.answer("set_active_thread_percentage 4100 25"));
        assertEquals(reply("25.0\n"), commands.answer("get_active_thread_percentage 4100"));
        assertEquals(INVALID, commands.answer("set_active_thread_percentage 4100 101"));
        assertEquals(reply("Server 4242 not found\n"), commands.answer("set_active_thread_percentage 4242 25"));
        assertEquals(reply("25.0\n"), commands.answer("get_active_thread_percentage 4100"));
    }

    @Test
    void pinnedMemoryLimitsRoundTripPerDeviceAndPerServer() {
        live.add(4100L);

        assertEquals(new ControlCommands.Reply("", false, List.of("No default pinned memory limit set for the device!")),
                commands.answer("get_default_device_pinned_mem_limit 0"));
        assertEquals(NOTHING, commands.answer("set_default_device_pinned_mem_limit 0 8G"));
        assertEquals(reply("8G\n"), commands.answer("get_default_device_pinned_mem_limit 0"));
        assertEquals(reply("8G\n"), commands.answer("get_device_pinned_mem_limit 4100 0"));
        assertEquals(NOTHING, commands.answer("set_device_pinned_mem_limit 4100 0 512M"));
        assertEquals(reply("512M\n"), commands.answer("get_device_pinned_mem_limit 4100 0"));
        assertEquals(INVALID, commands.answer("set_default_device_pinned_mem_limit 0 lots"));
        assertEquals(INVALID, commands.answer("set_device_pinned_mem_limit 4100 0 lots"));
    }

    /** As NVIDIA's R535 to R555 daemons answer (measured): the pid is read as {@code atoi} reads it, 0 when missing. */
    @Test
    void perServerPinnedMemoryLimitsOfAPidThatIsNoServerAreNotFound() {
        live.add(4100L);

        assertEquals(reply("Server 4242 not found\n"), commands.answer("set_device_pinned_mem_limit 4242 0 1G"));
        assertEquals(reply("Server 4242 not found\n"), commands.answer("set_device_pinned_mem_limit 4242"));
        assertEquals(reply("Server 4242 not found\n"), commands.answer("get_device_pinned_mem_limit 4242 0"));
        assertEquals(reply("Server 0 not found\n"), commands.answer("get_device_pinned_mem_limit"));
        assertEquals(reply("Server 0 not found\n"), commands.answer("get_device_pinned_mem_limit abc 0"));
    }
}
