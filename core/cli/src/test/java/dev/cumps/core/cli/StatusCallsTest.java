package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What {@code status} runs (the live view's promise, "gathered in the same single nvidia-smi call the status
 * already makes"): one nvidia-smi query gives the GPUs and their load; the control program runs
 * only for a live daemon and only for {@code --json}; nvidia-smi's compute-apps query runs only
 * when a daemon has a client whose memory it can give.
 */
class StatusCallsTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
        sb.mps.gpus(FakeGpu.exclusive(0).withLoad("37", "2048"), FakeGpu.exclusive(1));
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    /** What one run of {@code cumps ARGS} printed and ran. */
    private record Run(int code, String out, List<List<String>> smi, List<String> control) {
    }

    private Run run(String... args) {
        int smiBefore = sb.mps.smiCalls().size();
        int controlBefore = sb.mps.clientCommands().size();
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), globals -> sb.services()).run(args);
        assertEquals("", e.toString());
        List<List<String>> smi = sb.mps.smiCalls().stream().skip(smiBefore).map(s -> s.argv()).toList();
        List<String> control = sb.mps.clientCommands().stream().skip(controlBefore).map(String::strip).toList();
        return new Run(code, o.toString(), smi, control);
    }

    private static List<String> gpuQuery() {
        return List.of(FakeMpsHost.SMI, "--query-gpu=index,uuid,name,compute_mode,memory.total,mig.mode.current,driver_version,"
                + "pci.bus_id,utilization.gpu,memory.used", "--format=csv,noheader,nounits");
    }

    @Test
    void withoutDaemonsBothFormsRunOneNvidiaSmiQueryAndNoControlProgram() {
        for (String[] args : List.of(new String[] {"status"}, new String[] {"status", "--json"})) {
            Run run = run(args);

            assertEquals(0, run.code());
            assertEquals(List.of(gpuQuery()), run.smi(), String.join(" ", args));
            assertEquals(List.of(), run.control(), String.join(" ", args));
        }
    }

    @Test
    void theLiveKeyShowsTheLoadOfThatOneQuery() {
        Run run = run("status", "--json");

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> gpus = (List<Map<String, Object>>) ((Map<String, Object>) Sandbox.parseObject(run.out()).get("live"))
                .get("gpus");
        assertEquals(37, ((Number) gpus.get(0).get("utilization_gpu_percent")).intValue());
        assertEquals(2048, ((Number) gpus.get(0).get("memory_used_mib")).intValue());
        assertEquals(81559, ((Number) gpus.get(0).get("memory_total_mib")).intValue());
        assertEquals(0, ((Number) gpus.get(1).get("utilization_gpu_percent")).intValue());
    }

    @Test
    void plainStatusAsksALiveDaemonNothing() {
        sb.start("alpha", 0);
        sb.mps.serverList("4190100\n").reply("get_client_list 4190100", "4190200\n");

        Run run = run("status");

        assertEquals(List.of(gpuQuery()), run.smi());
        assertEquals(List.of(), run.control());
    }

    @Test
    void aLiveDaemonWithoutClientsCostsOneControlQuestionAndNoSecondNvidiaSmi() {
        sb.start("alpha", 0);

        Run run = run("status", "--json");

        assertEquals(List.of(gpuQuery()), run.smi());
        assertEquals(List.of("get_server_list"), run.control());
    }

    @Test
    void aClientIsWhatMakesTheComputeAppsQueryRun() {
        sb.start("alpha", 0);
        sb.mps.serverList("4190100\n").reply("get_server_status 4190100", "ACTIVE\n").reply("get_client_list 4190100", "4190200\n")
                .computeApps("4190200, " + FakeGpu.uuidFor(0) + ", 1024\n");

        Run run = run("status", "--json");

        assertEquals(List.of(gpuQuery(), List.of(FakeMpsHost.SMI, "--query-compute-apps=pid,gpu_uuid,used_memory",
                "--format=csv,noheader,nounits")), run.smi());
        // One run for the server list, one for every server's status and clients (split by a marker).
        assertEquals(List.of("get_server_list", "get_server_status 4190100\ncumps_reply_end\nget_client_list 4190100\ncumps_reply_end"),
                run.control());
        assertEquals(true, run.out().contains("\"gpu_memory_mib\": 1024"), run.out());
    }

    /** {@code limits} asks the defaults with the server list in one run, every server's limits in a second. */
    @Test
    void limitsOfADaemonWithTwoServersCostTwoControlRuns() {
        sb.start("alpha", 0);
        sb.mps.serverList("4190100\n4190101\n").reply("get_default_active_thread_percentage", "100.0\n")
                .reply("get_default_device_pinned_mem_limit 0", "0M\n")
                .reply("get_active_thread_percentage 4190100", "50.0\n").reply("get_device_pinned_mem_limit 4190100 0", "2048M\n")
                .reply("get_active_thread_percentage 4190101", "25.0\n").reply("get_device_pinned_mem_limit 4190101 0", "1G\n");

        Run run = run("limits", "--json");

        assertEquals(0, run.code(), run.out());
        assertEquals(2, run.control().size(), run.control().toString());
        assertEquals(List.of(), run.smi());
        assertEquals(true, run.out().contains("25"), run.out());
    }

    /** One nvidia-smi query per scrape, shared by the status, the live view and the doctor. */
    @Test
    void metricsRunsNvidiaSmiOnce() {
        Run run = run("metrics");

        assertEquals(0, run.code(), run.out());
        assertEquals(List.of(gpuQuery()), run.smi());
    }

    /** Three servers cost one control run more than none, not two per server. */
    @Test
    void everyServerOfADaemonIsAskedInOneControlRun() {
        sb.start("alpha", 0);
        sb.mps.serverList("4190100\n4190101\n4190102\n").reply("get_server_status 4190100", "ACTIVE\n")
                .reply("get_server_status 4190101", "ACTIVE\n").reply("get_server_status 4190102", "ACTIVE\n")
                .reply("get_client_list 4190101", "4190200\n4190201\n");

        Run run = run("status", "--json");

        assertEquals(2, run.control().size(), run.control().toString());
        assertEquals(true, run.out().contains("4190201"), run.out());
        assertEquals(3, run.out().split("\"status\": \"ACTIVE\"", -1).length - 1, run.out());
    }

    @Test
    void metricsAsksEachLiveDaemonForItsServersOncePerScrape() {
        sb.start("a", 0);
        sb.mps.serverList("4190500\n").reply("get_server_status 4190500", "ACTIVE\n");

        Run run = run("metrics");

        assertEquals(0, run.code());
        List<String> asked = run.control().stream().flatMap(String::lines).toList();
        assertEquals(1, asked.stream().filter("get_server_list"::equals).count(), run.control().toString());
        assertEquals(1, asked.stream().filter("get_client_list 4190500"::equals).count(), run.control().toString());
    }
}
