package dev.cumps.core.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import dev.cumps.core.topology.TopologyMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DoctorTest {
    private static final List<String> DAEMON_CHECKS = List.of("identity", "control_pipe", "pipe_access", "answers", "pid_file",
            "control_log", "env_pipe_directory");

    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private DoctorReport doctor(String selector) {
        return sb.services().doctor().run(Optional.ofNullable(selector));
    }

    private static CheckResult check(DoctorReport report, String id) {
        return report.checks().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + id + " in " + report.checks()));
    }

    private static Map<String, CheckStatus> statuses(DoctorReport report) {
        Map<String, CheckStatus> m = new TreeMap<>();
        report.checks().forEach(c -> m.put(c.id(), c.status()));
        return m;
    }

    @Test
    void liveDaemonOnAnExclusiveGpuIsValidWithEveryCheckPassing() {
        sb.start("good");

        DoctorReport report = doctor(null);

        assertTrue(report.valid(), report.checks().toString());
        assertTrue(report.checks().stream().allMatch(c -> c.status() == CheckStatus.PASS), statuses(report).toString());
        assertTrue(report.checks().stream().allMatch(c -> c.remedy().isEmpty()), "a passing check shows no remedy");
        assertTrue(statuses(report).keySet().containsAll(Set.of("platform", "nvidia_smi", "visibility", "topology", "mig",
                "compute_mode", "daemon_count", "identity", "control_pipe", "pipe_access", "answers", "pid_file", "control_log",
                "env_pipe_directory", "env_visible_index")), statuses(report).keySet().toString());
        assertEquals("mps", report.sharing().get("effective"));
        assertEquals(true, report.sharing().get("validated"));
    }

    @Test
    void withoutADaemonTheReportIsInvalidAndDependentChecksAreSkipped() {
        DoctorReport report = doctor(null);

        assertFalse(report.valid());
        assertEquals(CheckStatus.FAIL, check(report, "daemon_count").status());
        assertTrue(check(report, "daemon_count").remedy().contains("cumps start"), check(report, "daemon_count").remedy());
        for (String id : DAEMON_CHECKS) {
            assertEquals(CheckStatus.SKIP, check(report, id).status(), id);
        }
        assertNull(report.sharing().get("configured"));
        assertTrue(((String) report.sharing().get("error")).contains("live"), String.valueOf(report.sharing().get("error")));
    }

    @Test
    void staleDaemonDoesNotCountAndIsNotContacted() {
        DaemonRecord r = sb.start("stale");
        sb.processes.kill(r.pid());
        sb.mps.runner().clear();

        DoctorReport report = doctor(null);

        assertFalse(report.valid());
        assertTrue(check(report, "daemon_count").observed().contains("1 stale"), check(report, "daemon_count").observed());
        assertTrue(sb.mps.clientCalls().isEmpty());
    }

    @Test
    void prohibitedComputeModeFails() {
        sb.mps.gpus(FakeGpu.exclusive(0).withComputeMode("Prohibited"));
        sb.start("prohibited");

        DoctorReport report = doctor(null);

        assertEquals(CheckStatus.FAIL, check(report, "compute_mode").status());
        assertFalse(report.valid());
    }

    @Test
    void defaultComputeModeWarnsRecommendingExclusiveProcessAndStaysValid() {
        sb.mps.gpus(FakeGpu.exclusive(0).withComputeMode("Default"));
        sb.start("default");

        DoctorReport report = doctor(null);

        CheckResult mode = check(report, "compute_mode");
        assertEquals(CheckStatus.WARN, mode.status());
        assertTrue(mode.remedy().contains("EXCLUSIVE_PROCESS"), mode.remedy());
        assertTrue(report.valid());
    }

    @Test
    void exclusiveProcessComputeModePasses() {
        sb.start("exclusive");

        assertEquals(CheckStatus.PASS, check(doctor(null), "compute_mode").status());
    }

    @Test
    void migEnabledGpuFails() {
        sb.mps.gpus(FakeGpu.exclusive(0).withMig("Enabled"));

        DoctorReport report = doctor(null);

        assertEquals(CheckStatus.FAIL, check(report, "mig").status());
        assertTrue(check(report, "mig").remedy().contains("MIG"), check(report, "mig").remedy());
        assertFalse(report.valid());
    }

    @Test
    void multiGpuSelectorsFailClosed() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));

        DoctorReport list = doctor("0,1");
        DoctorReport all = doctor("all");

        assertEquals(CheckStatus.FAIL, check(list, "topology").status());
        assertTrue(check(list, "topology").observed().contains("single_task_multi_gpu"), check(list, "topology").observed());
        assertEquals("single_task_multi_gpu", list.plan().mode().id());
        assertEquals(CheckStatus.FAIL, check(all, "topology").status());
        assertTrue(check(all, "topology").observed().contains("task_per_gpu"), check(all, "topology").observed());
        assertFalse(list.valid());
        assertFalse(all.valid());
        assertEquals(CheckStatus.SKIP, check(all, "daemon_count").status());
    }

    /**
     * With no selector and two visible GPUs, {@code diagnose} (what {@code cumps doctor} and the window run)
     * diagnoses each GPU: per-GPU checks once per GPU, naming it, host checks once; a healthy daemon on
     * GPU 1 passes its checks while GPU 0, with none, fails only its own.
     */
    @Test
    void noSelectorOnTwoVisibleGpusDiagnosesEachGpu() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.start("second", 1);
        List<CheckResult> streamed = new ArrayList<>();

        DoctorReport report = sb.services().doctor().diagnose(Optional.empty(), streamed::add);

        assertEquals(report.checks(), streamed, "every kept check streamed in the report's order");
        List<CheckResult> topology = report.checks().stream().filter(c -> c.id().equals("topology")).toList();
        assertEquals(List.of(0, 1), topology.stream().map(c -> c.gpu().orElseThrow().index()).toList());
        assertTrue(topology.stream().allMatch(c -> c.status() == CheckStatus.PASS), topology.toString());
        assertEquals(List.of("GPU 0 · exactly one live managed daemon for the GPU", "GPU 1 · exactly one live managed daemon for the GPU"),
                report.checks().stream().filter(c -> c.id().equals("daemon_count")).map(CheckResult::heading).toList());
        assertEquals(List.of(CheckStatus.FAIL, CheckStatus.PASS),
                report.checks().stream().filter(c -> c.id().equals("daemon_count")).map(CheckResult::status).toList());
        assertEquals(CheckStatus.PASS, report.checks().stream().filter(c -> c.id().equals("answers") && c.gpu().orElseThrow().index() == 1)
                .findFirst().orElseThrow().status());
        assertEquals(1, report.checks().stream().filter(c -> c.id().equals("platform")).count(), "a host check once");
        assertTrue(check(report, "platform").gpu().isEmpty());
        assertTrue(report.plan().eachVisible());
        assertEquals(List.of(0, 1), report.plan().gpus().stream().map(g -> g.index()).toList());
        assertEquals("auto", report.plan().selector());
        assertEquals(List.of("second"), report.managedDaemons().stream().map(d -> d.record().name()).toList());
        Map<String, Object> json = report.toJsonMap();
        assertEquals(true, ((Map<?, ?>) json.get("plan")).get("each_visible_gpu"));
        List<?> jsonChecks = (List<?>) json.get("checks");
        assertEquals(Map.of("index", 1, "uuid", FakeGpu.uuidFor(1)), ((Map<?, ?>) jsonChecks.get(jsonChecks.size() - 1)).get("gpu"));
        assertEquals(null, ((Map<?, ?>) jsonChecks.get(0)).get("gpu"), "a host check names no GPU");
    }

    /** {@code diagnose} keeps the core's answer wherever a selector was given or one GPU is visible. */
    @Test
    void diagnoseIsTheSelectorsRunOtherwise() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));

        DoctorReport all = sb.services().doctor().diagnose(Optional.of("all"));
        DoctorReport one = sb.services().doctor().diagnose(Optional.of("1"));

        assertEquals(CheckStatus.FAIL, check(all, "topology").status(), "several GPUs named still fail closed");
        assertFalse(all.plan().eachVisible());
        assertEquals(List.of(1), one.plan().gpus().stream().map(g -> g.index()).toList());
        assertTrue(one.checks().stream().allMatch(c -> c.gpu().isEmpty()));
        assertFalse(((Map<?, ?>) one.toJsonMap().get("plan")).containsKey("each_visible_gpu"));
    }

    @Test
    void callersPipeDirectoryPointingElsewhereWarns() {
        DaemonRecord r = sb.start("here");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", sb.dir.resolve("elsewhere").toString());

        DoctorReport report = doctor(null);

        CheckResult env = check(report, "env_pipe_directory");
        assertEquals(CheckStatus.WARN, env.status());
        assertTrue(env.remedy().contains("cumps env --name here"), env.remedy());
        assertEquals(r.pipeDirectory().toString(), env.expected());
        assertTrue(report.valid());
    }

    @Test
    void callersPipeDirectoryPointingAtTheDaemonPasses() {
        DaemonRecord r = sb.start("here");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", r.pipeDirectory().toString());

        assertEquals(CheckStatus.PASS, check(doctor(null), "env_pipe_directory").status());
    }

    @Test
    void numericVisibleDeviceOtherThanZeroWarnsShowingTheUuid() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.env("CUDA_VISIBLE_DEVICES", "1");
        sb.start("second");

        DoctorReport report = doctor(null);

        CheckResult idx = check(report, "env_visible_index");
        assertEquals(CheckStatus.WARN, idx.status());
        assertTrue(idx.observed().contains(FakeGpu.uuidFor(1)), idx.observed());
        assertTrue(idx.remedy().contains("CUDA_VISIBLE_DEVICES=" + FakeGpu.uuidFor(1)), idx.remedy());
        assertTrue(report.valid(), report.checks().toString());
    }

    @Test
    void recentErrorInControlLogWarns() throws IOException {
        DaemonRecord r = sb.start("logged");
        Files.writeString(r.logDirectory().resolve("control.log"), "[2026-11-29 10:00:01.000 Control 1] ERROR: server exited\n",
                StandardOpenOption.APPEND);

        DoctorReport report = doctor(null);

        CheckResult log = check(report, "control_log");
        assertEquals(CheckStatus.WARN, log.status());
        assertTrue(log.observed().contains("server exited"), log.observed());
        assertTrue(report.valid());
    }

    @Test
    void pidFileNamingAnotherProcessFails() throws IOException {
        DaemonRecord r = sb.start("swapped");
        Files.writeString(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), "5500000\n");

        DoctorReport report = doctor(null);

        CheckResult pid = check(report, "pid_file");
        assertEquals(CheckStatus.FAIL, pid.status());
        assertTrue(pid.observed().contains("5500000"), pid.observed());
        assertFalse(report.valid());
    }

    @Test
    void daemonThatDoesNotAnswerFails() {
        DaemonRecord r = sb.start("mute");
        sb.mps.daemon(r.pipeDirectory()).orElseThrow().hangs = true;

        DoctorReport report = doctor(null);

        assertEquals(CheckStatus.FAIL, check(report, "answers").status());
        assertNull(report.sharing().get("effective"));
        assertEquals("mps", report.sharing().get("configured"));
        assertFalse(report.valid());
    }

    @Test
    void doctorWritesNothingAndSendsOnlyGetServerList() throws IOException {
        DaemonRecord r = sb.start("readonly");
        Files.writeString(r.pipeDirectory().resolve("control_lock"), "");
        List<String> before = sb.snapshot(sb.dir);
        sb.mps.runner().clear();

        doctor(null);
        doctor("0");

        assertEquals(before, sb.snapshot(sb.dir));
        // Per run one question: the live snapshot's, whose run the answers check judges too (a daemon without servers has
        // nothing more to list). It was asked twice per run before.
        assertEquals(List.of("get_server_list\n", "get_server_list\n"), sb.mps.clientCommands());
        assertTrue(sb.mps.launches().isEmpty());
        assertTrue(sb.processes.contains(r.pid()));
    }

    /**
     * uni-cumps's contract: before the first client no server runs, and
     * {@code server_pid} is then the control daemon's pid, not null; {@code managed_daemons} lists
     * only the records of the plan's GPU.
     */
    @Test
    void withoutAServerTheServerPidIsTheDaemonsAndOnlyThePlansRecordsAreListed() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord zero = sb.start("zero", 0);
        sb.start("one", 1);

        Map<String, Object> json = Sandbox.parseObject(Json.write(doctor("0").toJsonMap()));

        @SuppressWarnings("unchecked")
        Map<String, Object> sharing = (Map<String, Object>) json.get("cuda_process_sharing");
        assertEquals(zero.pid(), ((Number) sharing.get("server_pid")).longValue(), sharing.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> daemons = (List<Map<String, Object>>) json.get("managed_daemons");
        assertEquals(List.of("zero"), daemons.stream().map(d -> d.get("name")).toList());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> unresolved = (List<Map<String, Object>>) Sandbox.parseObject(Json.write(doctor("7").toJsonMap()))
                .get("managed_daemons");
        assertEquals(List.of("one", "zero"), unresolved.stream().map(d -> d.get("name")).sorted().toList(),
                "a selector naming no GPU narrows nothing");
    }

    @Test
    void reportJsonHasTheDocumentedShape() {
        DaemonRecord r = sb.start("shape");
        sb.mps.serverList("5600001\n");

        Map<String, Object> json = Sandbox.parseObject(Json.write(doctor("0").toJsonMap()));

        assertTrue(json.keySet().containsAll(Set.of("schema_version", "valid", "checks", "compatible_topology_modes", "plan",
                "managed_daemons", "cuda_process_sharing")), json.keySet().toString());
        assertEquals(1, json.get("schema_version"));
        assertEquals(true, json.get("valid"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> checks = (List<Map<String, Object>>) json.get("checks");
        for (Map<String, Object> c : checks) {
            assertEquals(Set.of("id", "title", "status", "observed", "expected", "remedy", "fixes", "guide"), c.keySet());
            assertEquals("docs/guide.md#" + c.get("id").toString().replace('_', '-'), c.get("guide"), "no guide known: the source path");
        }
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"), json.get("compatible_topology_modes"));
        assertEquals(List.of("single_gpu"), json.get("usable_topology_modes"), "one visible GPU supports only single_gpu");
        assertEquals(Map.of("selector", "0", "topology_mode", "single_gpu", "resolved", true,
                "gpus", List.of(Map.of("index", 0, "uuid", FakeGpu.uuidFor(0)))), json.get("plan"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> daemons = (List<Map<String, Object>>) json.get("managed_daemons");
        assertEquals("live", daemons.get(0).get("record_state"));
        assertEquals(true, daemons.get(0).get("process_live"));
        @SuppressWarnings("unchecked")
        Map<String, Object> sharing = (Map<String, Object>) json.get("cuda_process_sharing");
        assertTrue(sharing.keySet().containsAll(Set.of("configured", "effective", "validated", "control_pipe", "control_pipe_kind",
                "server_pid", "pipe_directory", "pipe_directory_env", "gpu_uuid")), sharing.keySet().toString());
        assertEquals("mps", sharing.get("configured"));
        assertEquals("mps", sharing.get("effective"));
        assertEquals(0, sharing.get("rank"));
        assertEquals(1, sharing.get("world_size"));
        assertEquals("cuda:0", sharing.get("learner_device"));
        assertEquals("A1B2C3D4000040008000000000000000", sharing.get("collector_gpu_uuid"), "uni-cumps spells it upper case without GPU- and dashes");
        assertEquals(sharing.get("collector_gpu_uuid"), sharing.get("learner_gpu_uuid"));
        assertEquals(r.pipeDirectory().resolve("control").toString(), sharing.get("control_pipe"));
        assertEquals("unix_socket", sharing.get("control_pipe_kind"));
        assertEquals(5600001, ((Number) sharing.get("server_pid")).intValue());
        assertEquals(r.pipeDirectory().toString(), sharing.get("pipe_directory"));
        assertEquals(FakeGpu.uuidFor(0), sharing.get("gpu_uuid"));
        assertTrue(sharing.containsKey("pipe_directory_env"));
        assertEquals(null, sharing.get("pipe_directory_env"));
    }

    /**
     * {@code --gpus 1}: the launcher runs under {@code cumps env}'s {@code CUDA_VISIBLE_DEVICES=<GPU 1's UUID>}, where
     * that GPU is the only device and so {@code cuda:0}; uni-cumps says {@code cuda:0} too. Without {@code --gpus},
     * {@code plan.selector} is uni-cumps's {@code auto}.
     */
    @Test
    void theSecondGpuIsCuda0ForTheLauncherAndNoSelectorIsAuto() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.start("second", 1);

        Map<String, Object> json = Sandbox.parseObject(Json.write(doctor("1").toJsonMap()));

        @SuppressWarnings("unchecked")
        Map<String, Object> sharing = (Map<String, Object>) json.get("cuda_process_sharing");
        assertEquals("cuda:0", sharing.get("learner_device"));
        assertEquals("cuda:0", sharing.get("collector_device"));
        assertEquals(SharingEvidence.canonicalUuid(FakeGpu.uuidFor(1)), sharing.get("learner_gpu_uuid"));
        @SuppressWarnings("unchecked")
        Map<String, Object> plan = (Map<String, Object>) json.get("plan");
        assertEquals("1", plan.get("selector"));
        @SuppressWarnings("unchecked")
        Map<String, Object> auto = (Map<String, Object>) Sandbox.parseObject(Json.write(doctor(null).toJsonMap())).get("plan");
        assertEquals("auto", auto.get("selector"));
    }

    @Test
    void invalidReportJsonCarriesTheProbeError() {
        Map<String, Object> json = Sandbox.parseObject(Json.write(doctor(null).toJsonMap()));

        assertEquals(false, json.get("valid"));
        @SuppressWarnings("unchecked")
        Map<String, Object> sharing = (Map<String, Object>) json.get("cuda_process_sharing");
        assertNull(sharing.get("configured"));
        assertNull(sharing.get("effective"));
        assertEquals(false, sharing.get("validated"));
        assertTrue(sharing.get("error") instanceof String);
    }

    @Test
    void withoutNvidiaSmiTheReportIsInvalidButComplete() {
        sb.mps.smi(FakeMpsHost.Smi.TIMED_OUT);

        DoctorReport report = doctor(null);

        assertEquals(CheckStatus.FAIL, check(report, "nvidia_smi").status());
        assertTrue(check(report, "nvidia_smi").observed().contains("did not answer"), check(report, "nvidia_smi").observed());
        assertEquals(CheckStatus.SKIP, check(report, "visibility").status());
        assertFalse(report.valid());
        assertFalse(report.plan().resolved());
        assertEquals(TopologyMode.SINGLE_GPU, report.plan().mode());
    }

    @Test
    void twoLiveDaemonsForTheSameGpuFail() {
        sb.start("one");
        // cumps refuses a second daemon on one GPU; another tool (uni-cumps) can still leave this state.
        sb.processes.put(4_140_000L, "nvidia-cuda-mps", 4242);
        sb.handRecord("two", 4_140_000L, 4242, sb.dir.resolve("p2"), sb.dir.resolve("l2"));

        DoctorReport report = doctor(null);

        CheckResult count = check(report, "daemon_count");
        assertEquals(CheckStatus.FAIL, count.status());
        assertTrue(count.observed().contains("one") && count.observed().contains("two"), count.observed());
        assertEquals(CheckStatus.SKIP, check(report, "answers").status());
        assertFalse(report.valid());
    }

    @Test
    void checksAreHandedOnInTheOrderOfTheReport() {
        sb.start("listened");
        List<String> heard = new ArrayList<>();

        DoctorReport report = sb.services().doctor().run(Optional.empty(), c -> heard.add(c.id()));

        assertEquals(report.checks().stream().map(CheckResult::id).toList(), heard);
    }

    @Test
    void anInterruptedRunIsCancelled() {
        Thread.currentThread().interrupt();
        try {
            CumpsException e = assertThrows(CumpsException.class, () -> doctor(null));
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void theMarkdownReportIsRenderedThroughTheGivenPatternsWithEvidenceLeftRaw() {
        DaemonRecord r = sb.start("md");
        DoctorReport report = doctor(null);

        String marked = report.toMarkdown(key -> "<" + key.english() + ">");

        assertTrue(marked.startsWith("<# cumps doctor>\n\n<Verdict: **<valid>** (21 pass, 0 warn, 0 fail, 0 skip)>\n"), marked);
        assertTrue(marked.contains("| <control pipe is usable and private> | <pass> | <read/write OK; " + r.pipeDirectory()
                + " is 0700 and yours> |"), marked);
        assertEquals(report.toMarkdown(), report.toMarkdown(key -> key.english()));
    }
}
