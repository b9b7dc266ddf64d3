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
 * The {@code cumps} shell launcher that {@code mvn package} writes beside {@code cumps.jar}: it
 * runs the jar with an AppCDS archive, finds the jar through a symlink on PATH, rebuilds a missing
 * or stale archive, falls back to a per-user cache directory when the jar's directory is not ours,
 * and never fails a command because of the archive (a corrupt one is ignored by the JVM).
 */
class LauncherE2eTest {
    private Path root;
    private Path install;
    private Path launcher;
    private Path jar;
    private Path archive;

    private record Result(int code, String out, String err) {
    }

    @BeforeEach
    void copyTheBuiltLauncher() throws IOException {
        Path builtJar = Path.of(System.getProperty("cumps.jar")).toAbsolutePath();
        root = Files.createTempDirectory("cumps-launcher-");
        install = Files.createDirectories(root.resolve("install"));
        launcher = install.resolve("cumps");
        jar = install.resolve("cumps.jar");
        archive = install.resolve("cumps.jsa");
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

    /** What the jar prints without the launcher: the reference output. */
    private Result plainJava() throws IOException, InterruptedException {
        Path script = root.resolve("plain.sh");
        Files.writeString(script, "#!/bin/sh\nexec \"$JAVA_HOME/bin/java\" -jar " + jar + " \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return statusJson(script, Map.of());
    }

    @Test
    void buildsTheArchiveOnFirstUseAndPrintsWhatTheJarPrints() throws Exception {
        assertFalse(Files.exists(archive));

        Result first = statusJson(launcher, Map.of());
        Result second = statusJson(launcher, Map.of());

        assertTrue(Files.isRegularFile(archive) && Files.size(archive) > 0, "archive built beside the jar");
        assertEquals(plainJava(), first);
        assertEquals(first, second);
        assertTrue(first.out().contains("\"schema_version\": 1"), first.out());
    }

    @Test
    void aCorruptArchiveIsIgnoredAndTheCommandStillRuns() throws Exception {
        Files.write(archive, "not a CDS archive\n".repeat(1000).getBytes(StandardCharsets.US_ASCII));
        Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));

        Result run = statusJson(launcher, Map.of());

        assertEquals(plainJava(), run);
        assertEquals(0, run.code());
        assertEquals("", run.err());
    }

    @Test
    void aStaleArchiveIsRebuilt() throws Exception {
        Files.write(archive, new byte[] {1, 2, 3});
        Files.setLastModifiedTime(archive, FileTime.from(Instant.now().minusSeconds(3600)));

        Result run = statusJson(launcher, Map.of());

        assertEquals(plainJava(), run);
        assertNotEquals(3, Files.size(archive), "the archive older than the jar was replaced");
    }

    @Test
    void cdsOffRunsWithoutAnArchive() throws Exception {
        Result run = statusJson(launcher, Map.of("CUMPS_CDS", "off"));

        assertEquals(plainJava(), run);
        assertFalse(Files.exists(archive));
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
    void aDirectoryThatIsNotOursUsesAPrivateCacheDirectory() throws Exception {
        Path cache = root.resolve("xdg");
        Files.setOwner(install, install.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("65534"));
        try {
            Map<String, String> env = new HashMap<>();
            env.put("XDG_CACHE_HOME", cache.toString());
            Result run = statusJson(launcher, env);

            assertEquals(plainJava(), run);
            assertFalse(Files.exists(archive), "nothing written into a directory that is not ours");
            Path dir = cache.resolve("cumps");
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
            try (Stream<Path> files = Files.list(dir)) {
                List<Path> archives = files.filter(p -> p.getFileName().toString().matches("cumps-\\d+\\.jsa")).toList();
                assertEquals(1, archives.size(), archives.toString());
                assertTrue(Files.size(archives.get(0)) > 0);
            }
        } finally {
            Files.setOwner(install, install.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name")));
        }
    }

    /** Runs {@code test} with the install folder owned by uid 65534 (an installed or shared copy: not ours). */
    private void withInstallNotOurs(ThrowingRunnable test) throws Exception {
        Files.setOwner(install, install.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("65534"));
        try {
            test.run();
        } finally {
            Files.setOwner(install, install.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name")));
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** Every class-data archive under {@code dir}, however deep. */
    private static List<Path> archivesUnder(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jsa")).toList();
        }
    }

    /** A relative XDG_CACHE_HOME named a folder under the working directory, which others may share. */
    @Test
    void aRelativeXdgCacheHomeIsIgnoredForTheHomeCache() throws Exception {
        withInstallNotOurs(() -> {
            Result run = statusJson(launcher, Map.of("XDG_CACHE_HOME", "relative-cache"));

            assertEquals(plainJava(), run);
            assertFalse(Files.exists(root.resolve("relative-cache")), "nothing under the working directory");
            assertEquals(1, archivesUnder(root.resolve("home/.cache/cumps")).size(), "the archive is in $HOME/.cache/cumps");
        });
    }

    /**
     * A cache folder inside a folder others can write could be swapped for a link
     * between the launcher's checks and the JVM's start, and the JVM would load their archive.
     */
    @Test
    void aCacheFolderOthersCanReachIsNeverUsed() throws Exception {
        Path shared = Files.createDirectories(root.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path foreign = Files.createDirectories(root.resolve("foreign"));
        Files.setOwner(foreign, foreign.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("65534"));
        withInstallNotOurs(() -> {
            for (Path xdg : List.of(shared.resolve("xdg"), foreign.resolve("xdg"))) {
                Result run = statusJson(launcher, Map.of("XDG_CACHE_HOME", xdg.toString()));

                assertEquals(plainJava(), run, "the command still runs, without an archive");
                assertEquals(List.of(), archivesUnder(xdg), "no archive written or read under " + xdg);
            }
        });
        assertFalse(Files.exists(archive));
    }
}
