package dev.cumps.core.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One scratch host for a test: a short directory under /tmp (Unix socket paths are limited to
 * about 107 bytes, and the product's own limit for {@code <pipe>/control} is 95), a fake NVIDIA
 * side, a fake process table, a fixed clock, short timeouts, and {@link CoreServices} wired from
 * them. The caller's environment is {@code PATH}, {@code HOME} and {@code TMPDIR} plus what a test adds;
 * NVIDIA's default pipe and log directories are {@code nvidia-mps} and {@code nvidia-log} in the sandbox
 * ({@link #nvidiaPipeDirectory()}), so a daemon at this machine's {@code /tmp/nvidia-mps} is never seen.
 */
public final class Sandbox implements AutoCloseable {
    public static final Instant NOW = Instant.parse("2026-11-29T10:00:00.123Z");
    public static final String HOSTNAME = "testhost";
    private static final SecureRandom RANDOM = new SecureRandom();

    public final Path dir;
    public final Path tmp;
    public final Path home;
    public final Path records;
    public final int uid;
    public final FakeProcessTable processes = new FakeProcessTable();
    public final FakeMpsHost mps = new FakeMpsHost(processes);
    public Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    public LifecycleTimeouts timeouts = new LifecycleTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(2),
            Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMillis(10));
    private final Map<String, String> extraEnv = new HashMap<>();

    public Sandbox() {
        try {
            Path d;
            do {
                d = Path.of("/tmp", "cu" + Long.toString(RANDOM.nextLong() & 0xffffffL, 36));
            } while (Files.exists(d, LinkOption.NOFOLLOW_LINKS));
            dir = Files.createDirectory(d);
            tmp = Files.createDirectory(dir.resolve("t"));
            home = Files.createDirectory(dir.resolve("h"));
            records = dir.resolve("r");
            uid = currentUid();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        mps.gpus(FakeGpu.exclusive(0));
        processes.defaultOwner(new ProcessOwner(uid, "me"));
    }

    public static int currentUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds (or with null removes) a variable of the caller's environment. */
    public Sandbox env(String name, String value) {
        if (value == null) {
            extraEnv.remove(name);
        } else {
            extraEnv.put(name, value);
        }
        return this;
    }

    public HostEnvironment host() {
        Map<String, String> env = new HashMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", home.toString(), "TMPDIR", tmp.toString()));
        env.putAll(extraEnv);
        // The machine's own places (/tmp/nvidia-mps, /var/log/nvidia-mps, user.home) are the sandbox's, never this machine's.
        return new HostEnvironment(env, uid, HOSTNAME, "Linux", HostPaths.under(dir));
    }

    /** Fresh services over the sandbox's current state (environment, clock, timeouts). */
    public CoreServices services() {
        return new CoreServices(host(), mps.runner(), processes, records, clock, timeouts, false);
    }

    /** The sandbox's stand-in for NVIDIA's default pipe directory {@code /tmp/nvidia-mps} (not created). */
    public Path nvidiaPipeDirectory() {
        return host().nvidiaPipeDirectory();
    }

    public Path runtimeRoot() {
        return tmp.resolve("uni-cumps-" + uid);
    }

    public static StartRequest named(String name) {
        return new StartRequest(Optional.empty(), Optional.of(name), Optional.empty(), Optional.empty());
    }

    public static StartRequest request(String gpus, String name, Path pipe, Path log) {
        return new StartRequest(Optional.ofNullable(gpus), Optional.ofNullable(name), Optional.ofNullable(pipe), Optional.ofNullable(log));
    }

    /** Starts a daemon through the real lifecycle with a fake NVIDIA side. */
    public DaemonRecord start(String name) {
        return services().starter().start(named(name), stage -> { });
    }

    /** Starts a daemon on GPU {@code gpu} (configure that many GPUs first with {@code mps.gpus}). */
    public DaemonRecord start(String name, int gpu) {
        return services().starter().start(new StartRequest(Optional.of(Integer.toString(gpu)), Optional.of(name), Optional.empty(),
                Optional.empty()), stage -> { });
    }

    public Path recordFile(String name) {
        return records.resolve(name).resolve("daemon.json");
    }

    /** A record of this user and host written by hand, whose pid is (or is not) in the process table. */
    public DaemonRecord handRecord(String name, long pid, long ticks, Path pipe, Path log) {
        DaemonRecord r = new DaemonRecord(name, uid, HOSTNAME, "single_gpu", List.of(FakeGpu.uuidFor(0)), pipe, log, pid, ticks,
                1764410000.25);
        writeRaw(name, RecordCodec.encode(r));
        return r;
    }

    /** A record of another user or host. */
    public DaemonRecord foreignRecord(String name, int otherUid, String otherHost, long pid, long ticks) {
        DaemonRecord r = new DaemonRecord(name, otherUid, otherHost, "single_gpu", List.of(FakeGpu.uuidFor(0)),
                dir.resolve("fp-" + name), dir.resolve("fl-" + name), pid, ticks, 1764410000.5);
        writeRaw(name, RecordCodec.encode(r));
        return r;
    }

    /** Writes {@code <records>/<name>/daemon.json} with exactly this text. */
    public Path writeRaw(String name, String text) {
        try {
            Path d = records.resolve(name);
            Files.createDirectories(d);
            Path file = d.resolve("daemon.json");
            Files.writeString(file, text, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Map<String, Object> parseObject(String json) {
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> map = new ObjectMapper().readValue(json, Map.class);
            return map;
        } catch (IOException e) {
            throw new AssertionError("not valid JSON: " + json, e);
        }
    }

    public static void mkfifo(Path path) {
        run("mkfifo", path.toString());
    }

    public static void mkdir700(Path path) {
        try {
            Files.createDirectories(path);
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a short helper program (mkfifo, sh) and returns its stdout; fails on a non-zero exit. */
    public static String run(String... argv) {
        try {
            ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
            builder.environment().clear(); // an explicit environment: nothing of the test JVM's (no CUDA_*, no real HOME)
            builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8"));
            Process p = builder.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int code = p.waitFor();
            if (code != 0) {
                throw new AssertionError(String.join(" ", argv) + " exited " + code + ": " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Every path under the sandbox with its type, for "nothing was written" checks. */
    public List<String> snapshot(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.map(p -> root.relativize(p) + (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "/" : "")
                    + " " + size(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path p) {
        try {
            return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? Files.size(p) : 0;
        } catch (IOException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        mps.close();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
