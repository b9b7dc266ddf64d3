package dev.cumps.wm;

import dev.cumps.core.testing.LeftRunning;
import dev.cumps.sim.MpsFault;
import dev.cumps.sim.SimConfig;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.ConsoleHandler;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The console as an operator starts it: {@code java -cp ... dev.cumps.app.ConsoleLauncher --simulate --no-demo}
 * in its own JVM on the GTK glass (no {@code glass.platform}, so not Monocle), with an explicit
 * environment: {@code DISPLAY}, {@code HOME}, {@code TMPDIR}, optionally {@code XDG_CONFIG_HOME}, a
 * plain {@code PATH} and {@code LANG}; nothing of the test JVM's {@code CUDA_*}. Its output goes to
 * {@code console.log} in its folder. {@link #close()} ends it (and what it started) by pid if a test
 * left it running.
 */
final class Console implements AutoCloseable {

    /** The main window's title in --simulate (the error dialog's title also starts with "MPS Console"). */
    static final String TITLE = "^MPS Console .*Simulated host$";

    private final XDesktop desktop;
    private final Process process;
    private final Path log;
    private final Path tmp;
    private final Path home;

    private Console(XDesktop desktop, Process process, Path log, Path tmp, Path home) {
        this.desktop = desktop;
        this.process = process;
        this.log = log;
        this.tmp = tmp;
        this.home = home;
    }

    /** Launches the console with {@code home} as HOME and, when present, {@code xdgConfigHome} as XDG_CONFIG_HOME. */
    static Console launch(XDesktop desktop, Path dir, Path home, Optional<Path> xdgConfigHome) throws IOException {
        return launch(desktop, dir, home, xdgConfigHome, List.of(), Map.of());
    }

    /**
     * Like {@link #launch(XDesktop, Path, Path, Optional)}, with {@code options} after {@code --simulate --no-demo}
     * (e.g. {@code --lang zh-CN}) and {@code extraEnv} in its environment (e.g. the simulator's {@code CUMPS_SIM_MPS_DIE_FILE},
     * which the daemons it starts inherit).
     */
    static Console launch(XDesktop desktop, Path dir, Path home, Optional<Path> xdgConfigHome, List<String> options,
            Map<String, String> extraEnv) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("--simulate", "--no-demo"));
        arguments.addAll(options);
        return start(desktop, dir, home, xdgConfigHome, arguments, extraEnv);
    }

    /**
     * The environment entry that makes a launched console write {@code logger}'s DEBUG lines (and every logger's
     * warnings) into its {@code console.log}: a {@code logging.properties} written into {@code dir}, named through
     * {@code JAVA_TOOL_OPTIONS}. The console's documented log lines, no test-only code.
     */
    static Map<String, String> debugLog(Path dir, String logger) throws IOException {
        Path logging = dir.resolve("logging.properties");
        String handler = ConsoleHandler.class.getName();
        Files.write(logging, List.of("handlers=" + handler, handler + ".level=ALL", ".level=WARNING", logger + ".level=FINE"));
        return Map.of("JAVA_TOOL_OPTIONS", "-Djava.util.logging.config.file=" + logging);
    }

    /** {@code --simulate} with its demo: the console sets up the demo daemon and its two clients right after it opens. */
    static Console launchWithDemo(XDesktop desktop, Path dir, Path home) throws IOException {
        return start(desktop, dir, home, Optional.empty(), List.of("--simulate"), Map.of());
    }

    private static Console start(XDesktop desktop, Path dir, Path home, Optional<Path> xdgConfigHome, List<String> arguments,
            Map<String, String> extraEnv) throws IOException {
        Path tmp = Files.createDirectories(dir.resolve("t"));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("DISPLAY", desktop.display());
        env.put("HOME", home.toString());
        env.put("TMPDIR", tmp.toString());
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("LANG", "C.UTF-8");
        // No accessibility bus on a bare CI machine; GTK would otherwise look for one.
        env.put("NO_AT_BRIDGE", "1");
        xdgConfigHome.ifPresent(xdg -> env.put("XDG_CONFIG_HOME", xdg.toString()));
        env.putAll(extraEnv);
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-cp", consoleClassPath(),
                // Xvfb has no OpenGL: software rendering straight away instead of a failed probe.
                "-Dprism.order=sw",
                // As the launcher runs it: JavaFX loads its native libraries from the class path.
                "--enable-native-access=ALL-UNNAMED",
                "dev.cumps.app.ConsoleLauncher"));
        command.addAll(arguments);
        Path log = dir.resolve("console.log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        return new Console(desktop, pb.start(), log, tmp, home);
    }

    /** The main window's id, once it is mapped. */
    String mainWindow() {
        return desktop.window(TITLE);
    }

    /** Closes the main window the way the window manager's close button does, and waits for the JVM to exit. */
    void closeWindow(String id) {
        desktop.tool("wmctrl", "-i", "-c", id);
        Waits.until("the console to exit after its window closed (log: " + log + ")",
                () -> process.isAlive() ? null : process.exitValue(), code -> true);
    }

    /** Sends SIGTERM to the console's JVM (as {@code kill PID} does) and waits for it to exit. */
    void terminate() {
        process.toHandle().destroy();
        Waits.until("the console to exit on SIGTERM (log: " + log + ")",
                () -> process.isAlive() ? null : process.exitValue(), code -> true);
    }

    /** From now on daemons launched on the console's simulated host behave as {@code fault} says (its sandbox's sim.json). */
    void simulateMpsFault(MpsFault fault) throws IOException {
        Path config = sandbox().resolve("sim.json");
        Path fresh = config.resolveSibling("sim.json.new");
        SimConfig.load(config).withMpsFault(fault).write(fresh);
        Files.move(fresh, config, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The console's simulated host: its sandbox {@code $TMPDIR/csim-*}, once its config and stand-in tools are in place. */
    Path sandbox() {
        return Waits.until("the console's simulated host in " + tmp, () -> {
            try (Stream<Path> sandboxes = Files.list(tmp)) {
                return sandboxes.filter(p -> p.getFileName().toString().startsWith("csim-"))
                        .filter(p -> Files.isRegularFile(p.resolve("sim.json")) && Files.isRegularFile(p.resolve("bin/nvidia-smi")))
                        .findFirst().orElse(null);
            } catch (IOException e) {
                return null;
            }
        }, p -> true);
    }

    /**
     * Runs the real {@code cumps} ({@code cumps.jar}, as a process) against the console's simulated
     * host, as an operator in a terminal beside the window would: its stand-in tools first on PATH,
     * its TMPDIR and config, and its record root ({@code --records}); the same HOME. Returns the
     * output; fails unless it exits 0.
     */
    String cumps(String... args) {
        Path sandbox = sandbox();
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar",
                Path.of(System.getProperty("cumps.jar", "../core/cli/target/cumps.jar")).toAbsolutePath().normalize().toString(),
                "--records", sandbox.resolve("records").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(Map.of("HOME", home.toString(), "LANG", "C.UTF-8",
                "PATH", sandbox.resolve("bin") + ":/usr/local/bin:/usr/bin:/bin",
                "TMPDIR", sandbox.resolve("rt").toString(), SimConfig.ENV_CONFIG, sandbox.resolve("sim.json").toString()));
        try {
            Process p = pb.start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "(unreadable: " + e + ")";
                }
            });
            if (!p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                XDesktop.end(p);
                throw new AssertionError("cumps " + String.join(" ", args) + " did not finish in " + Waits.DEADLINE.toSeconds() + " s");
            }
            String text = out.get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
            if (p.exitValue() != 0) {
                throw new AssertionError("cumps " + String.join(" ", args) + " exited " + p.exitValue() + ": " + text);
            }
            return text;
        } catch (IOException | ExecutionException | TimeoutException e) {
            throw new AssertionError("cumps " + String.join(" ", args) + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /**
     * Ends the console (as the window manager would) if a test has not closed it, then checks what a
     * user would check: nothing of the console's simulated host runs on. A process whose environment
     * still names the console's TMPDIR (where its simulated host lives) fails the test and is ended.
     */
    @Override
    public void close() {
        if (process.isAlive()) {
            XDesktop.end(process);
        }
        List<Long> left = LeftRunning.under(tmp, Waits.DEADLINE);
        List<String> described = left.stream().map(LeftRunning::describe).toList();
        left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        if (!described.isEmpty()) {
            throw new AssertionError("the closed console left processes of its simulated host running (now ended): " + described);
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The console's runtime class path: this module's test class path (surefire's
     * {@code surefire.test.class.path}) without the test's own classes and test libraries. The app
     * on it must be this checkout's build ({@code cumps.app.build}, {@code app/target}): a copy from
     * the local repository would test old code.
     */
    static String consoleClassPath() {
        String all = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String appBuild = Path.of(System.getProperty("cumps.app.build", "../app/target")).toAbsolutePath().normalize().toString();
        List<String> entries = Arrays.stream(all.split(File.pathSeparator))
                .filter(e -> !e.isBlank())
                .filter(e -> !e.contains("/src-test/target/"))
                // Test kits (the app's test-jar for LayoutWmTest, core's) and TestFX are the suite's, not the console's.
                .filter(e -> !e.endsWith("-tests.jar") && !e.endsWith("/test-classes") && !e.matches(".*/testfx-[^/]*\\.jar$"))
                .filter(e -> !e.matches(".*/(junit|opentest4j|apiguardian|junit-platform)[^/]*\\.jar$")
                        && !e.contains("/org/junit/") && !e.contains("/org/opentest4j/") && !e.contains("/org/apiguardian/"))
                .collect(Collectors.toList());
        boolean appFromThisBuild = entries.stream().map(e -> Path.of(e).toAbsolutePath().normalize().toString())
                .anyMatch(e -> e.startsWith(appBuild + File.separator));
        if (!appFromThisBuild) {
            throw new AssertionError("the console on the class path is not this checkout's build (" + appBuild
                    + "); run the suite in the reactor with the app: mvn -pl src-test -am verify -Dtest=...\nclass path: " + all);
        }
        return String.join(File.pathSeparator, entries);
    }
}
