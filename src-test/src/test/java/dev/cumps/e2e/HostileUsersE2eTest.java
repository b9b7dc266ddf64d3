package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cumps.e2e.TwoUsers.Result;
import dev.cumps.e2e.TwoUsers.User;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hostile-user reviews replayed, each finding as the attacker did it, with two real unprivileged
 * accounts ({@link TwoUsers}: the victim runs cumps, the attacker shapes what a second account can). Each
 * test names the review and the finding it replays (docs/security.md has the table); each failed on the code
 * before its fix. The fleet's findings need ssh and are in {@link HostileFleetE2eTest}.
 */
class HostileUsersE2eTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * A control daemon that speaks NVIDIA's MPS control protocol (as NVIDIA's daemons and the simulated host's do:
     * {@code SOCK_SEQPACKET}, the greeting, each command as a length and a text, each line of an answer a message of
     * its own), as an attacker would put one at a pipe folder others ask: it lists {@code argv[2]} servers and names
     * {@code argv[3]} as every server's client.
     */
    private static final String SQUATTER = String.join("\n",
            "import os, socket, struct, sys, threading",
            "path, count, client, ready = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]",
            "servers = ['%d' % i for i in range(1, count + 1)]",
            "s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)",
            "s.bind(path)",
            "os.chmod(path, 0o666)",
            "s.listen(64)",
            "open(ready, 'w').close()",
            "def serve(c):",
            "    try:",
            "        c.sendmsg([b'OUTBHELL\\0'], [(socket.SOL_SOCKET, socket.SCM_CREDENTIALS,",
            "                   struct.pack('=iII', os.getpid(), os.getuid(), os.getgid()))])",
            "        c.recv(4100)",  // OUTBCRED
            "        c.recv(4100)",  // the connection type
            "        while True:",
            "            word = c.recv(4100)",
            "            if len(word) != 8:",
            "                break",
            "            if struct.unpack('<q', word)[0] == 0:",
            "                c.send(struct.pack('<ii', 1, 0))",
            "                break",
            "            cmd = c.recv(4100).rstrip(b'\\0').decode('utf-8', 'replace').strip()",
            "            if cmd == 'get_server_list':",
            "                lines = servers",
            "            elif cmd.startswith('get_client_list '):",
            "                lines = [client]",
            "            elif cmd.startswith('get_server_status '):",
            "                lines = ['ACTIVE']",
            "            else:",
            "                lines = ['Unknown command \"%s\"' % cmd.split(' ')[0]]",
            "            for line in lines:",
            "                c.send(struct.pack('<i', 0) + line.encode())",
            "    except OSError:",
            "        pass",
            "    finally:",
            "        c.close()",
            "while True:",
            "    c, _ = s.accept()",
            "    threading.Thread(target=serve, args=(c,), daemon=True).start()",
            "");

    private TwoUsers users;
    private User victim;
    private User attacker;

    @BeforeEach
    void machine() throws IOException {
        users = TwoUsers.create();
        victim = users.victim;
        attacker = users.attacker;
    }

    @AfterEach
    void cleanUp() throws IOException {
        users.close();
    }

    private static JsonNode json(Result r) {
        try {
            return JSON.readTree(r.stdout());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + r, e);
        }
    }

    /** The victim's simulated host, installed; its environment for running cumps without --simulate against its stand-ins. */
    private Map<String, String> victimStandIns(Map<String, String> extra) {
        users.cumps(victim, Map.of(), "--simulate", "status").assertOk();
        Path sandbox = victim.tmp().resolve("cumps-sim-" + TwoUsers.VICTIM);
        Map<String, String> env = new TreeMap<>(Map.of("PATH", sandbox.resolve("bin") + ":/usr/bin:/bin",
                "CUMPS_SIM_CONFIG", sandbox.resolve("sim.json").toString(), "TMPDIR", sandbox.resolve("rt").toString()));
        env.putAll(extra);
        return env;
    }

    /** A folder the attacker made, writable by everyone (as a shared drop folder, or NVIDIA's pipe folder, is). */
    private Path attackersOpenFolder(String name) throws IOException {
        return users.folderOf(attacker, users.shared.resolve(name), "rwxrwxrwx");
    }

    /**
     * Round three, HIGH; round two, HIGH 1. {@code cumps selftest} without {@code --client} probes PyTorch with Python.
     * The attacker plants {@code torch.py}, {@code sitecustomize.py} and {@code usercustomize.py} in a shared folder;
     * the victim runs the self-test there with {@code PYTHONPATH=$PYTHONPATH:/opt/x} (an empty entry, the working
     * directory). Round two's fix dropped {@code ''} and {@code '.'} from {@code sys.path}, but Python had made the
     * empty entry the absolute working directory, and {@code site} imports {@code sitecustomize} before the first line.
     */
    @Test
    void roundThreeHighSelftestImportsNothingFromAPlantedWorkingDirectory() throws IOException {
        Path drop = attackersOpenFolder("drop");
        Path ran = users.folderOf(attacker, users.shared.resolve("ran"), "rwxrwxrwx");
        for (String module : List.of("torch", "sitecustomize", "usercustomize")) {
            users.fileOf(attacker, drop.resolve(module + ".py"), "open('" + ran.resolve(module) + "', 'w').write('ran as the victim')\n",
                    "rw-r--r--");
        }
        Path lib = users.folderOf(victim, victim.home().resolve("lib"), "rwx------");
        Path report = victim.home().resolve("selftest.md");

        Result run = users.cumps(victim, victimStandIns(Map.of("PYTHONPATH", ":" + lib)), drop, "selftest", "--gpus", "0", "--report",
                report.toString());

        try (var planted = Files.list(ran)) {
            assertEquals(List.of(), planted.map(p -> p.getFileName().toString()).toList(), "a planted module ran as the victim: " + run);
        }
        String text = Files.readString(report);
        assertTrue(text.contains("python3 -I -c 'import torch'"), "the PyTorch probe ran, isolated: " + text);
        assertTrue(text.contains("left out '': empty or relative"), "the empty PYTHONPATH entry is named as left out: " + text);
        assertTrue(text.contains("PYTHONPATH entries kept: " + lib), text);
    }

    /**
     * Round three, MEDIUM 1 and LOW 4; round two, MEDIUM 3. The attacker puts a control socket at a pipe folder
     * the victim's cumps asks without a record (NVIDIA's {@code /tmp/nvidia-mps}, or, as here, the folder the
     * victim's {@code CUDA_MPS_PIPE_DIRECTORY} names; the suite never touches the machine's own
     * {@code /tmp/nvidia-mps}) whose server list names 150,000 servers, each with the victim's own daemon as its
     * client. {@code clients} took 38 to 96 s, {@code doctor} 51 s, {@code metrics} 58 s (a quadratic repeat check
     * before the caps), and the doctor reported the victim's process as that daemon's client without saying whose
     * socket it was. Each must now end well within the suite's patience, read the list up to its caps, and name
     * the socket's owner.
     */
    @Test
    void roundThreeMediumASquattedPipeListing150000ServersIsReadUpToItsCapsAndNamedWithItsOwner() throws IOException {
        Result started = users.cumps(victim, Map.of(), "--simulate", "start", "--gpus", "1", "--name", "own").assertOk();
        long ownPid = json(started).get("pid").asLong();
        Path pipe = attackersOpenFolder("mps");
        Path script = users.fileOf(attacker, users.shared.resolve("squatter.py"), SQUATTER, "rw-r--r--");
        Path ready = users.shared.resolve("squatter.ready");
        users.spawn(attacker, users.shared.resolve("squatter.log"), List.of("/usr/bin/python3", script.toString(),
                pipe.resolve("control").toString(), "150000", Long.toString(ownPid), ready.toString()));
        TwoUsers.await(ready);
        Map<String, String> env = Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString());

        Result clients = users.cumps(victim, env, "--simulate", "clients");
        Result doctor = users.cumps(victim, env, "--simulate", "doctor", "--gpus", "0");
        Result metrics = users.cumps(victim, env, "--simulate", "metrics", "--gpus", "0");
        Result status = users.cumps(victim, env, "--simulate", "status", "--json");

        assertTrue(clients.stdout().contains("the daemon lists more than 32 servers; only the first 32 were asked about"), clients.toString());
        assertTrue(doctor.stdout().contains("the control pipe in " + pipe + " belongs to uid " + TwoUsers.ATTACKER + ", neither you nor root"),
                doctor.toString());
        assertFalse(doctor.stdout().contains("serves your client(s)"), "the squatter's client list is not taken as fact: " + doctor);
        assertTrue(metrics.stdout().contains("cumps_"), metrics.toString());
        JsonNode row = null;
        for (JsonNode p : json(status).get("control_pipes")) {
            if (p.get("path").asText().equals(pipe.resolve("control").toString())) {
                row = p;
            }
        }
        assertTrue(row != null, status.toString());
        assertEquals(TwoUsers.ATTACKER, row.get("owner_uid").asInt(), status.toString());
        assertFalse(row.get("trusted").asBoolean(), status.toString());
    }

    /**
     * Round three, MEDIUM 2. The attacker owns a folder the victim names with {@code --records}; a record there
     * claims the victim's uid and names the victim's live daemon (its pid and start time are readable by anyone)
     * and the attacker's own pipe folder. It showed LIVE in {@code status} and {@code metrics}, and {@code env}
     * exported the attacker's folder as {@code CUDA_MPS_PIPE_DIRECTORY}. The folder is now refused in one line.
     */
    @Test
    void roundThreeMediumARecordsFolderOfAnotherUserIsRefusedThoughItNamesTheVictimsLiveDaemon() throws IOException {
        JsonNode own = json(users.cumps(victim, Map.of(), "--simulate", "start", "--gpus", "0", "--name", "train").assertOk());
        Path evil = attackersOpenFolder("evil-pipe");
        Path records = users.folderOf(attacker, users.shared.resolve("recs"), "rwxr-xr-x");
        Path dir = users.folderOf(attacker, records.resolve("train2"), "rwxr-xr-x");
        String record = "{\"created_at\": 1790000000.5, \"gpu_uuids\": [\"" + own.get("gpu_uuids").get(0).asText() + "\"], \"host\": \""
                + own.get("host").asText() + "\", \"log_directory\": \"" + evil + "\", \"name\": \"train2\", \"pid\": " + own.get("pid").asLong()
                + ", \"pipe_directory\": \"" + evil + "\", \"process_start_ticks\": " + own.get("process_start_ticks").asLong()
                + ", \"topology_mode\": \"single_gpu\", \"uid\": " + TwoUsers.VICTIM + "}\n";
        users.fileOf(attacker, dir.resolve("daemon.json"), record, "rw-r--r--");

        List<Result> runs = List.of(users.cumps(victim, Map.of(), "--simulate", "--records", records.toString(), "status"),
                users.cumps(victim, Map.of(), "--simulate", "--records", records.toString(), "metrics", "--gpus", "0"),
                users.cumps(victim, Map.of(), "--simulate", "--records", records.toString(), "env", "--name", "train2"));

        for (Result r : runs) {
            String line = r.assertOneLineError();
            assertTrue(line.startsWith("error: the records folder " + records + " is not used: " + records + " belongs to uid "
                    + TwoUsers.ATTACKER + ", neither you (uid " + TwoUsers.VICTIM + ") nor root"), r.toString());
            assertFalse(r.stdout().contains(evil.toString()), "the attacker's folder is never exported: " + r);
        }
    }

    /**
     * Round three, INFO 1. Liveness compared pid and start time, never the process's owner with the record's uid:
     * a record of the victim's naming the attacker's process (pid and start time are anyone's to read) showed LIVE.
     * It is stale now, and {@code stop} removes it without signalling anything.
     */
    @Test
    void roundThreeInfoARecordNamingAnotherUsersProcessIsStale() throws IOException {
        Process theirs = users.spawn(attacker, users.shared.resolve("sleep.log"), List.of("/bin/sleep", "600"));
        long pid = theirs.pid();
        long deadline = System.nanoTime() + CumpsHarness.PATIENCE.toNanos();
        while (!Procs.stat(pid).map(s -> s.comm().equals("sleep")).orElse(false) && System.nanoTime() < deadline) {
            Procs.sleep(20);
        }
        long ticks = Procs.stat(pid).orElseThrow().startTicks();
        users.cumps(victim, Map.of(), "--simulate", "status").assertOk();
        Path records = victim.tmp().resolve("cumps-sim-" + TwoUsers.VICTIM).resolve("records");
        Path dir = users.folderOf(victim, records.resolve("theirs"), "rwx------");
        String hostname = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        users.fileOf(victim, dir.resolve("daemon.json"), "{\"created_at\": 1790000000.5, \"gpu_uuids\": [], \"host\": \"" + hostname
                + "\", \"log_directory\": \"/nonexistent/l\", \"name\": \"theirs\", \"pid\": " + pid + ", \"pipe_directory\": \"/nonexistent/p\","
                + " \"process_start_ticks\": " + ticks + ", \"topology_mode\": \"single_gpu\", \"uid\": " + TwoUsers.VICTIM + "}\n", "rw-------");

        JsonNode status = json(users.cumps(victim, Map.of(), "--simulate", "status", "--json").assertOk());
        Result stop = users.cumps(victim, Map.of(), "--simulate", "stop", "--name", "theirs");

        assertEquals("stale", status.get("managed_daemons").get(0).get("record_state").asText(), status.toString());
        assertFalse(status.get("managed_daemons").get(0).get("process_live").asBoolean());
        assertTrue(stop.stdout().contains("stale") || stop.stderr().contains("stale"), stop.toString());
        assertTrue(Procs.running(pid) && Procs.stat(pid).orElseThrow().startTicks() == ticks, "the attacker's process runs on");
        assertFalse(Files.exists(dir.resolve("daemon.json"), LinkOption.NOFOLLOW_LINKS), "the stale record was removed");
    }

    /**
     * Round three, LOW 3. The victim's hosts folder sits in a folder the attacker can write (its
     * {@code XDG_CONFIG_HOME} in a shared place). The hosts file was checked by folder, then read by path: swapping
     * the victim's folder for a link to the attacker's between the two won 3 of 20 runs. Now the folder above must
     * pass the rule: every run is refused, none ever reads the attacker's hosts.
     */
    @Test
    void roundThreeLowAHostsFolderTheAttackerCanSwapIsNeverRead() throws Exception {
        Path config = attackersOpenFolder("cfg");
        Path mine = users.folderOf(victim, config.resolve("mps-console"), "rwx------");
        users.fileOf(victim, mine.resolve("hosts"), "gpu-mine\n", "rw-------");
        Path theirs = users.folderOf(attacker, users.shared.resolve("theirs"), "rwxr-xr-x");
        users.fileOf(attacker, theirs.resolve("hosts"), "evil-host\n", "rw-r--r--");
        Path stop = users.shared.resolve("swap.stop");
        // As fast as the kernel allows: renameat2(RENAME_EXCHANGE) swaps the victim's folder and a link to the
        // attacker's, atomically, again and again; a check by path and a read by path see either.
        Path swapper = users.fileOf(attacker, users.shared.resolve("swap.py"), String.join("\n",
                "import ctypes, os, sys",
                "libc = ctypes.CDLL(None, use_errno=True)",
                "os.chdir(sys.argv[1])",
                "os.symlink(sys.argv[2], 'swap')",
                "n = 0",
                "while n % 1000 or not os.path.exists(sys.argv[3]):",
                "    libc.renameat2(-100, b'mps-console', -100, b'swap', 2)",
                "    n += 1",
                ""), "rw-r--r--");
        Process swapping = users.spawn(attacker, users.shared.resolve("swap.log"), List.of("/usr/bin/python3", swapper.toString(),
                config.toString(), theirs.toString(), stop.toString()));

        List<Result> runs = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            runs.add(users.cumps(victim, Map.of("XDG_CONFIG_HOME", config.toString()), "hosts", "list"));
        }
        users.fileOf(attacker, stop, "", "rw-r--r--");
        swapping.waitFor();

        List<Result> readTheirs = runs.stream().filter(r -> r.stdout().contains("evil-host")).toList();
        assertEquals(List.of(), readTheirs, readTheirs.size() + " of " + runs.size() + " runs read the attacker's hosts");
        int refused = 0;
        for (Result r : runs) {
            assertFalse(r.stdout().contains("gpu-mine"), "a hosts folder others can swap is not read at all: " + r);
            if (r.exitCode() != 0) {
                // Whatever the swap left there at that moment (the folder, the link, nothing), it is refused in one line.
                assertTrue(r.assertOneLineError().startsWith("error: cannot read your hosts file " + mine.resolve("hosts") + ": "), r.toString());
                refused++;
            }
        }
        assertTrue(refused > 0, "the folder in the attacker's folder is refused");
    }

    /** Round three, INFO 2. A usage error showed a typed newline as a space; it shows as {@code \n} now. */
    @Test
    void roundThreeInfoATypedNewlineShowsEscaped() {
        Result r = users.cumps(victim, Map.of(), "--simulate", "stop", "--na\nme", "train");
        assertEquals(2, r.exitCode(), r.toString());
        assertEquals(1, r.stderr().lines().count(), r.toString());
        assertTrue(r.stderr().contains("--na\\nme"), r.toString());
    }

    /**
     * Round one. The victim's {@code TMPDIR} is a shared folder (as {@code /tmp} is); the attacker creates the
     * victim's runtime root {@code uni-cumps-<uid>} there first. A start is refused and writes nothing there.
     */
    @Test
    void roundOneARuntimeRootTheAttackerCreatedFirstIsRefused() throws IOException {
        Path squat = users.folderOf(attacker, users.shared.resolve("uni-cumps-" + TwoUsers.VICTIM), "rwxrwxrwx");
        Map<String, String> env = new TreeMap<>(victimStandIns(Map.of()));
        env.put("TMPDIR", users.shared.toString());

        String line = users.cumps(victim, env, "start", "--gpus", "0", "--name", "train").assertOneLineError();

        assertTrue(line.contains(squat.toString()), line);
        try (var inside = Files.list(squat)) {
            assertEquals(List.of(), inside.toList(), "nothing was written into the attacker's folder");
        }
    }

    /**
     * Round one. An empty entry in the victim's {@code PATH} means the working directory to a shell; the attacker
     * plants {@code nvidia-smi} and {@code nvidia-cuda-mps-control} in a shared folder the victim works in.
     */
    @Test
    void roundOneProgramsPlantedInTheWorkingDirectoryNeverRun() throws IOException {
        Path drop = attackersOpenFolder("work");
        Path ran = users.folderOf(attacker, users.shared.resolve("ran-path"), "rwxrwxrwx");
        for (String program : List.of("nvidia-smi", "nvidia-cuda-mps-control")) {
            users.fileOf(attacker, drop.resolve(program), "#!/bin/sh\ntouch '" + ran.resolve(program) + "'\n", "rwxr-xr-x");
        }

        users.cumps(victim, Map.of("PATH", ":/usr/bin:/bin"), drop, "status");
        users.cumps(victim, Map.of("PATH", "/usr/bin:/bin:."), drop, "doctor", "--gpus", "0");

        try (var planted = Files.list(ran)) {
            assertEquals(List.of(), planted.toList(), "a planted program ran as the victim");
        }
    }

    /**
     * Round one. The attacker creates the victim's simulation sandbox ({@code $TMPDIR/cumps-sim-<uid>} in a shared
     * {@code TMPDIR}) first, with stand-ins of their own: refused, nothing run or written.
     */
    @Test
    void roundOneASimulationSandboxTheAttackerCreatedFirstIsRefused() throws IOException {
        Path sandbox = users.folderOf(attacker, users.shared.resolve("cumps-sim-" + TwoUsers.VICTIM), "rwx------");

        String line = users.cumps(victim, Map.of("TMPDIR", users.shared.toString()), "--simulate", "status").assertOneLineError();

        assertTrue(line.contains(sandbox + " is owned by uid " + TwoUsers.ATTACKER), line);
    }
}
