package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * MPS limits against the stand-ins, everything a real process: {@code start} with limits records
 * them in a record uni-cumps still reads, {@code cumps limits} shows them as recorded and as the
 * daemon reports them, a set on a live daemon with simulated clients reaches its defaults, its
 * running server and the record, the doctor notices a daemon whose defaults were changed by hand,
 * and refusals and bad input are one line that changes nothing.
 */
@ExtendWith(CumpsExtension.class)
class LimitsE2eTest {
    /**
     * What uni-cumps checks when it reads a record (its keys with their Python types; other keys are
     * not its business), that the text is what {@code json.dumps(indent=2, sort_keys=True)} writes,
     * and the types of the limit keys.
     */
    private static final String READ_LIKE_UNI_CUMPS = String.join("\n",
            "import json, sys",
            "text = open(sys.argv[1]).read()",
            "rec = json.loads(text)",
            "types = {'name': str, 'uid': int, 'host': str, 'topology_mode': str, 'gpu_uuids': list,",
            "         'pipe_directory': str, 'log_directory': str, 'pid': int, 'process_start_ticks': int, 'created_at': float}",
            "problems = ['%s is %s' % (k, type(rec.get(k)).__name__) for k, t in types.items() if type(rec.get(k)) is not t]",
            "if text != json.dumps(rec, indent=2, sort_keys=True) + '\\n': problems.append('text differs from json.dumps')",
            "extra = sorted(set(rec) - set(types))",
            "print('OK %s %r %r' % (extra, rec.get('mps_active_thread_percentage'), rec.get('mps_pinned_device_mem_limit'))",
            "      if not problems else '; '.join(problems))");

    /** The caller's environment for {@code --simulate} runs: its sandbox brings the stand-ins. */
    private static final Map<String, String> PLAIN = Map.of("PATH", "/usr/bin:/bin");

    private static Run simulated(CumpsHarness h, String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "--simulate";
        all[1] = "--records";
        all[2] = h.records().toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return h.cumps(PLAIN, all);
    }

    private static JsonNode limitsOf(CumpsHarness h, String name) {
        return find(h.cumps("limits", "--json").assertOk().json().get("daemons"), "name", name);
    }

    @Test
    void startWithLimitsRecordsThemAndLimitsShowsThemRecordedAndCurrent(CumpsHarness h) throws Exception {
        JsonNode started = h.cumps("start", "--name", "lim", "--active-thread-percentage", "25", "--pinned-mem-limit", "8192M")
                .assertOk().json();
        assertEquals(25, started.get("mps_active_thread_percentage").asInt());
        assertEquals("8G", started.get("mps_pinned_device_mem_limit").asText());
        String record = Files.readString(h.recordFile("lim"));
        assertTrue(record.contains("\"mps_active_thread_percentage\": 25,\n"), record);
        assertTrue(record.contains("\"mps_pinned_device_mem_limit\": \"8G\",\n"), record);

        JsonNode lim = limitsOf(h, "lim");
        assertEquals(25, lim.get("recorded").get("active_thread_percentage").asInt());
        assertEquals("8G", lim.get("recorded").get("pinned_device_mem_limit").asText());
        assertEquals(25.0, lim.get("current").get("active_thread_percentage").asDouble());
        assertEquals("8G", lim.get("current").get("pinned_device_mem_limit").asText());
        assertEquals(false, lim.get("differs_from_record").asBoolean());

        Run text = h.cumps("limits").assertOk();
        assertTrue(text.stdout().lines().anyMatch(l -> l.matches("  lim +25% / 25% +8G / 8G +- *")), text.stdout());
        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.matches("  lim +25% +8G *")), status.stdout());
        JsonNode check = find(h.cumps("doctor", "--json").json().get("checks"), "id", "limits_match_record");
        assertEquals("pass", check.get("status").asText(), check.toString());
    }

    @Test
    void aRecordWithLimitsStillReadsLikeUniCumpsWritesIt(CumpsHarness h) {
        h.cumps("start", "--name", "touni", "--active-thread-percentage", "50", "--pinned-mem-limit", "512M").assertOk();

        String verdict = h.python(READ_LIKE_UNI_CUMPS, h.recordFile("touni").toString()).assertOk().stdout().strip();

        assertEquals("OK ['mps_active_thread_percentage', 'mps_pinned_device_mem_limit'] 50 '512M'", verdict);
    }

    @Test
    void setOnALiveDaemonWithClientsReachesItsServerAndTheRecord(CumpsHarness h) throws Exception {
        simulated(h, "start", "--gpus", "0", "--name", "busy").assertOk();
        for (int memory : new int[] {1024, 256}) {
            long client = Long.parseLong(simulated(h, "attach-client", "--name", "busy", "--memory", Integer.toString(memory))
                    .assertOk().stdout().strip());
            h.remember(client);
        }

        Run set = simulated(h, "limits", "--name", "busy", "--set-active-thread-percentage", "40", "--set-pinned-mem-limit", "2G")
                .assertOk();

        assertTrue(set.stdout().startsWith("limits of 'busy' set and recorded: active thread percentage 40, pinned memory limit 2G"
                + " (defaults and 1 running server(s))\n"), set.stdout());
        JsonNode busy = find(simulated(h, "limits", "--json").assertOk().json().get("daemons"), "name", "busy");
        assertEquals(40.0, busy.get("current").get("active_thread_percentage").asDouble(), busy.toString());
        assertEquals("2G", busy.get("current").get("pinned_device_mem_limit").asText());
        assertEquals(1, busy.get("servers").size(), busy.toString());
        JsonNode server = busy.get("servers").get(0);
        assertEquals(40.0, server.get("active_thread_percentage").asDouble(), server.toString());
        assertEquals("2G", server.get("pinned_device_mem_limit").asText());
        long serverPid = server.get("pid").asLong();
        JsonNode clients = find(simulated(h, "clients", "--json").assertOk().json().get("daemons"), "name", "busy");
        assertEquals(serverPid, clients.get("servers").get(0).get("pid").asLong(), "the limits went to the server the clients use");
        assertEquals(2, clients.get("servers").get(0).get("clients").size());
        assertEquals(40, clients.get("mps_active_thread_percentage").asInt(), clients.toString());
        String record = Files.readString(h.recordFile("busy"));
        assertTrue(record.contains("\"mps_active_thread_percentage\": 40,\n"), record);
        assertTrue(record.contains("\"mps_pinned_device_mem_limit\": \"2G\",\n"), record);
        JsonNode managed = find(simulated(h, "status", "--json").assertOk().json().get("managed_daemons"), "name", "busy");
        assertEquals("2G", managed.get("mps_pinned_device_mem_limit").asText());

        Run pinnedOnly = simulated(h, "limits", "--name", "busy", "--set-pinned-mem-limit", "1G").assertOk();
        assertTrue(pinnedOnly.stdout().startsWith("limits of 'busy' set and recorded: active thread percentage 40, pinned memory"
                + " limit 1G"), pinnedOnly.stdout());
        simulated(h, "stop", "--name", "busy").assertOk();
    }

    @Test
    void theDoctorWarnsWhenTheDaemonsDefaultsWereChangedByHand(CumpsHarness h) {
        h.cumps("start", "--name", "lim", "--active-thread-percentage", "25").assertOk();
        String pipe = h.cumps("status", "--json").assertOk().json().get("managed_daemons").get(0).get("pipe_directory").asText();
        // Someone changes the default by hand through the control program (the harness's stand-in, first on PATH).
        h.sh("echo set_default_active_thread_percentage 60 | nvidia-cuda-mps-control", Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe))
                .assertOk();

        JsonNode check = find(h.cumps("doctor", "--json").json().get("checks"), "id", "limits_match_record");

        assertEquals("warn", check.get("status").asText(), check.toString());
        assertEquals("lim: recorded active thread percentage 25, pinned memory limit not set; the daemon's defaults are 60, none",
                check.get("observed").asText());
        assertEquals("apply the recorded limits again: cumps limits --name lim --set-active-thread-percentage 25",
                check.get("remedy").asText());
        h.cumps("limits", "--name", "lim", "--set-active-thread-percentage", "25").assertOk();
        assertEquals("pass", find(h.cumps("doctor", "--json").json().get("checks"), "id", "limits_match_record").get("status").asText());
    }

    @Test
    void aSetOnAStaleRecordIsRefusedAndChangesNothing(CumpsHarness h) throws Exception {
        long pid = h.pidOf(h.cumps("start", "--name", "old", "--pinned-mem-limit", "4G").assertOk());
        Procs.kill(pid);
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "the daemon ends when killed");
        String before = Files.readString(h.recordFile("old"));

        Run refused = h.cumps("limits", "--name", "old", "--set-active-thread-percentage", "50");

        assertEquals(1, refused.exitCode());
        assertEquals("error: daemon 'old' is stale (pid " + pid + " is gone or reused); nothing was changed. Start it again with"
                + " `cumps start --name old`", refused.assertOneLineError());
        assertEquals(before, Files.readString(h.recordFile("old")));
    }

    @Test
    void badInputIsOneLineAndStartsOrChangesNothing(CumpsHarness h) {
        Run zero = h.cumps("start", "--name", "x", "--active-thread-percentage", "0");
        assertEquals(2, zero.exitCode());
        assertTrue(zero.assertErrorLine().contains("invalid active thread percentage '0': give a whole number from 1 to 100, e.g. 25"));
        Run size = h.cumps("start", "--name", "x", "--pinned-mem-limit", "8T");
        assertEquals(2, size.exitCode());
        assertTrue(size.assertErrorLine()
                .contains("invalid pinned memory limit '8T': give a whole number of mebibytes or gibibytes, e.g. 512M or 8G"));
        Run noName = h.cumps("limits", "--set-active-thread-percentage", "50");
        assertEquals(2, noName.exitCode());
        assertTrue(noName.assertErrorLine().contains("need --name N"));
        assertEquals("error: no record named 'ghost' (see `cumps status`)", h.cumps("limits", "--name", "ghost").assertOneLineError());
        assertEquals(0, h.cumps("status", "--json").assertOk().json().get("managed_daemons").size(), "nothing was started");
        assertTrue(h.cumps("limits").assertOk().stdout().contains("(no live daemon)"));
    }
}
