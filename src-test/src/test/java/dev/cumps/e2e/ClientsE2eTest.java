package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cumps clients} against the simulated host, everything a real process: a daemon, simulated
 * clients attached through its pipe directory, their memory from the stand-in nvidia-smi, a client
 * that exits, and a daemon that stops answering while another is still shown complete.
 */
@ExtendWith(CumpsExtension.class)
class ClientsE2eTest {
    /** A TMPDIR without the harness's stand-ins on PATH: --simulate brings its own sandbox. */
    private static Map<String, String> plain(CumpsHarness h) {
        // (h: every test passes its own harness, so the call reads like the others)
        return Map.of("PATH", "/usr/bin:/bin");
    }

    private static long attach(CumpsHarness h, String daemon, int memory) {
        Run run = h.cumps(plain(h), "--simulate", "attach-client", "--name", daemon, "--memory", Integer.toString(memory)).assertOk();
        long pid = Long.parseLong(run.stdout().strip());
        h.remember(pid);
        assertTrue(Procs.running(pid), "the client runs on after cumps returned: " + run);
        return pid;
    }

    private static List<Long> clientPids(JsonNode daemon) {
        List<Long> pids = new ArrayList<>();
        for (JsonNode server : daemon.get("servers")) {
            for (JsonNode client : server.get("clients")) {
                pids.add(client.get("pid").asLong());
            }
        }
        return pids;
    }

    private static JsonNode client(JsonNode daemon, long pid) {
        for (JsonNode server : daemon.get("servers")) {
            for (JsonNode client : server.get("clients")) {
                if (client.get("pid").asLong() == pid) {
                    return client;
                }
            }
        }
        throw new AssertionError("client " + pid + " is not listed: " + daemon);
    }

    @Test
    void attachedClientsAreListedWithTheirMemoryAndAnExitedOneDisappears(CumpsHarness h) {
        h.cumps(plain(h), "--simulate", "start", "--gpus", "0", "--name", "busy").assertOk();
        long first = attach(h, "busy", 1024);
        long second = attach(h, "busy", 256);

        JsonNode json = h.cumps(plain(h), "--simulate", "clients", "--json").assertOk().json();
        JsonNode busy = find(json.get("daemons"), "name", "busy");
        assertEquals("answering", busy.get("state").asText());
        assertEquals(List.of(first, second), clientPids(busy));
        JsonNode one = client(busy, first);
        assertEquals(1024, one.get("gpu_memory_mib").asLong());
        assertEquals(CumpsHarness.GPU0, one.get("gpu_uuids").get(0).asText());
        assertTrue(one.get("readable").asBoolean());
        assertTrue(one.get("command").asText().contains("MpsClientMain"), one.toString());
        assertEquals(256, client(busy, second).get("gpu_memory_mib").asLong());
        assertEquals("ACTIVE", busy.get("servers").get(0).get("status").asText());
        JsonNode gpu0 = find(json.get("gpus"), "uuid", CumpsHarness.GPU0);
        assertEquals(1280, gpu0.get("memory_used_mib").asLong(), "the GPU's memory.used is its clients' sum");
        assertTrue(gpu0.get("utilization_gpu_percent").asInt() > 0, "a GPU with clients is busy: " + gpu0);

        Run text = h.cumps(plain(h), "--simulate", "clients", "--name", "busy").assertOk();
        assertTrue(text.stdout().lines().anyMatch(l -> l.contains("busy") && l.contains(" " + first + " ") && l.contains("1024 MiB")),
                text.stdout());

        Procs.kill(first);
        assertTrue(Procs.awaitGone(first, CumpsHarness.PATIENCE), "the client ends when killed");
        JsonNode after = find(h.cumps(plain(h), "--simulate", "clients", "--json").assertOk().json().get("daemons"), "name", "busy");
        assertEquals(List.of(second), clientPids(after), "the exited client is gone from the next snapshot");
        assertTrue(Procs.running(second), "the other client still runs");

        h.cumps(plain(h), "--simulate", "stop", "--name", "busy").assertOk();
        assertTrue(Procs.awaitGone(second, CumpsHarness.PATIENCE), "a client ends with its daemon");
    }

    /**
     * One control-client run per daemon: the simulated daemon starts its server as its child, as NVIDIA's does, so
     * {@code status --json} asks the server list and the server's status and clients in one connection ({@code NEW UI}
     * in the daemon's control.log, as NVIDIA's daemon logs each connection). It was two: the list, then the server.
     */
    @Test
    void aDaemonWithAServerAndClientsIsAskedEverythingInOneControlRun(CumpsHarness h) throws IOException {
        Path log = Path.of(h.cumps(plain(h), "--simulate", "start", "--gpus", "0", "--name", "busy").assertOk().json()
                .get("log_directory").asText()).resolve("control.log");
        long client = attach(h, "busy", 512);
        long before = connections(log);

        JsonNode busy = find(h.cumps(plain(h), "--simulate", "status", "--json").assertOk().json().get("live").get("daemons"), "name", "busy");

        assertEquals(List.of(client), clientPids(busy));
        assertEquals("ACTIVE", busy.get("servers").get(0).get("status").asText());
        assertEquals(1, connections(log) - before, "connections to the daemon for one status --json:\n" + Files.readString(log));
        h.cumps(plain(h), "--simulate", "stop", "--name", "busy").assertOk();
    }

    /** The connections control.log has recorded so far. */
    private static long connections(Path log) throws IOException {
        return Files.readAllLines(log).stream().filter(l -> l.endsWith("] NEW UI")).count();
    }

    @Test
    void aDaemonThatStopsAnsweringIsShownSoWhileTheOtherIsComplete(CumpsHarness h) throws Exception {
        Path mute = h.root.resolve("mute-now");
        h.cumps(plain(h), "--simulate", "start", "--gpus", "0", "--name", "busy").assertOk();
        h.cumps(plain(h), "--simulate", "start", "--gpus", "1", "--name", "quiet", "--env", "CUMPS_SIM_MPS_FAULT=no-answer",
                "--env", "CUMPS_SIM_MPS_MUTE_FILE=" + mute).assertOk();
        long client = attach(h, "busy", 512);
        Files.createFile(mute);

        JsonNode live = h.cumps(plain(h), "--simulate", "status", "--json").assertOk().json().get("live");
        JsonNode quiet = find(live.get("daemons"), "name", "quiet");
        assertEquals("not_answering", quiet.get("state").asText(), quiet.toString());
        assertTrue(quiet.get("problem").asText().contains("did not answer"), quiet.toString());
        JsonNode busy = find(live.get("daemons"), "name", "busy");
        assertEquals("answering", busy.get("state").asText());
        assertEquals(List.of(client), clientPids(busy));
        assertEquals(512, client(busy, client).get("gpu_memory_mib").asLong());

        Run text = h.cumps(plain(h), "--simulate", "clients").assertOk();
        assertTrue(text.stdout().lines().anyMatch(l -> l.startsWith("  quiet") && l.contains("not answering")), text.stdout());
        assertTrue(text.stdout().lines().anyMatch(l -> l.startsWith("  busy") && l.contains(Long.toString(client))), text.stdout());

        // Without its mute file the daemon answers new connections again, so both stop cleanly with their servers and client.
        Files.delete(mute);
        h.cumps(plain(h), "--simulate", "stop", "--all").assertOk();
        assertTrue(Procs.awaitGone(client, CumpsHarness.PATIENCE), "the client ends with its daemon");
    }

    @Test
    void attachingNeedsTheSimulatorAndALiveDaemon(CumpsHarness h) {
        assertTrue(h.cumps("attach-client", "--name", "busy").assertOneLineError().contains("--simulate"));
        assertEquals("error: no record named 'nope' (see `cumps status`)",
                h.cumps(plain(h), "--simulate", "attach-client", "--name", "nope").assertOneLineError());
        assertEquals("error: no record named 'nope' (see `cumps status`)",
                h.cumps(plain(h), "--simulate", "clients", "--name", "nope").assertOneLineError());
    }
}
