package dev.cumps.core.env;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The real programs that read each {@link EnvFormat}, run on a rendered text: they give back the
 * values as their consumer sees them. Each program gets the text on stdin (UTF-8 bytes, so a
 * non-ASCII value survives a JVM running under {@code LC_ALL=C}), an explicit environment, a
 * deadline, and is ended by its own handle if it overruns. A consumer that is not installed fails
 * the calling test with what to install: CI installs them all ({@code .ci/run}).
 */
public final class EnvConsumers {
    private static final long DEADLINE_SECONDS = 120;
    private static final String PATH = "/usr/bin:/bin";

    private EnvConsumers() {
    }

    /** {@code shell -c 'eval "$(cat)"; printf ...'}: the values a POSIX shell ({@code sh}, {@code dash}, {@code bash}) exports. */
    public static List<String> evalInPosixShell(String shell, String text, List<String> names) {
        StringBuilder script = new StringBuilder("eval \"$(cat)\"; printf '%s\\n'");
        names.forEach(n -> script.append(" \"$").append(n).append('"'));
        return lines(run(List.of(program(shell, shell), "-c", script.toString()), text, Map.of()));
    }

    /** {@code fish -c 'source; printf ...'}: what {@code cumps env --shell fish | source} sets. */
    public static List<String> sourceInFish(String text, List<String> names, Path home) {
        StringBuilder script = new StringBuilder("source; printf '%s\\n'");
        names.forEach(n -> script.append(" \"$").append(n).append('"'));
        // fish keeps its history and universal variables under HOME/XDG dirs: a private folder.
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.resolve("config").toString(),
                "XDG_DATA_HOME", home.resolve("data").toString());
        return lines(run(List.of(program("fish", "fish"), "--no-config", "-c", script.toString()), text, env));
    }

    /** The words a POSIX shell makes of a pasted command-line fragment ({@code docker run <text>}). */
    public static List<String> wordsInPosixShell(String shell, String text) {
        return lines(run(List.of(program(shell, shell), "-c", "eval \"set -- $(cat)\"; for a in \"$@\"; do printf '%s\\n' \"$a\"; done"),
                text, Map.of()));
    }

    /** {@code dotenv_values(stream=...)} of python-dotenv: what a Python launcher loads from the {@code .env} file. */
    public static List<String> loadWithPythonDotenv(String text, List<String> names) {
        String script = "import io, sys\n"
                + "try:\n    import dotenv\n"
                + "except ImportError:\n    sys.exit('python-dotenv is missing: apt-get install python3-dotenv')\n"
                + "values = dotenv.dotenv_values(stream=io.StringIO(sys.stdin.buffer.read().decode('utf-8')))\n"
                + "sys.stdout.buffer.write(''.join(str(values.get(n)) + '\\n' for n in sys.argv[1:]).encode('utf-8'))\n";
        List<String> argv = new ArrayList<>(List.of(program("python3", "python3 python3-dotenv"), "-c", script));
        argv.addAll(names);
        return lines(run(argv, text, Map.of()));
    }

    /**
     * The {@code Environment=} assignments systemd itself parses from a unit holding {@code text}
     * in its {@code [Service]} section: {@code systemd --test} loads the unit from a private unit
     * folder and dumps it. systemd refuses test mode as root, so as root it runs as nobody (65534).
     */
    public static Map<String, String> parseWithSystemd(String text) {
        String systemd = systemdBinary();
        Path units = null;
        Path unit = null;
        try {
            // systemd runs as nobody when we are root: a world-readable folder in /tmp, removed after.
            units = Files.createTempDirectory("cumps-env-units", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            unit = units.resolve("cumps-env-roundtrip.service");
            Files.writeString(unit, "[Unit]\nDefaultDependencies=no\n[Service]\n" + text + "ExecStart=/bin/true\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(unit, PosixFilePermissions.fromString("rw-r--r--"));
            List<String> argv = new ArrayList<>();
            if ("root".equals(System.getProperty("user.name"))) {
                argv.addAll(List.of(program("setpriv", "util-linux"), "--reuid=65534", "--regid=65534", "--clear-groups"));
            }
            argv.addAll(List.of(systemd, "--test", "--system", "--unit=cumps-env-roundtrip.service", "--log-target=console", "--no-pager"));
            // A trailing colon: our folder first, then systemd's own (the dump needs its targets).
            String dump = run(argv, "", Map.of("SYSTEMD_UNIT_PATH", units + ":", "HOME", units.toString()));
            Map<String, String> environment = new LinkedHashMap<>();
            boolean inUnit = false;
            for (String line : dump.lines().toList()) {
                String trimmed = line.strip();
                if (trimmed.startsWith("-> Unit ")) {
                    inUnit = trimmed.equals("-> Unit cumps-env-roundtrip.service:");
                } else if (inUnit && line.startsWith("\t\tEnvironment: ")) {
                    String assignment = line.substring("\t\tEnvironment: ".length());
                    int eq = assignment.indexOf('=');
                    environment.put(assignment.substring(0, eq), assignment.substring(eq + 1));
                }
            }
            if (environment.isEmpty()) {
                throw new AssertionError("systemd --test showed no Environment= of the unit:\n" + dump);
            }
            return environment;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                if (unit != null) {
                    Files.deleteIfExists(unit);
                }
                if (units != null) {
                    Files.deleteIfExists(units);
                }
            } catch (IOException e) {
                // /tmp is cleaned anyway; the round trip's answer stands.
            }
        }
    }

    private static String systemdBinary() {
        for (String candidate : List.of("/lib/systemd/systemd", "/usr/lib/systemd/systemd")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new AssertionError("systemd is not installed, so its unit-file parser cannot check the systemd format:"
                + " apt-get install systemd (.ci/run does)");
    }

    /** {@code name} on {@link #PATH} (absolute entries only), or a failed test saying what to install. */
    private static String program(String name, String install) {
        for (String dir : PATH.split(":")) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(name + " is not installed; the round trip needs the real consumer: apt-get install " + install
                + " (.ci/run installs it)");
    }

    private static List<String> lines(String out) {
        return out.lines().toList();
    }

    /** Runs argv with {@code stdin} as input; its stdout, or a failed test with both streams. */
    private static String run(List<String> argv, String stdin, Map<String, String> extraEnv) {
        ProcessBuilder builder = new ProcessBuilder(argv);
        Map<String, String> env = builder.environment();
        env.clear(); // explicit: nothing of the test JVM's (no CUDA_*, no HOME)
        Map<String, String> explicit = new HashMap<>(Map.of("PATH", PATH, "LANG", "C.UTF-8"));
        explicit.putAll(extraEnv);
        env.putAll(explicit);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CompletableFuture<byte[]> out = drain(process.getInputStream());
        CompletableFuture<byte[]> err = drain(process.getErrorStream());
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The program may exit without reading; its exit status and stderr tell why.
        }
        try {
            if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(argv.get(0) + " did not finish within " + DEADLINE_SECONDS + " s");
            }
            String stdout = new String(out.join(), StandardCharsets.UTF_8);
            String stderr = new String(err.join(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new AssertionError(String.join(" ", argv) + " exited " + process.exitValue() + "\nstdin:\n" + stdin
                        + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
            }
            return stdout;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new AssertionError(e);
        }
    }

    private static CompletableFuture<byte[]> drain(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            try (stream) {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
