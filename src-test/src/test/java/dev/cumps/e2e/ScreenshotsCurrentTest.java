package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The screenshots in {@code docs/screenshots/} are current: the command {@code docs/screenshots/regenerate.sh}
 * runs ({@code app/target/mps-console --simulate --screenshots DIR --lang L}, one headless run per
 * language, as real processes with an explicit environment) writes exactly the committed file names
 * (the shared contract: {@code <view>-<lang>[-dark].png}, and {@code <view>-<width>x<height>-<lang>.png} for the
 * views taken at the three review sizes), each picture the size of the committed one
 * and not blank; each run ends with exit status 0, leaves no process of its simulated host running and
 * removes its sandbox. A run that outlives its deadline is ended by pid with what it started.
 */
class ScreenshotsCurrentTest {

    static final List<String> VIEWS = List.of("console", "start-dialog", "stop-dialog", "fix-dialog", "doctor", "env",
            "log", "clients", "limits", "activity");
    /** The views also taken at each of {@link #SIZES} ({@code ScreenshotTour.SIZED_VIEWS}), named {@code <view>-<size>-<lang>.png}. */
    static final List<String> SIZED_VIEWS = List.of("console", "doctor", "hosts");
    /** {@code ScreenshotTour.SIZES}: the window sizes the console is reviewed at. */
    static final List<String> SIZES = List.of("1280x820", "1100x700", "900x600");
    static final List<String> LANGUAGES = List.of("en", "zh-CN");
    /** One language's run, generous for two busy cores (about 15 s on an idle one). */
    static final Duration RUN_DEADLINE = Duration.ofMinutes(10);
    /** A picture with fewer colours than this is blank or nearly so (a real one has hundreds: text is antialiased). */
    static final int MIN_COLOURS = 64;

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private final Path appBuild = Path.of(System.getProperty("cumps.app.build", "../app/target")).toAbsolutePath().normalize();
    private final Path committed = appBuild.resolve("../../docs/screenshots").normalize();

    @Test
    void theCommittedScreenshotsAreTheSetTheConsoleWritesNow(@TempDir Path dir) throws Exception {
        Path launcher = appBuild.resolve("mps-console");
        assertCurrentBuild(launcher);
        Path out = Files.createDirectory(dir.resolve("out"));
        long started = System.nanoTime();
        for (String lang : LANGUAGES) {
            runSet(launcher, dir, out, lang);
        }
        System.out.printf("ScreenshotsCurrentTest: both sets written in %.1f s%n", (System.nanoTime() - started) / 1e9);

        Set<String> contract = new TreeSet<>();
        for (String lang : LANGUAGES) {
            VIEWS.forEach(view -> contract.add(view + "-" + lang + ".png"));
            contract.add("console-" + lang + "-dark.png");
            SIZED_VIEWS.forEach(view -> SIZES.forEach(size -> contract.add(view + "-" + size + "-" + lang + ".png")));
        }
        assertEquals(contract, pngs(out), "the console's screenshot set is not the documented one");
        assertEquals(pngs(out), pngs(committed), "docs/screenshots differs from what the console writes now: "
                + "run docs/screenshots/regenerate.sh and commit the result");
        List<String> problems = new ArrayList<>();
        for (String name : pngs(out)) {
            int[] made = pngSize(out.resolve(name));
            int[] kept = pngSize(committed.resolve(name));
            if (made[0] != kept[0] || made[1] != kept[1]) {
                problems.add(name + ": written " + made[0] + "x" + made[1] + ", committed " + kept[0] + "x" + kept[1]);
            }
            int colours = colours(out.resolve(name));
            if (colours < MIN_COLOURS) {
                problems.add(name + ": looks blank (" + colours + " colours)");
            }
        }
        assertTrue(problems.isEmpty(), "run docs/screenshots/regenerate.sh and commit the result:\n" + String.join("\n", problems));
    }

    /** One language's set, as regenerate.sh runs it; its own TMPDIR, checked empty and unused afterwards. */
    private static void runSet(Path launcher, Path dir, Path out, String lang) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("t-" + lang));
        Path home = Files.createDirectory(dir.resolve("h-" + lang));
        Path log = dir.resolve(lang + ".log");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("HOME", home.toString());
        env.put("TMPDIR", tmp.toString());
        env.put("LANG", "C.UTF-8");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        // The AOT cache beside the launcher is trained by mvn package; the test writes nothing there.
        env.put("MPS_CONSOLE_AOT", "off");
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "--simulate", "--screenshots", out.toString(),
                "--lang", lang).redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(
                        Path.of("/dev/null").toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(RUN_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
            endWithDescendants(process);
            fail("the " + lang + " screenshot run did not end within " + RUN_DEADLINE.toMinutes() + " min; log:\n" + read(log));
        }
        assertEquals(0, process.exitValue(), "the " + lang + " screenshot run failed; log:\n" + read(log));
        List<String> left = waitForNoProcessUsing(tmp);
        assertTrue(left.isEmpty(), "the " + lang + " run left processes of its simulated host running: " + left);
        try (Stream<Path> rest = Files.list(tmp)) {
            assertEquals(List.of(), rest.map(Path::toString).toList(), "the " + lang + " run left its sandbox behind");
        }
    }

    /** Ends {@code process} and every process it started that still runs, each by its handle (pid and start time). */
    private static void endWithDescendants(Process process) {
        List<ProcessHandle> started = process.descendants().toList();
        process.destroyForcibly();
        started.forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * The processes whose environment names {@code tmp} (the sandbox's daemons, servers and clients
     * inherit a path inside it), after giving them the run's deadline to go; empty when none is left.
     */
    private static List<String> waitForNoProcessUsing(Path tmp) throws InterruptedException {
        long end = System.nanoTime() + RUN_DEADLINE.toNanos();
        List<String> left = processesUsing(tmp);
        while (!left.isEmpty() && System.nanoTime() - end < 0) {
            Thread.sleep(200);
            left = processesUsing(tmp);
        }
        return left;
    }

    private static List<String> processesUsing(Path tmp) {
        byte[] needle = tmp.toString().getBytes(StandardCharsets.UTF_8);
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                Optional<byte[]> environ = readQuietly(proc.resolve("environ"));
                if (environ.isPresent() && contains(environ.get(), needle)) {
                    String command = readQuietly(proc.resolve("cmdline")).map(b -> new String(b, StandardCharsets.UTF_8)
                            .replace('\0', ' ').strip()).orElse("?");
                    found.add(proc.getFileName() + " " + command);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return found;
    }

    private static Optional<byte[]> readQuietly(Path file) {
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            return Optional.empty(); // gone meanwhile, or not ours to read
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static Set<String> pngs(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** Width and height from the PNG's IHDR chunk (the first chunk after the signature). */
    static int[] pngSize(Path png) throws IOException {
        try (InputStream in = Files.newInputStream(png); DataInputStream data = new DataInputStream(in)) {
            byte[] signature = data.readNBytes(PNG_SIGNATURE.length);
            int length = data.readInt();
            byte[] type = data.readNBytes(4);
            if (!Arrays.equals(signature, PNG_SIGNATURE) || length != 13
                    || !"IHDR".equals(new String(type, StandardCharsets.US_ASCII))) {
                throw new IOException(png + " is not a PNG file");
            }
            return new int[] {data.readInt(), data.readInt()};
        }
    }

    /** Distinct colours among every second pixel. */
    private static int colours(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    /**
     * The launcher and its jars exist and were built after the sources they come from changed: the
     * app's classes and resources (mps-console.jar), its launcher script, and the core modules it runs on (the cumps-engine and cumps-sim jars in lib/).
     */
    private void assertCurrentBuild(Path launcher) throws IOException {
        String rebuild = "; build it in the reactor: mvn -pl src-test -am verify -Dtest=ScreenshotsCurrentTest "
                + "-Dsurefire.failIfNoSpecifiedTests=false";
        Path app = appBuild.getParent();
        Path core = app.resolveSibling("core");
        Map<Path, List<Path>> builtFrom = new HashMap<>(Map.of(
                appBuild.resolve("mps-console.jar"), List.of(app.resolve("src/main/java"), app.resolve("src/main/resources")),
                launcher, List.of(app.resolve("src/main/launcher"))));
        for (String module : List.of("engine", "sim")) {
            try (Stream<Path> lib = Files.list(appBuild.resolve("lib"))) {
                Path jar = lib.filter(p -> p.getFileName().toString().startsWith("cumps-" + module + "-")).findFirst()
                        .orElseThrow(() -> new AssertionError("no cumps-" + module + " jar in " + appBuild.resolve("lib") + rebuild));
                builtFrom.put(jar, List.of(core.resolve(module).resolve("src/main")));
            }
        }
        for (Map.Entry<Path, List<Path>> artifact : builtFrom.entrySet()) {
            assertTrue(Files.isRegularFile(artifact.getKey()), artifact.getKey() + " is missing" + rebuild);
            FileTime built = Files.getLastModifiedTime(artifact.getKey());
            for (Path sources : artifact.getValue()) {
                try (Stream<Path> walk = Files.walk(sources)) {
                    Optional<Path> newer = walk.filter(Files::isRegularFile)
                            .filter(p -> lastModified(p).compareTo(built) > 0).findFirst();
                    assertTrue(newer.isEmpty(), newer.map(p -> p + " changed after " + artifact.getKey() + " was built" + rebuild)
                            .orElse(""));
                }
            }
        }
        assertTrue(Files.isExecutable(launcher), launcher + " is not executable" + rebuild);
    }

    private static FileTime lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
