package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.sim.SimConfig;
import dev.cumps.sim.testing.SimHost;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Loopback "hosts" for the fleet tests: for each, a real OpenSSH {@code sshd} on {@code 127.0.0.1} and a
 * free port, with its own configuration and host key, run by pid as the current user (root in CI,
 * anyone elsewhere: an unprivileged sshd can log in only its own user, which is all a host here needs),
 * and its own {@link SimHost}: the session's {@code PATH}, {@code HOME} and {@code TMPDIR} come from
 * {@code SetEnv}, so each host finds its own {@code cumps} launcher (the shipped jar), stand-in NVIDIA
 * tools and records. The client side is the test's {@link CumpsHarness}: an {@code ssh} on its
 * {@code PATH} that runs {@code /usr/bin/ssh -F} with this fixture's client configuration (aliases,
 * identity, known hosts; no agent, nothing of the machine's {@code ~/.ssh} or {@code /etc/ssh}).
 *
 * <p>{@link #close()} ends each sshd's session processes (its descendants) and then sshd, by pid, and
 * closes the simulated hosts, which end what still runs with their folders in its environment.
 */
final class SshHosts implements AutoCloseable {
    static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final String HUNG_PIDS = "hung.pids";

    /**
     * What a host's {@code cumps} is. {@code HOSTILE}: answers as cumps does, with terminal control sequences
     * (title, clear screen) and a line break that forges another host's line in what it prints. {@code TRAP}:
     * an attacker's host; its cumps notes each run in {@link #trapRuns} and claims to have done what was asked.
     */
    enum Cumps { REAL, MISSING, GARBAGE, HANGS, HOSTILE, TRAP }

    /** What the client knows about a host's key, and which key it offers. */
    enum Trust { KNOWN, UNKNOWN, CHANGED, WRONG_CLIENT_KEY }

    private final CumpsHarness client;
    private final Path dir;
    private final Path clientKey;
    private final Path strangerKey;
    private final StringBuilder clientConfig = new StringBuilder();
    private final StringBuilder knownHosts = new StringBuilder();
    private final List<Process> daemons = new ArrayList<>();
    private final List<SimHost> sims = new ArrayList<>();
    private final String user = System.getProperty("user.name");

    SshHosts(CumpsHarness client) throws IOException, InterruptedException {
        this.client = client;
        this.dir = client.privateDir("ssh");
        this.clientKey = keygen("client");
        this.strangerKey = keygen("other-client");
        Path wrapper = client.bin.resolve("ssh");
        Files.writeString(wrapper, "#!/bin/sh\nexec /usr/bin/ssh -F " + dir.resolve("config") + " \"$@\"\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwx------"));
        if (client.uid == 0) {
            // sshd run by root insists on its privilege-separation directory, which the package's service would create.
            Path privsep = Path.of("/run/sshd");
            if (!Files.isDirectory(privsep)) {
                Files.createDirectories(privsep, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            }
        }
    }

    static boolean available() {
        return Files.isExecutable(SSHD) && Files.isExecutable(Path.of("/usr/bin/ssh")) && Files.isExecutable(Path.of("/usr/bin/ssh-keygen"));
    }

    /** The file a {@link Cumps#TRAP} host's cumps appends a line to for every run on it. */
    Path trapRuns(String alias) {
        return dir.resolve(alias).resolve("trap.runs");
    }

    /** A new key pair named {@code name} in this fixture's folder; returns the private key's path ({@code .pub} beside it). */
    Path newKey(String name) throws IOException, InterruptedException {
        return keygen(name);
    }

    /** The port sshd of {@code alias} listens on, from the client configuration. */
    int port(String alias) {
        String text = clientConfig.toString();
        int at = text.indexOf("Host " + alias + "\n");
        int port = text.indexOf("  Port ", at) + 7;
        return Integer.parseInt(text.substring(port, text.indexOf('\n', port)));
    }

    /** The host's public key line ({@code alias}'s known-hosts entry without the name). */
    String hostKey(String alias) throws IOException {
        return Files.readString(Path.of(dir.resolve(alias).resolve("host") + ".pub")).strip();
    }

    /** Options the client's ssh gets for every host (lines of {@code ssh_config}, before the fixture's own). */
    void clientOptions(String lines) throws IOException {
        extraClientOptions = lines;
        writeClientFiles();
    }

    private String extraClientOptions = "";

    /** Adds a host named {@code alias} (the destination the client types) and returns its simulated host. */
    SimHost add(String alias, Cumps cumps, Trust trust) throws IOException, InterruptedException {
        return add(alias, cumps, trust, Files.readString(Path.of(clientKey + ".pub")));
    }

    /**
     * {@link #add(String, Cumps, Trust)} for a workstation with {@code gpus} simulated GPUs (the review of
     * 2026-12-06 found the Hosts page's doctor wrong only on hosts with several: H-1).
     */
    SimHost add(String alias, Cumps cumps, Trust trust, int gpus) throws IOException, InterruptedException {
        return add(alias, cumps, trust, Files.readString(Path.of(clientKey + ".pub")), gpus);
    }

    /** {@link #add(String, Cumps, Trust)}, the host authorizing {@code authorizedKey} (a public key line) instead of the client's. */
    SimHost add(String alias, Cumps cumps, Trust trust, String authorizedKey) throws IOException, InterruptedException {
        return add(alias, cumps, trust, authorizedKey, 1);
    }

    private SimHost add(String alias, Cumps cumps, Trust trust, String authorizedKey, int gpus) throws IOException, InterruptedException {
        SimHost sim = SimHost.create("sh", client.jar.toString());
        sims.add(sim);
        sim.configure(SimConfig.defaults(gpus));
        Path hostDir = Files.createDirectories(dir.resolve(alias));
        installCumps(sim, cumps, hostDir.resolve(HUNG_PIDS), hostDir.resolve("trap.runs"));
        Path hostKey = keygen(alias + "/host");
        Path authorized = hostDir.resolve("authorized_keys");
        Files.writeString(authorized, authorizedKey);
        int port = freePort();
        Map<String, String> env = new TreeMap<>(sim.environment());
        env.put(CumpsHarness.MARKER_VARIABLE, client.marker);
        StringBuilder setEnv = new StringBuilder("SetEnv");
        env.forEach((k, v) -> setEnv.append(' ').append(k).append('=').append(v));
        Path config = hostDir.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
                "Port " + port,
                "ListenAddress 127.0.0.1",
                "HostKey " + hostKey,
                "PidFile none",
                "AuthorizedKeysFile " + authorized,
                "StrictModes no",
                "UsePAM no",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "PubkeyAuthentication yes",
                "PermitRootLogin prohibit-password",
                "AllowUsers " + user,
                "X11Forwarding no",
                "AllowAgentForwarding no",
                "AllowTcpForwarding no",
                "PrintMotd no",
                "LogLevel ERROR",
                setEnv.toString(), ""));
        Process sshd = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(hostDir.resolve("sshd.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
        daemons.add(sshd);
        awaitListening(sshd, port, hostDir.resolve("sshd.log"));
        String hostPub = Files.readString(Path.of(hostKey + ".pub")).strip();
        switch (trust) {
            case KNOWN, WRONG_CLIENT_KEY -> knownHosts.append(alias).append(' ').append(hostPub).append('\n');
            case CHANGED -> knownHosts.append(alias).append(' ').append(Files.readString(Path.of(strangerKey + ".pub")).strip()).append('\n');
            case UNKNOWN -> { }
        }
        clientConfig.append("Host ").append(alias).append('\n')
                .append("  HostName 127.0.0.1\n")
                .append("  Port ").append(port).append('\n')
                .append("  User ").append(user).append('\n')
                .append("  HostKeyAlias ").append(alias).append('\n')
                .append("  IdentityFile ").append(trust == Trust.WRONG_CLIENT_KEY ? strangerKey : clientKey).append('\n');
        writeClientFiles();
        return sim;
    }

    /** A client alias for a port where nothing listens. */
    void addClosedPort(String alias) throws IOException {
        int port = freePort();
        clientConfig.append("Host ").append(alias).append("\n  HostName 127.0.0.1\n  Port ").append(port)
                .append("\n  HostKeyAlias ").append(alias).append("\n  IdentityFile ").append(clientKey).append('\n');
        writeClientFiles();
    }

    private void writeClientFiles() throws IOException {
        Files.writeString(dir.resolve("known_hosts"), knownHosts.toString());
        Files.writeString(dir.resolve("config"), clientConfig + "Host *\n" + extraClientOptions
                + "  IdentitiesOnly yes\n"
                + "  IdentityAgent none\n"
                + "  UserKnownHostsFile " + dir.resolve("known_hosts") + "\n"
                + "  GlobalKnownHostsFile /dev/null\n"
                + "  CheckHostIP no\n"
                + "  LogLevel ERROR\n");
    }

    /**
     * The pids of the hung stand-in's runs on {@code alias} (one line each, written by the stand-in before it
     * becomes {@code sleep}); empty before its first run.
     */
    List<Long> hungPids(String alias) throws IOException {
        Path file = dir.resolve(alias).resolve(HUNG_PIDS);
        return Files.exists(file) ? Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty()).map(Long::valueOf).toList()
                : List.of();
    }

    /**
     * What a {@link Cumps#HOSTILE} host's {@code cumps status --json} prints: valid JSON whose daemon name, printed
     * raw, sets the terminal's title, clears the screen and forges the line of another host.
     */
    static final String HOSTILE_STATUS = "{\"schema_version\": 1, \"driver_version\": \"550\", \"all_gpus\": [], \"managed_daemons\":"
            + " [{\"name\": \"a\\u001b]0;owned\\u0007\\u001b[2J\\ngpu-forged  reachable  cumps=9.9.9 driver=1 gpus=8 live=8 stale=0\","
            + " \"record_state\": \"live\", \"pid\": 7, \"gpu_uuids\": []}]}\n";
    /** What it prints for any other command: escape sequences raw, a carriage return and a forged line. */
    static final String HOSTILE_TEXT = "\u001b]0;owned\u0007\u001b[2Jstopped daemon x\r\ngpu-forged  stopped\n";

    private void installCumps(SimHost sim, Cumps cumps, Path hungPids, Path trapRuns) throws IOException {
        Path launcher = sim.bin.resolve("cumps");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String body = switch (cumps) {
            case REAL -> "exec " + java + " -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData -jar "
                    + client.jar + " \"$@\"\n";
            case MISSING -> null;
            case GARBAGE -> "echo 'Welcome to gpu-box! Today is a good day.'\necho '<html>not json</html>'\n";
            case HANGS -> "echo $$ >> " + hungPids + "\nexec sleep 3600\n";
            case HOSTILE -> "case \"$*\" in\n"
                    + "  *--version*) echo 'cumps 1.4.0' ;;\n"
                    + "  *status*) cat " + written(trapRuns.resolveSibling("hostile-status.json"), HOSTILE_STATUS) + " ;;\n"
                    + "  *) cat " + written(trapRuns.resolveSibling("hostile-text.txt"), HOSTILE_TEXT) + " ;;\n"
                    + "esac\n";
            case TRAP -> "echo \"$*\" >> " + trapRuns + "\n"
                    + "case \"$*\" in\n"
                    + "  *--version*) echo 'cumps 1.4.0' ;;\n"
                    + "  *status*) echo '{\"schema_version\": 1, \"all_gpus\": [], \"managed_daemons\": []}' ;;\n"
                    + "  *) echo 'stopped daemon (as the attacker says)' ;;\n"
                    + "esac\n";
        };
        if (body != null) {
            Files.writeString(launcher, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static Path written(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private Path keygen(String name) throws IOException, InterruptedException {
        Path key = dir.resolve(name);
        Files.createDirectories(key.getParent());
        Process p = new ProcessBuilder("/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "fleet-test", "-f", key.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("keygen.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
        if (!p.waitFor(CumpsHarness.PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("ssh-keygen did not finish");
        }
        assertEquals(0, p.exitValue(), () -> "ssh-keygen failed: " + read(dir.resolve("keygen.log")));
        return key;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Waits (under the suite's patience) until sshd accepts connections on {@code port}. */
    private static void awaitListening(Process sshd, int port, Path log) throws InterruptedException {
        long deadline = System.nanoTime() + CumpsHarness.PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (!sshd.isAlive()) {
                throw new AssertionError("sshd exited " + sshd.exitValue() + ": " + read(log));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
                return;
            } catch (IOException e) {
                Thread.sleep(25);
            }
        }
        throw new AssertionError("sshd did not listen on " + port + ": " + read(log));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Override
    public void close() throws IOException {
        for (Process sshd : daemons) {
            // Sessions first (they descend from this sshd), then the listener; each by its handle (pid + start time).
            sshd.descendants().forEach(ProcessHandle::destroyForcibly);
            sshd.destroyForcibly();
            try {
                sshd.waitFor(CumpsHarness.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        IOException first = null;
        for (SimHost sim : sims) {
            try {
                sim.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
