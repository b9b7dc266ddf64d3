package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.fail;

import dev.cumps.core.cli.command.BuildVersion;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordCodec;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Golden;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole terminal output of {@code cumps} (stdout, stderr and exit status) for every command,
 * compared byte for byte with {@code src/test/resources/cli-golden/<case>.txt}: text and JSON of
 * status (live, stale, unreadable and foreign records; no nvidia-smi), env, start, stop, stop --all,
 * doctor, every usage error, each command's {@code --help}, {@code --version}, {@code completion}
 * and reset without {@code --simulate}. It proves the CLI prints the same before and after a
 * restructuring. Runs in-process over the fake host with explicit directories; only the sandbox
 * folder, the user id and the Java runtime are normalised (the sandbox path is always 12 characters, so table
 * widths do not move).
 *
 * <p>After an intended change of output, regenerate with
 * {@code mvn -o -q -pl core/cli -am test -Dtest=CliGoldenTest -Dcumps.golden.update=true} and review the diff.
 */
class CliGoldenTest {
    private static final String FOLDER = "cli-golden";
    private static final String SANDBOX_TOKEN = "/tmp/cu#####";

    private Sandbox sb;

    @AfterEach
    void cleanUp() {
        if (sb != null) {
            sb.close();
        }
    }

    /** A sandbox whose folder has the usual length, so normalising it keeps every column width. */
    private Sandbox sandbox() {
        List<Sandbox> otherLength = new ArrayList<>();
        Sandbox s = new Sandbox();
        while (s.dir.toString().length() != SANDBOX_TOKEN.length()) {
            otherLength.add(s);
            if (otherLength.size() == 100) {
                otherLength.forEach(Sandbox::close);
                fail("Sandbox folders no longer look like " + SANDBOX_TOKEN + ": " + s.dir);
            }
            s = new Sandbox();
        }
        otherLength.forEach(Sandbox::close);
        s.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        return s;
    }

    private String cumps(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), globals -> sb.services()).run(args);
        return "$ cumps " + String.join(" ", args) + "\nexit " + code + "\n--- stdout\n" + o + "--- stderr\n" + e;
    }

    private String normalised(String text) {
        return text.replace(BuildVersion.runtime(), "runtime: <RUNTIME>")
                .replace(sb.dir.toString(), SANDBOX_TOKEN).replaceAll("\"(owner_)?uid\": " + sb.uid + "(?=[,\n])", "\"$1uid\": \"<UID>\"")
                .replace("uni-cumps-" + sb.uid, "uni-cumps-<UID>").replace("cumps-sim-" + sb.uid, "cumps-sim-<UID>");
    }

    private void assertGolden(String name, String... runs) {
        String actual = normalised(String.join("\n", runs));
        Golden.assertMatches(CliGoldenTest.class, FOLDER + "/" + name + ".txt", actual, "output of " + name);
    }


    private DaemonRecord start(String name, int gpu) {
        Path run = sb.dir.resolve("x").resolve(name);
        return sb.services().starter().start(Sandbox.request(Integer.toString(gpu), name, run.resolve("p"), run.resolve("l")), stage -> { });
    }

    /** One live, one stale, one unreadable record of this user, and one record of another user. */
    private void mixedRecords() {
        start("alive", 0);
        DaemonRecord gone = start("gone", 1);
        sb.processes.kill(gone.pid());
        sb.writeRaw("broken", "{ not json");
        sb.foreignRecord("theirs", sb.uid + 1, "otherhost", 4_190_001L, 7);
    }

    @Test
    void statusWithLiveStaleUnreadableAndForeignRecords() {
        sb = sandbox();
        mixedRecords();
        sb.env("CUDA_VISIBLE_DEVICES", "1");

        assertGolden("status-mixed", cumps("status"), cumps("status", "--json"));
    }

    @Test
    void statusWithoutRecordsAndWithoutNvidiaSmi() {
        sb = sandbox();
        String empty = cumps("status");
        sb.mps.smi(FakeMpsHost.Smi.NON_ZERO);

        assertGolden("status-no-smi", empty, cumps("status"), cumps("status", "--json"));
    }

    /**
     * A daemon with one server and two clients (one readable, with GPU memory; one another process
     * {@code /proc} will not describe), and a second daemon that does not answer.
     */
    @Test
    void clientsOfAnsweringAndSilentDaemons() {
        sb = sandbox();
        String none = cumps("clients");
        start("busy", 0);
        DaemonRecord mute = start("mute", 1);
        sb.mps.daemon(mute.pipeDirectory()).orElseThrow().hangs = true;
        sb.mps.serverList("4190500\n").reply("get_server_status 4190500", "ACTIVE\n")
                .reply("get_client_list 4190500", "4190600\n4190601\n")
                .computeApps("4190600, " + FakeGpu.uuidFor(0) + ", 1024\n4190601, " + FakeGpu.uuidFor(0) + ", [N/A]\n");
        sb.processes.put(4_190_500L, "nvidia-cuda-mps-server", 2000);
        sb.processes.describe(4_190_500L, new ProcessOwner(sb.uid, "operator"), List.of("nvidia-cuda-mps-server"));
        sb.processes.put(4_190_600L, "python", 3000);
        sb.processes.describe(4_190_600L, new ProcessOwner(sb.uid, "operator"), List.of("python", "train.py", "--epochs", "3"));
        sb.processes.ticksSinceBoot(3000 + 100 * 3725);

        assertGolden("clients", none, cumps("clients"), cumps("clients", "--json"), cumps("clients", "--name", "busy"),
                cumps("clients", "--name", "missing"), cumps("clients", "--name", "Bad_Name"),
                cumps("attach-client", "--name", "busy"));
    }

    @Test
    void statusShowsHostileTextEscaped() {
        sb = sandbox();
        DaemonRecord r = new DaemonRecord("esc", sb.uid, Sandbox.HOSTNAME, "single_gpu", List.of("GPU-\u202ecod.exe\u009b"),
                Path.of("/tmp/\u001b]0;owned\u0007\rfake"), Path.of("/tmp/l"), 4_190_777L, 5, 1764410000.25);
        sb.writeRaw("esc", RecordCodec.encode(r));
        sb.processes.put(4_190_777L, "nvidia-cuda-mps", 5);

        assertGolden("status-escaped", cumps("status"), cumps("stop", "--name", "esc"));
    }

    @Test
    void env() {
        sb = sandbox();
        String none = cumps("env");
        start("alive", 0);

        assertGolden("env", none, cumps("env"), cumps("env", "--json"), cumps("env", "--name", "alive", "--shell", "posix"),
                cumps("env", "--name", "missing"), cumps("env", "--name", "Bad_Name"), cumps("env", "--shell", "fish"),
                cumps("env", "--shell", "systemd"), cumps("env", "--shell", "docker"), cumps("env", "--shell", "dotenv"),
                cumps("env", "--shell", "csh"));
    }

    @Test
    void startAndItsErrors() {
        sb = sandbox();
        Path run = sb.dir.resolve("x");
        String started = cumps("start", "--gpus", "0", "--name", "one", "--pipe-dir", run + "/p1", "--log-dir", run + "/l1",
                "--env", "FOO=bar");
        String busy = cumps("start", "--gpus", "0", "--name", "two", "--pipe-dir", run + "/p2", "--log-dir", run + "/l2");
        String badEnv = cumps("start", "--gpus", "1", "--name", "three", "--env", "NOEQUALS");
        String unknownGpu = cumps("start", "--gpus", "7", "--name", "four");
        String badName = cumps("start", "--gpus", "1", "--name", "Bad Name");
        sb.mps.launch(FakeMpsHost.Launch.LOG_ERROR);
        String broken = cumps("start", "--gpus", "1", "--name", "broken", "--pipe-dir", run + "/p3", "--log-dir", run + "/l3");

        assertGolden("start", started, busy, badEnv, unknownGpu, badName, broken,
                cumps("start", "--daemon", "--foreground"), cumps("start", "--pipe-dir", ""));
    }

    @Test
    void stopAndItsErrors() {
        sb = sandbox();
        mixedRecords();
        String stopped = cumps("stop", "--name", "alive");
        String stale = cumps("stop", "--name", "gone");
        String unreadable = cumps("stop", "--name", "broken");

        assertGolden("stop", stopped, stale, unreadable, cumps("stop", "--name", "missing"), cumps("stop"),
                cumps("stop", "--all", "--name", "x"), cumps("stop", "--json"));
    }

    @Test
    void stopAllWithOneDaemonThatIgnoresQuit() {
        sb = sandbox();
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1), FakeGpu.exclusive(2));
        String nothing = cumps("stop", "--all");
        sb.mps.launch(FakeMpsHost.Launch.IGNORES_QUIT);
        start("a-stuck", 0);
        sb.mps.launch(FakeMpsHost.Launch.OK);
        start("b-live", 1);
        DaemonRecord stale = start("c-stale", 2);
        sb.processes.kill(stale.pid());

        assertGolden("stop-all", nothing, cumps("stop", "--all"));
    }

    @Test
    void doctor() {
        sb = sandbox();
        String invalid = cumps("doctor", "--gpus", "0");
        String invalidJson = cumps("doctor", "--gpus", "0", "--json");
        String unresolved = cumps("doctor", "--gpus", "7");
        start("zero", 0);

        assertGolden("doctor", invalid, invalidJson, unresolved, cumps("doctor", "--gpus", "0"), cumps("doctor", "--gpus", "0", "--json"));
    }

    @Test
    void usageErrors() {
        sb = sandbox();

        assertGolden("usage", cumps(), cumps("bogus"), cumps("status", "--frobnicate"), cumps("status", "extra"),
                cumps("--records"), cumps("--records", "", "status"), cumps("doctor", "--gpus"), cumps("status", "--json=maybe"));
    }

    @Test
    void versionCompletionAndReset() {
        sb = sandbox();

        assertGolden("misc", cumps("--version"), cumps("-V"), cumps("reset"), cumps("--simulate", "reset"));
        assertGolden("completion", cumps("completion"));
    }

    static Stream<Arguments> helpForms() {
        return Stream.of(Optional.<String>empty(), Optional.of("status"), Optional.of("doctor"), Optional.of("start"),
                Optional.of("stop"), Optional.of("env"), Optional.of("completion"), Optional.of("reset"), Optional.of("top"), Optional.of("selftest"))
                .map(c -> Arguments.of(c.orElse("cumps"), c.map(x -> new String[] {x, "--help"}).orElse(new String[] {"--help"})));
    }

    @ParameterizedTest(name = "{0} --help")
    @MethodSource("helpForms")
    void help(String command, String[] args) {
        sb = sandbox();

        assertGolden("help-" + command, cumps(args), cumps(Stream.concat(Stream.of(args).limit(args.length - 1), Stream.of("-h"))
                .toArray(String[]::new)));
    }
}
