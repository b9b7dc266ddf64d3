package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.sim.testing.SimHost;
import dev.cumps.sim.testing.SimulatedHostExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The installed launchers, run as real processes on a private simulated host (ended and removed by the extension). */
@ExtendWith(SimulatedHostExtension.class)
class SimToolsTest {

    private SimHost host;
    private SimMachine machine;

    @BeforeEach
    void onAPrivateHost(SimHost host) {
        this.host = host;
    }

    /** Only a python3 binary in a system folder runs the stand-ins; a script there (a shim) is passed over. */
    @Test
    void onlyAPython3BinaryInTheGivenFoldersIsTaken(@TempDir Path dir) throws IOException {
        Path shim = Files.createDirectory(dir.resolve("shim")).resolve("python3");
        Files.writeString(shim, "#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n");
        Files.setPosixFilePermissions(shim, PosixFilePermissions.fromString("rwx------"));
        Path system = Python3.find().orElseThrow(() -> new AssertionError("these tests need python3 in /usr/bin, /usr/local/bin or /bin"));
        Path binary = Files.copy(system, Files.createDirectory(dir.resolve("bin")).resolve("python3"));

        assertEquals(Optional.empty(), Python3.find(List.of(shim.getParent().toString())));
        assertEquals(Optional.of(binary), Python3.find(List.of(shim.getParent().toString(), binary.getParent().toString())));
    }

    @Test
    void installWritesTwoExecutablePythonStandInsWhereTheSystemHasPython3() throws IOException {
        machine = new SimMachine(host, null);
        Path python = Python3.find().orElseThrow(() -> new AssertionError("these tests need python3 in /usr/bin, /usr/local/bin or /bin"));

        for (String tool : new String[] {SimTools.NVIDIA_SMI, SimTools.MPS_CONTROL}) {
            Path script = machine.bin.resolve(tool);
            assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(script)), tool);
            String text = Files.readString(script);
            assertTrue(text.startsWith("#!" + python + " -IS\n"), text);
            assertTrue(text.contains("ROLE = '" + tool + "'\n"), text);
            assertTrue(text.contains("DAEMON_COMMAND = [" + LauncherScripts.pythonString(StandInJvm.javaExecutable()) + ", "), text);
        }
    }

    @Test
    void installJavaWritesTwoExecutableJvmLaunchers() throws IOException {
        machine = new SimMachine(host, null);
        Path bin = machine.root.resolve("java-bin");

        SimTools.installJava(bin, SimToolOptions.in(machine.root, System.getProperty("java.class.path"), null));

        for (String tool : new String[] {SimTools.NVIDIA_SMI, SimTools.MPS_CONTROL}) {
            Path script = bin.resolve(tool);
            assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(script)), tool);
            String text = Files.readString(script);
            assertTrue(text.startsWith("#!/bin/sh\n"), text);
            assertTrue(text.contains("exec " + LauncherScripts.shellQuote(StandInJvm.javaExecutable())), text);
            assertTrue(text.contains(SimTools.ENV_DEFAULT_PIPE_DIRECTORY + "=" + machine.root.resolve("nvidia-mps") + "; export "), text);
            assertTrue(text.contains(SimTools.ENV_DEFAULT_LOG_DIRECTORY + "=" + machine.root.resolve("nvidia-log") + "; export "), text);
        }
    }

    @Test
    void pythonStringsEscapeEverythingOutsidePrintableAscii() {
        assertEquals("'it\\'s a \\\\ b'", LauncherScripts.pythonString("it's a \\ b"));
        assertEquals("'\\U0000000a\\U000000e9\\U0001f600'", LauncherScripts.pythonString("\n\u00e9\ud83d\ude00"));
    }

    @Test
    void launcherRunsFromPathsWithSpacesAndQuotes() throws Exception {
        machine = new SimMachine(host, null);
        Path odd = machine.root.resolve("it's a bin");
        Path config = machine.root.resolve("my config.json");
        SimConfig.defaults(3).write(config);
        SimTools.install(odd, SimToolOptions.in(machine.root, System.getProperty("java.class.path"), config));
        Files.move(odd.resolve(SimTools.NVIDIA_SMI), machine.bin.resolve(SimTools.NVIDIA_SMI),
                StandardCopyOption.REPLACE_EXISTING);

        SimMachine.Run run = machine.smi("--query-gpu=count", "--format=csv,noheader");

        assertEquals(new SimMachine.Run(0, "3\n3\n3\n", "", false, run.took()), run);
    }

    @Test
    void callerEnvironmentConfigWinsOverTheInstalledOne() throws Exception {
        machine = new SimMachine(host, SimConfig.defaults(3));
        Path other = machine.root.resolve("other.json");
        SimConfig.defaults(1).write(other);
        machine.env.put("CUMPS_SIM_CONFIG", other.toString());

        SimMachine.Run run = machine.smi("-L");

        assertEquals(1, run.stdout().lines().count(), run.toString());
    }

    @Test
    void queryRunsAsARealProcess() throws Exception {
        machine = new SimMachine(host, SimConfig.defaults(2));

        SimMachine.Run run = machine.smi("--query-gpu=index,uuid,memory.total", "--format=csv,noheader,nounits");

        assertEquals(0, run.exitCode(), run.toString());
        assertEquals("""
                0, GPU-5f0c1a2e-0000-4000-8000-000000000000, 81559
                1, GPU-5f0c1a2e-0000-4000-8000-000000000001, 81559
                """, run.stdout());
    }

    @Test
    void unknownFieldExitsTwo() throws Exception {
        machine = new SimMachine(host, null);

        SimMachine.Run run = machine.smi("--query-gpu=bogus", "--format=csv");

        assertEquals(2, run.exitCode(), run.toString());
        assertTrue(run.stdout().startsWith("Field \"bogus\" is not a valid field to query."), run.stdout());
    }

    @Test
    void hangFaultNeverReturnsUntilKilled() throws Exception {
        machine = new SimMachine(host, SimConfig.defaults(1).withSmiFault(SmiFault.HANG));

        SimMachine.Run run = machine.run(SimTools.NVIDIA_SMI, null, Duration.ofSeconds(2), "-L");

        assertTrue(run.timedOut(), run.toString());
        assertEquals("", run.stdout());
    }

    @Test
    void failFaultExitsNineWithTheDriverMessage() throws Exception {
        machine = new SimMachine(host, null);
        machine.env.put("CUMPS_SIM_SMI_FAULT", "fail");

        SimMachine.Run run = machine.smi("--query-gpu=index", "--format=csv");

        assertEquals(9, run.exitCode(), run.toString());
        assertTrue(run.stdout().startsWith(NvidiaSmi.DRIVER_FAILURE), run.stdout());
    }

    @Test
    void garbageFaultExitsZeroWithNonCsv() throws Exception {
        machine = new SimMachine(host, null);
        machine.env.put("CUMPS_SIM_SMI_FAULT", "garbage");

        SimMachine.Run run = machine.smi("--query-gpu=index,uuid", "--format=csv,noheader");

        assertEquals(0, run.exitCode(), run.toString());
        assertFalse(run.stdout().lines().anyMatch(l -> l.matches("\\d+, GPU-[0-9a-f-]+")), run.stdout());
        assertFalse(run.stdout().isBlank());
    }

    @Test
    void missingFaultInstallsNoNvidiaSmi() throws Exception {
        machine = new SimMachine(host, SimConfig.defaults(1).withSmiFault(SmiFault.MISSING));

        assertFalse(Files.exists(machine.bin.resolve(SimTools.NVIDIA_SMI)));
        assertTrue(Files.isExecutable(machine.bin.resolve(SimTools.MPS_CONTROL)));
    }

    @Test
    void missingFaultStillReportsNotFoundIfRun() throws Exception {
        machine = new SimMachine(host, null);
        machine.env.put("CUMPS_SIM_SMI_FAULT", "missing");

        SimMachine.Run run = machine.smi("-L");

        assertEquals(127, run.exitCode(), run.toString());
        assertEquals("nvidia-smi: command not found\n", run.stderr());
    }
}
