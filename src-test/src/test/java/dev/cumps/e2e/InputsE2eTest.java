package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Input the real {@code cumps} must refuse or ignore: GPU selectors and masks that are not ASCII
 * digits, empty or relative PATH entries, empty or undecodable path options, and a simulation
 * sandbox another user could have shaped. Arguments with non-ASCII bytes go through {@code bash}
 * with {@code $'\x..'} quoting, so the cumps JVM receives exactly those bytes under {@code LANG=C.UTF-8}
 * whatever the test JVM's own locale is.
 */
@ExtendWith(CumpsExtension.class)
class InputsE2eTest {

    /** Runs cumps through bash; {@code shellArgs} is bash text (use $'..' for raw bytes), {@code shellEnv} assignments before it. */
    static Run cumpsViaBash(CumpsHarness h, String shellEnv, String shellArgs) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = shellEnv + " exec '" + java + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar '" + h.jar + "' " + shellArgs;
        long begin = System.nanoTime();
        CumpsHarness.Exec e = h.exec(List.of("/bin/bash", "-c", script), Map.of(), null);
        return new Run(List.of(shellEnv, shellArgs), e.exitCode(), e.stdout(), e.stderr(), false, Duration.ofNanos(System.nanoTime() - begin));
    }

    private static List<Path> contents(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    /** Arabic-Indic one, full-width one, a plus sign, a hex index: Integer.parseInt took the first three as 1. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"$'\\xd9\\xa1'|\u0661", "$'\\xef\\xbc\\x91'|\uff11", "+1|+1", "0x1|0x1"})
    void aGpuSelectorThatIsNotAsciiDigitsIsRefusedNamingItAndStartsNothing(String shellWord, String entry, CumpsHarness h)
            throws Exception {
        h.configure(SimConfig.defaults(2));
        String line = cumpsViaBash(h, "", "start --gpus " + shellWord).assertOneLineError();

        assertTrue(line.contains("'" + entry + "'"), line);
        assertEquals(List.of(), h.markedDaemons());
        assertFalse(Files.exists(h.records()), "no record written");
        Run doctor = cumpsViaBash(h, "", "doctor --json --gpus " + shellWord);
        assertEquals(1, doctor.exitCode(), doctor.toString());
        String observed = LifecycleE2eTest.find(doctor.json().get("checks"), "id", "topology").get("observed").asText();
        assertTrue(observed.contains("'" + entry + "'"), observed);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"$'\\xd9\\xa1'|\u0661", "$'\\xef\\xbc\\x91'|\uff11", "+1|+1", "-0|-0"})
    void aCudaVisibleDevicesEntryThatIsNotAsciiDigitsIsRefusedNamingIt(String shellWord, String entry, CumpsHarness h)
            throws Exception {
        h.configure(SimConfig.defaults(2));
        String line = cumpsViaBash(h, "CUDA_VISIBLE_DEVICES=" + shellWord, "start").assertOneLineError();

        assertTrue(line.contains("CUDA_VISIBLE_DEVICES entry '" + entry + "'"), line);
        assertEquals(List.of(), h.markedDaemons());
        Run status = cumpsViaBash(h, "CUDA_VISIBLE_DEVICES=" + shellWord, "status --json").assertOk();
        assertEquals(0, status.json().get("gpus").size(), "no GPU is visible through a bad mask");
        assertTrue(status.json().get("diagnostic").asText().contains("'" + entry + "'"), status.stdout());
    }

    /** A shell would run ./nvidia-smi for these entries; the planted one would create a marker file. */
    @ParameterizedTest
    @ValueSource(strings = {":/usr/bin:/bin", ".:/usr/bin:/bin", "rel:/usr/bin:/bin", "/usr/bin:/bin:"})
    void emptyAndRelativePathEntriesNeverRunAPlantedNvidiaSmi(String path, CumpsHarness h) throws Exception {
        Path marker = h.root.resolve("planted-ran");
        String planted = "#!/bin/sh\ntouch '" + marker + "'\necho '0, GPU-5f0c1a2e-0000-4000-8000-000000000000, planted'\n";
        for (Path dir : List.of(h.root, h.privateDir("rel"))) {
            Path tool = dir.resolve("nvidia-smi");
            Files.writeString(tool, planted);
            Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
        }

        Run status = h.cumps(Map.of("PATH", path), "status", "--json").assertOk();
        h.cumps(Map.of("PATH", path), "start", "--gpus", "0");

        assertFalse(Files.exists(marker), "a planted nvidia-smi in the working directory ran for PATH=" + path + "\n" + status);
        assertEquals(List.of(), h.markedDaemons());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--pipe-dir", "--log-dir", "--records"})
    void anEmptyPathOptionIsAUsageErrorNamingIt(String option, CumpsHarness h) {
        Run run = option.equals("--records") ? h.cumps(option, "", "start", "--gpus", "0")
                : h.cumps("start", "--gpus", "0", option, "");

        assertEquals(2, run.exitCode(), run.toString());
        String line = run.assertErrorLine();
        assertTrue(line.contains("'" + option + "'") && line.contains("empty"), line);
        assertEquals(List.of(), h.markedDaemons());
        assertFalse(Files.exists(h.records()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--pipe-dir", "--log-dir", "--records"})
    void aPathOptionThatIsNotUtf8IsAUsageErrorNamingIt(String option, CumpsHarness h) throws Exception {
        String value = "$'" + h.root + "/d\\xff'";
        Run run = option.equals("--records") ? cumpsViaBash(h, "", option + " " + value + " start --gpus 0")
                : cumpsViaBash(h, "", "start --gpus 0 " + option + " " + value);

        assertEquals(2, run.exitCode(), run.toString());
        String line = run.assertErrorLine();
        assertTrue(line.contains("'" + option + "'") && line.contains("UTF-8"), line);
        assertEquals(List.of(), h.markedDaemons());
        try (Stream<Path> s = Files.list(h.root)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith("d")).toList(), "no directory was created");
        }
    }

    @Test
    void aSimulateSandboxOwnedByAnotherUserIsRefusedAndNothingIsWrittenThere(CumpsHarness h) throws Exception {
        assertTrue(h.uid == 0, "needs root to make another user's folder: run the tests as root (CI does; a root-only check fails, never skips)");
        Path sandbox = h.tmp.resolve("cumps-sim-" + h.uid);
        Files.createDirectory(sandbox);
        Files.setPosixFilePermissions(sandbox, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(sandbox, "unix:uid", 65534);

        String line = h.cumps(Map.of("PATH", "/usr/bin:/bin"), "--simulate", "status").assertOneLineError();
        String reset = h.cumps(Map.of("PATH", "/usr/bin:/bin"), "--simulate", "reset").assertOneLineError();

        assertTrue(line.contains(sandbox + " is owned by uid 65534") && line.contains("remove it"), line);
        assertTrue(reset.contains("owned by uid 65534"), reset);
        assertEquals(List.of(), contents(sandbox), "nothing was written into another user's sandbox");
        assertTrue(Files.isDirectory(sandbox), "reset did not delete another user's folder");
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void aSymlinkedSimulateSandboxIsRefusedAndNothingIsWrittenThroughIt(CumpsHarness h) throws Exception {
        Path elsewhere = h.privateDir("elsewhere");
        Path sandbox = h.tmp.resolve("cumps-sim-" + h.uid);
        Files.createSymbolicLink(sandbox, elsewhere);

        String line = h.cumps(Map.of("PATH", "/usr/bin:/bin"), "--simulate", "status").assertOneLineError();
        h.cumps(Map.of("PATH", "/usr/bin:/bin"), "--simulate", "reset").assertOneLineError();

        assertTrue(line.contains(sandbox + " is a symbolic link"), line);
        assertEquals(List.of(), contents(elsewhere));
        assertTrue(Files.isSymbolicLink(sandbox));
    }

    @Test
    void aSimulateSandboxOthersCanEnterIsRefused(CumpsHarness h) throws Exception {
        Path sandbox = h.tmp.resolve("cumps-sim-" + h.uid);
        Files.createDirectory(sandbox);
        Files.setPosixFilePermissions(sandbox, PosixFilePermissions.fromString("rwxr-xr-x"));

        String line = h.cumps(Map.of("PATH", "/usr/bin:/bin"), "--simulate", "status").assertOneLineError();

        assertTrue(line.contains("mode 755"), line);
        assertEquals(List.of(), contents(sandbox));
        assertFalse(Files.exists(sandbox.resolve("bin"), LinkOption.NOFOLLOW_LINKS));
    }

    /**
     * {@code --simulate} on a {@code $TMPDIR} mounted {@code noexec} said "nvidia-smi was not found on PATH; install
     * the NVIDIA driver utilities": the stand-ins were there but could not run. Now it says so. The test mounts a
     * noexec tmpfs in a mount namespace of its own ({@code unshare --mount}), so the machine's mounts are untouched.
     */
    @Test
    void simulateOnANoexecTmpdirSaysSoInOneLine(CumpsHarness h) throws Exception {
        assertTrue(h.uid == 0, "needs root to mount: run the tests as root (CI does; a root-only check fails, never skips)");
        Path tmp = h.privateDir("noexec");
        List<String> command = new ArrayList<>(List.of("unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                "mount -t tmpfs -o noexec,mode=0700 cumps-noexec \"$1\" && shift && exec \"$@\"", "sh", tmp.toString()));
        command.addAll(h.cumpsCommand("--simulate", "status"));

        CumpsHarness.Exec run = h.exec(command, Map.of("PATH", "/usr/bin:/bin", "TMPDIR", tmp.toString()), null);

        assertEquals(1, run.exitCode(), run.toString());
        assertEquals("", run.stdout());
        assertEquals(1, run.stderr().lines().count(), run.stderr());
        assertTrue(run.stderr().startsWith("error: the simulated NVIDIA programs in " + tmp.resolve("cumps-sim-" + h.uid).resolve("bin")
                + " cannot be run: its file system does not allow running programs (mounted noexec)"), run.stderr());
        assertFalse(run.stderr().contains("not found on PATH"), run.stderr());
    }
}
