package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code cumps} shell launcher that {@code mvn package} writes beside {@code cumps.jar}: it runs the jar
 * with an AOT cache (JEP 483/514), finds the jar through a symlink on PATH, trains a cache when there is none
 * for this build of the jar and this runtime, falls back to a per-user cache folder when the jar's folder is
 * not ours, never fails a command because of the cache (a corrupt one is ignored by the JVM), and never uses
 * a cache that someone else could have written: one planted by another uid beside the jar (a shared tools
 * folder) or in a cache folder others can reach is not opened. Which cache the JVM opened is read from its
 * own log ({@code -Xlog:aot=info} into files through {@code JAVA_TOOL_OPTIONS}: "Opened AOT cache PATH").
 */
class LauncherE2eTest {
    private static final String NOBODY = "65534";
    private Path root;
    private Path install;
    private Path launcher;
    private Path jar;
    private Path aotLogs;

    private record Result(int code, String out, String err) {
    }

    @BeforeEach
    void copyTheBuiltLauncher() throws IOException {
        Path builtJar = Path.of(System.getProperty("cumps.jar")).toAbsolutePath();
        root = Files.createTempDirectory("cumps-launcher-");
        install = Files.createDirectories(root.resolve("install"));
        launcher = install.resolve("cumps");
        jar = install.resolve("cumps.jar");
        aotLogs = Files.createDirectories(root.resolve("aot-logs"));
        Files.copy(builtJar.resolveSibling("cumps"), launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(builtJar, jar);
    }

    @AfterEach
    void removeScratch() throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private Result run(Path program, Map<String, String> extraEnv, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(List.of(args));
        Path out = root.resolve("out.txt");
        Path err = root.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("HOME", root.resolve("home").toString());
        env.put("PATH", "/usr/bin:/bin"); // explicit: the launcher finds java through JAVA_HOME
        env.put("LC_ALL", "C");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.putAll(extraEnv);
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(command + " did not finish within 120 s");
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private Result statusJson(Path program, Map<String, String> env) throws IOException, InterruptedException {
        return run(program, env, "--records", root.resolve("records").toString(), "status", "--json");
    }

    /**
     * {@code status --json} through the launcher with the JVM's AOT log in files of {@link #aotLogs} (one per JVM);
     * returns the caches the command's JVMs opened. The JVM's note "Picked up JAVA_TOOL_OPTIONS" is its only
     * line on standard error.
     */
    private List<String> statusJsonOpening(Map<String, String> extraEnv) throws IOException, InterruptedException {
        try (Stream<Path> old = Files.list(aotLogs)) {
            for (Path p : old.toList()) {
                Files.delete(p);
            }
        }
        Map<String, String> env = new HashMap<>(extraEnv);
        env.put("JAVA_TOOL_OPTIONS", "-Xlog:aot=info:file=" + aotLogs.resolve("aot-%p.log"));
        Result run = statusJson(launcher, env);
        assertEquals(plainJava().out(), run.out());
        assertEquals(0, run.code(), run.err());
        List<String> opened = new ArrayList<>();
        try (Stream<Path> logs = Files.list(aotLogs)) {
            for (Path log : logs.toList()) {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    int at = line.indexOf("Opened AOT cache ");
                    if (at >= 0) {
                        opened.add(line.substring(at + "Opened AOT cache ".length()).replaceAll("\\.$", ""));
                    }
                }
            }
        }
        return opened;
    }

    /** What the jar prints without the launcher: the reference output. */
    private Result plainJava() throws IOException, InterruptedException {
        Path script = root.resolve("plain.sh");
        Files.writeString(script, "#!/bin/sh\nexec \"$JAVA_HOME/bin/java\" -jar " + jar + " \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return statusJson(script, Map.of());
    }

    /** Every AOT cache under {@code dir}, however deep. */
    private static List<Path> cachesUnder(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".aot")).sorted().toList();
        }
    }

    /** The one cache beside the jar, trained by a first run in the install folder (ours). */
    private Path trainBesideTheJar() throws Exception {
        Result first = statusJson(launcher, Map.of());
        assertEquals(0, first.code(), first.err());
        List<Path> caches = cachesUnder(install);
        assertEquals(1, caches.size(), "one cache beside the jar: " + caches);
        return caches.get(0);
    }

    private static void chown(Path path, String user) throws IOException {
        Files.setOwner(path, path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user));
    }

    @Test
    void trainsTheCacheOnFirstUseUsesItAfterAndPrintsWhatTheJarPrints() throws Exception {
        assertEquals(List.of(), cachesUnder(install));

        Result first = statusJson(launcher, Map.of());
        List<Path> caches = cachesUnder(install);
        List<String> opened = statusJsonOpening(Map.of());

        assertEquals(1, caches.size(), caches.toString());
        assertTrue(Files.size(caches.get(0)) > 0);
        assertTrue(caches.get(0).getFileName().toString().matches("cumps-\\d+(-\\d+){5}\\.aot"), caches.toString());
        assertEquals(List.of(caches.get(0).toString()), opened, "the second run maps the cache beside the jar");
        assertEquals(plainJava(), first);
        assertTrue(first.out().contains("\"schema_version\": 1"), first.out());
    }

    @Test
    void aCorruptCacheIsIgnoredAndTheCommandStillRuns() throws Exception {
        Path cache = trainBesideTheJar();
        Files.write(cache, "not an AOT cache\n".repeat(1000).getBytes(StandardCharsets.US_ASCII));

        Result run = statusJson(launcher, Map.of());

        assertEquals(plainJava(), run);
        assertEquals(0, run.code());
        assertEquals("", run.err());
    }

    /**
     * A new build of the jar (here: the same bytes written anew, older than the cache, as a package upgrade leaves
     * it) gets a cache of its own; the old one, trained for the other build, is removed and never mapped: JDK 25
     * maps a cache whatever became of the jar.
     */
    @Test
    void aCacheTrainedForAnotherBuildOfTheJarIsNotUsed() throws Exception {
        Path old = trainBesideTheJar();
        Path rebuilt = root.resolve("rebuilt.jar");
        Files.copy(jar, rebuilt);
        Files.setLastModifiedTime(rebuilt, FileTime.from(Instant.now().minusSeconds(86_400)));
        Files.move(rebuilt, jar, StandardCopyOption.REPLACE_EXISTING);

        List<String> opened = statusJsonOpening(Map.of());

        List<Path> caches = cachesUnder(install);
        assertEquals(1, caches.size(), caches.toString());
        assertNotEquals(old, caches.get(0), "a cache of its own for the new build");
        assertFalse(opened.contains(old.toString()), "the old build's cache was mapped: " + opened);
    }

    @Test
    void aotOffRunsWithoutACache() throws Exception {
        Result run = statusJson(launcher, Map.of("CUMPS_AOT", "off"));

        assertEquals(plainJava(), run);
        assertEquals(List.of(), cachesUnder(root));
    }

    @Test
    void aSymlinkOnPathFindsTheJar() throws Exception {
        Path bin = Files.createDirectories(root.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("cumps"), Path.of("../install/cumps"));
        Path linkToLink = Files.createSymbolicLink(root.resolve("cumps-again"), bin.resolve("cumps"));

        Result viaName = run(Path.of("/bin/sh"), Map.of("PATH", bin + ":/usr/bin:/bin"), "-c", "cumps --version");
        Result viaChain = run(linkToLink, Map.of(), "--version");

        assertEquals(0, viaName.code(), viaName.toString());
        assertTrue(viaName.out().startsWith("cumps "), viaName.out());
        assertEquals(viaName, viaChain);
    }

    @Test
    void anEmptyPathEntryNeverRunsAJavaFromTheWorkingDirectory() throws Exception {
        Path cwd = Files.createDirectories(root.resolve("cwd"));
        Path marker = root.resolve("planted-java-ran");
        Path planted = cwd.resolve("java");
        Files.writeString(planted, "#!/bin/sh\ntouch " + marker + "\nexit 42\n");
        Files.setPosixFilePermissions(planted, PosixFilePermissions.fromString("rwx------"));
        Path javaBin = Path.of(System.getProperty("java.home"), "bin");
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "--version").directory(cwd.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().clear();
        builder.environment().put("HOME", root.resolve("home").toString());
        builder.environment().put("PATH", ":.:bin:" + javaBin + ":/usr/bin:/bin");
        builder.environment().put("LC_ALL", "C");
        builder.environment().put("CUMPS_CDS", "off");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the launcher did not finish");

        assertEquals(0, process.exitValue(), output);
        assertTrue(output.startsWith("cumps "), output);
        assertFalse(Files.exists(marker), "the launcher ran ./java from the working directory");
    }

    @Test
    void aFolderThatIsNotOursUsesAPrivateCacheFolder() throws Exception {
        Path cache = root.resolve("xdg");
        withInstallOf(NOBODY, () -> {
            List<String> first = statusJsonOpening(Map.of("XDG_CACHE_HOME", cache.toString()));
            List<String> second = statusJsonOpening(Map.of("XDG_CACHE_HOME", cache.toString()));

            assertEquals(List.of(), cachesUnder(install), "nothing written into a folder that is not ours");
            Path dir = cache.resolve("cumps");
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
            List<Path> caches = cachesUnder(dir);
            assertEquals(1, caches.size(), caches.toString());
            assertEquals(List.of(caches.get(0).toString()), first, "the first run trains the cache, then runs on it");
            assertEquals(List.of(caches.get(0).toString()), second);
        });
    }

    /** Runs {@code test} with the install folder owned by {@code user} (an installed or shared copy: not ours). */
    private void withInstallOf(String user, ThrowingRunnable test) throws Exception {
        chown(install, user);
        try {
            test.run();
        } finally {
            chown(install, System.getProperty("user.name"));
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** A relative XDG_CACHE_HOME named a folder under the working directory, which others may share. */
    @Test
    void aRelativeXdgCacheHomeIsIgnoredForTheHomeCache() throws Exception {
        withInstallOf(NOBODY, () -> {
            Result run = statusJson(launcher, Map.of("XDG_CACHE_HOME", "relative-cache"));

            assertEquals(plainJava(), run);
            assertFalse(Files.exists(root.resolve("relative-cache")), "nothing under the working directory");
            assertEquals(1, cachesUnder(root.resolve("home/.cache/cumps")).size(), "the cache is in $HOME/.cache/cumps");
        });
    }

    /**
     * A cache beside the jar planted by another uid, in a tools folder of theirs that we run the launcher from
     * (the review's finding: a fresh archive there was used with no owner check, so its owner ran code as every
     * user of the launcher), and one of another uid in a folder of ours: neither is opened, though each is a
     * valid cache for this very jar and runtime, named as the launcher names it. The command runs on a private cache.
     */
    @Test
    void aCachePlantedBesideTheJarByAnotherUserIsNeverUsed() throws Exception {
        Path planted = trainBesideTheJar();
        chown(planted, NOBODY);
        Path xdg = root.resolve("xdg");

        List<String> inOurFolder = statusJsonOpening(Map.of("XDG_CACHE_HOME", xdg.toString()));
        List<String> inTheirFolder = new ArrayList<>();
        withInstallOf(NOBODY, () -> {
            inTheirFolder.addAll(statusJsonOpening(Map.of("XDG_CACHE_HOME", xdg.toString())));
            inTheirFolder.addAll(statusJsonOpening(Map.of("XDG_CACHE_HOME", xdg.toString())));
        });

        assertFalse(inOurFolder.contains(planted.toString()), "opened another user's cache in our folder: " + inOurFolder);
        assertFalse(inTheirFolder.contains(planted.toString()), "opened the cache planted in their tools folder: " + inTheirFolder);
        List<Path> ours = cachesUnder(xdg.resolve("cumps"));
        assertEquals(1, ours.size(), ours.toString());
        assertTrue(inTheirFolder.contains(ours.get(0).toString()), "the launcher runs on the user's own cache: " + inTheirFolder);
        assertTrue(Files.exists(planted), "another user's file is left as it is");
    }

    /**
     * A cache folder inside a folder others can write (could be swapped for a link between the launcher's
     * checks and the JVM's start), a cache folder of another uid, and a cache file of another uid planted in
     * our own cache folder: none is opened, and the command runs without a cache (or trains its own).
     */
    @Test
    void aCachePlantedInACacheFolderOthersCanReachIsNeverUsed() throws Exception {
        Path valid = trainBesideTheJar();
        String name = valid.getFileName().toString();
        Path shared = Files.createDirectories(root.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path foreign = Files.createDirectories(root.resolve("foreign"));
        Path ours = Files.createDirectories(root.resolve("ours/cumps"));
        Files.setPosixFilePermissions(ours, PosixFilePermissions.fromString("rwx------"));
        List<Path> planted = new ArrayList<>();
        for (Path dir : List.of(shared.resolve("xdg/cumps"), foreign.resolve("xdg/cumps"), ours)) {
            Path file = Files.createDirectories(dir).resolve(name);
            Files.copy(valid, file);
            chown(file, NOBODY);
            planted.add(file);
        }
        chown(foreign.resolve("xdg/cumps"), NOBODY);
        chown(foreign.resolve("xdg"), NOBODY);
        chown(foreign, NOBODY);
        Files.delete(valid);

        withInstallOf(NOBODY, () -> {
            for (Path xdg : List.of(shared.resolve("xdg"), foreign.resolve("xdg"), root.resolve("ours"))) {
                List<String> opened = statusJsonOpening(Map.of("XDG_CACHE_HOME", xdg.toString()));
                for (Path file : planted) {
                    assertFalse(opened.contains(file.toString()), "opened the planted " + file + " with XDG_CACHE_HOME=" + xdg);
                }
                assertEquals(List.of(), opened, "no cache for XDG_CACHE_HOME=" + xdg);
            }
        });
        assertEquals(List.of(), cachesUnder(install));
        List<Path> left = new ArrayList<>();
        for (Path dir : List.of(shared, foreign, root.resolve("ours"))) {
            left.addAll(cachesUnder(dir));
        }
        assertEquals(planted.stream().sorted().toList(), left.stream().sorted().toList(), "nothing trained beside the planted caches");
    }
}
