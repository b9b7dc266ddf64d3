package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.cli.CliRuns.Run;
import dev.cumps.core.cli.command.RootCommand;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The picocli-free parser of the fast commands (the grammar table's): every form it accepts
 * gives the same stdout, stderr and exit status as picocli's parse of the same arguments, and every
 * form it does not fully recognise is left to picocli.
 */
class FastPathTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private Run viaCli(String... args) {
        return CliRuns.cli(sb, args);
    }

    private Run viaPicocli(String... args) {
        return CliRuns.picocli(sb, args);
    }

    private Integer fast(String... args) {
        return CliRuns.fast(sb, args);
    }

    @Test
    void readOnlyFormsPrintWhatPicocliPrints() {
        sb.start("alpha");
        sb.handRecord("gone", 999_999, 5, sb.dir.resolve("gp"), sb.dir.resolve("gl"));
        String records = sb.records.toString();
        List<List<String>> forms = List.of(
                List.of("status"), List.of("status", "--json"), List.of("--records", records, "status", "--json"),
                List.of("status", "--json", "--records=" + records),
                List.of("env"), List.of("env", "--json"), List.of("env", "--name", "alpha"), List.of("env", "--name=alpha", "--shell", "posix"),
                List.of("env", "--shell", "fish"), List.of("env", "--shell=systemd", "--name", "alpha"), List.of("env", "--shell", "docker"),
                List.of("env", "--shell", "dotenv", "--json"),
                List.of("env", "--name", "gone"), List.of("env", "--name", "missing"), List.of("env", "--name", "Bad Name"),
                List.of("stop", "--name", "missing"),
                // The version, the doctor without --fix and the live view of clients.
                List.of("--version"), List.of("-V"), List.of("doctor"), List.of("doctor", "--json"), List.of("doctor", "--gpus", "0"),
                List.of("doctor", "--json", "--gpus=all"), List.of("doctor", "--gpus", "7"), List.of("clients"), List.of("clients", "--json"),
                List.of("clients", "--name", "alpha"), List.of("clients", "--json", "--name=missing"));
        for (List<String> form : forms) {
            String[] args = form.toArray(String[]::new);
            assertNotNull(fast(args), "the fast path takes " + form);
            assertEquals(viaPicocli(args), viaCli(args), "same result for " + form);
        }
    }

    @Test
    void aSwitchGivenAValueIsLeftToPicocliAndReadAsItsValue() {
        assertNull(fast("status", "--json=true"));
        assertEquals(viaCli("status", "--json"), viaCli("status", "--json=true"));
        assertEquals(viaCli("status"), viaCli("status", "--json=false"));
        assertNotEquals(viaCli("status"), viaCli("status", "--json"));
    }

    @Test
    void stopThroughTheFastPathStopsAndRemovesTheRecordLikePicocli() {
        sb.start("alpha");
        Run fast = viaCli("stop", "--name", "alpha");
        sb.start("beta");
        Run picocli = viaPicocli("stop", "--name", "beta");

        assertEquals(0, fast.code(), fast.err());
        assertEquals(picocli.out().replace("beta", "alpha").replaceAll("\"pid\": \\d+", "pid").replaceAll("ticks\": \\d+", "t")
                .replaceAll("created_at\": [0-9.]+", "c").replaceAll("gpu_uuids\": \\[[^]]*]", "g"),
                fast.out().replaceAll("\"pid\": \\d+", "pid").replaceAll("ticks\": \\d+", "t")
                .replaceAll("created_at\": [0-9.]+", "c").replaceAll("gpu_uuids\": \\[[^]]*]", "g"));
        assertFalse(Files.exists(sb.recordFile("alpha")), "record removed");
        assertTrue(viaCli("stop", "--all").out().contains("\"outcomes\": []"));
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        List<List<String>> forms = List.of(
                List.of(), List.of("--help"), List.of("status", "-h"), List.of("status", "--help"),
                List.of("--version", "status"), List.of("doctor", "--name", "x"), List.of("clients", "--gpus", "0"), List.of("status", "--version"),
                List.of("start"), List.of("status", "--json", "--json"), List.of("status", "--name", "x"),
                List.of("env", "--shell", "csh"), List.of("env", "--shell=csh"), List.of("env", "--shell", "FISH"),
                List.of("env", "--shell", "posix", "--shell", "fish"), List.of("env", "--name"), List.of("env", "--name="),
                List.of("env", "--name", "--json"), List.of("env", "--name", "a", "--name", "b"), List.of("stop", "--all", "--name", "a"),
                List.of("stop", "--json"), List.of("stop", "--all", "--all"), List.of("status", "--all"), List.of("@args"),
                List.of("status", "@args"), List.of("status", "--"), List.of("status", "extra"), List.of("status", "env"),
                List.of("--simulate", "--simulate", "status"), List.of("--records", "a", "--records", "b", "status"),
                List.of("--records", "", "status"), List.of("--records", "a\u0000b", "status"),
                List.of("--records", "a\uFFFDb", "status"), List.of("--json", "status"),
                List.of("--json=true", "status"), List.of("status", "--json=false"), List.of("--simulate=true", "status"),
                List.of("-V", "-V"), List.of("completion"), List.of("reset"), List.of("doctor", "--fix", "--yes"), List.of("doctor", "--fix"),
                List.of("--simulate", "doctor", "--fix", "--json"));
        for (List<String> form : forms) {
            assertNull(fast(form.toArray(String[]::new)), "left to picocli: " + form);
        }
    }

    @Test
    void aDeclinedLineLeavesTheGlobalOptionsToPicocli() {
        StringWriter sink = new StringWriter();
        Cli cli = new Cli(sb.host(), new PrintWriter(sink), new PrintWriter(sink), globals -> sb.services());
        RootCommand root = cli.newRoot();

        assertNull(FastPath.execute(cli, root, new String[] {"--simulate", "--records", "/x", "start", "--gpus", "0"}));

        assertFalse(root.globals().simulate());
        assertEquals(Optional.empty(), root.globals().records());
    }

    @Test
    void errorsFromPicocliFormsStayOneLine() {
        Run run = viaCli("stop", "--all", "--name", "a");
        assertEquals(Cli.USAGE, run.code());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("error: "), run.err());
    }

    @Test
    void terminateClientFormsPrintWhatPicocliPrints() {
        sb.start("alpha");
        sb.mps.serverList("4150000\n").reply("get_client_list 4150000", "4150001\n");
        sb.processes.put(4_150_000L, "nvidia-cuda-mps", 500);
        sb.processes.put(4_150_001L, "python3", 600);
        sb.processes.describe(4_150_001L, new ProcessOwner(sb.uid, "alice"), List.of("python3", "train.py"));
        List<List<String>> forms = List.of(
                List.of("terminate-client", "--name", "alpha", "--pid", "4150001"),
                List.of("terminate-client", "--pid=4150001", "--name=alpha"),
                List.of("terminate-client", "--name", "alpha", "--pid", "4150099", "--yes"),
                List.of("terminate-client", "--name", "missing", "--pid", "12", "--yes"),
                List.of("--records", sb.records.toString(), "terminate-client", "--name", "Bad Name", "--pid", "12"));
        for (List<String> form : forms) {
            String[] args = form.toArray(String[]::new);
            assertNotNull(fast(args), "the fast path takes " + form);
            assertEquals(viaPicocli(args), viaCli(args), "same result for " + form);
        }
        Run preview = viaCli("terminate-client", "--name", "alpha", "--pid", "4150001");
        assertEquals(Cli.FAILED, preview.code());
        assertEquals("would terminate MPS client pid 4150001 (user alice, command: python3 train.py) of server pid 4150000 of daemon"
                + " 'alpha'\n", preview.out());
        assertEquals("error: MPS client pid 4150001 was not terminated; rerun with --yes to terminate it\n", preview.err());
        assertTrue(sb.mps.clientCommands().stream().noneMatch(c -> c.startsWith("terminate_client")), "nothing sent without --yes");
    }

    @Test
    void terminateClientFormsTheFastPathDoesNotRecogniseAreLeftToPicocli() {
        List<List<String>> forms = List.of(
                List.of("terminate-client"), List.of("terminate-client", "--name", "a"), List.of("terminate-client", "--pid", "5"),
                List.of("terminate-client", "--name", "a", "--pid", "abc"), List.of("terminate-client", "--name", "a", "--pid", "0"),
                List.of("terminate-client", "--name", "a", "--pid", "-5"), List.of("terminate-client", "--name", "a", "--pid", "4194305"),
                List.of("terminate-client", "--name", "a", "--pid", "5", "--pid", "6"), List.of("terminate-client", "--name", "a", "--pid"),
                List.of("terminate-client", "--name", "a", "--pid", "5", "--yes=true"),
                List.of("terminate-client", "--name", "a", "--pid", "5", "--yes", "--yes"),
                List.of("terminate-client", "--name", "a", "--pid", "5", "--json"), List.of("status", "--pid", "5"),
                List.of("stop", "--yes"), List.of("--pid", "5", "terminate-client", "--name", "a"), List.of("terminate-client", "--help"));
        for (List<String> form : forms) {
            assertNull(fast(form.toArray(String[]::new)), "left to picocli: " + form);
        }
        Run zero = viaCli("terminate-client", "--name", "a", "--pid", "0");
        assertEquals(Cli.USAGE, zero.code(), zero.err());
        assertEquals("error: Invalid value for option '--pid': expected a process id: 1 to 7 ASCII digits (0-9) naming 1 to"
                + " 4194304, got '0' (see `cumps --help`)\n", zero.err());
    }

    @Test
    void aPidInAnythingButOneToSevenAsciiDigitsIsAUsageErrorAndNothingIsSent() {
        sb.start("alpha");
        sb.mps.serverList("4150000\n").reply("get_client_list 4150000", "3184\n");
        sb.processes.put(4_150_000L, "nvidia-cuda-mps", 500);
        sb.processes.put(3184L, "python3", 600);
        sb.processes.describe(3184L, new ProcessOwner(sb.uid, "alice"), List.of("python3", "train.py"));
        List<String> asked = sb.mps.clientCommands();
        // A sign, Arabic-Indic and full-width digits all read 3184 to Long.parseLong; then too long, zero, a space.
        for (String pid : List.of("+3184", "\u0663\u0661\u0668\u0664", "\uff13\uff11\uff18\uff14", "00003184", "0", " 3184", "3184 ")) {
            for (List<String> form : List.of(List.of("terminate-client", "--name", "alpha", "--pid", pid, "--yes"),
                    List.of("terminate-client", "--name", "alpha", "--pid=" + pid))) {
                String[] args = form.toArray(String[]::new);
                assertNull(fast(args), "left to picocli: " + form);
                Run run = viaCli(args);
                assertEquals(Cli.USAGE, run.code(), form + ": " + run);
                assertEquals("error: Invalid value for option '--pid': expected a process id: 1 to 7 ASCII digits (0-9)"
                        + " naming 1 to 4194304, got '" + pid + "' (see `cumps --help`)\n", run.err(), form.toString());
                assertEquals("", run.out(), form.toString());
            }
        }
        assertEquals(asked, sb.mps.clientCommands(), "the daemon was never asked anything");
        assertTrue(sb.processes.contains(3184L));
    }

    @Test
    void metricsFormsPrintWhatPicocliPrints() {
        sb.start("alpha");
        for (List<String> form : List.of(List.of("metrics"), List.of("metrics", "--gpus", "0"), List.of("metrics", "--gpus=0"),
                List.of("--records", sb.records.toString(), "metrics"))) {
            String[] args = form.toArray(String[]::new);
            assertNotNull(fast(args), "the fast path takes " + form);
            assertEquals(viaPicocli(args), viaCli(args), "same result for " + form);
        }
        assertTrue(viaCli("metrics").out().contains("cumps_daemon_up{daemon=\"alpha\""));
        for (List<String> form : List.of(List.of("metrics", "--json"), List.of("metrics", "--name", "a"), List.of("metrics", "--gpus"),
                List.of("metrics", "--gpus", "0", "--gpus", "1"), List.of("status", "--gpus", "0"), List.of("metrics", "--help"))) {
            assertNull(fast(form.toArray(String[]::new)), "left to picocli: " + form);
        }
    }

    @Test
    void selftestFormsPrintWhatPicocliPrints() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        for (List<String> form : List.of(List.of("selftest", "--gpus", "0,1"), List.of("selftest", "--gpus=all", "--json"),
                List.of("selftest", "--gpus", "all", "--client", "python3 x.py", "--report", sb.dir.resolve("r.md").toString()))) {
            String[] args = form.toArray(String[]::new);
            Run picocli = viaPicocli(args);
            assertEquals(picocli, viaCli(args), "same result for " + form);
            assertEquals(Cli.FAILED, picocli.code(), picocli.err());
            assertTrue(picocli.err().startsWith("error: "), picocli.err());
        }
        assertNotNull(fast("selftest", "--gpus", "0,1"), "the fast path takes selftest");
        assertFalse(Files.exists(sb.dir.resolve("r.md")), "a refused selector writes no report");
        for (List<String> form : List.of(List.of("selftest"), List.of("selftest", "--gpus", "0", "--name", "x"),
                List.of("selftest", "--gpus", "0", "--client"), List.of("selftest", "--gpus", "0", "--report", ""),
                List.of("selftest", "--help"), List.of("status", "--client", "x"), List.of("metrics", "--report", "x"))) {
            assertNull(fast(form.toArray(String[]::new)), "left to picocli: " + form);
        }
    }
}
