package dev.cumps.core.selftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The self-test's Python search path: which {@code PYTHONPATH} entries and user site are kept, and, with
 * the real {@code python3}, that a module planted in the working directory (an empty {@code PYTHONPATH}
 * entry, as {@code export PYTHONPATH=$PYTHONPATH:/opt/x} makes) is never imported, {@code sitecustomize}
 * included, while a module in a kept entry is.
 */
class PythonPathTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void close() {
        sb.close();
    }

    private Path folder(String name, String mode) throws IOException {
        Path p = Files.createDirectories(sb.dir.resolve(name));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
        return p;
    }

    @Test
    void emptyRelativeOpenAndForeignEntriesAreLeftOutWithTheReasonAndTheRestKeptInOrder() throws IOException {
        Path good = folder("good", "rwxr-xr-x");
        Path other = folder("other", "rwx------");
        Path open = folder("open", "rwxrwxrwx");
        Path theirs = folder("theirs", "rwxr-xr-x");
        Files.setAttribute(theirs, "unix:uid", 65534);
        sb.env("PYTHONPATH", ":" + good + ":lib:" + open + ":" + theirs + ":" + sb.dir.resolve("absent") + ":" + other + ":" + good + ":.");

        PythonPath path = PythonPath.of(sb.host(), Optional.empty());

        assertEquals(List.of(good.toString(), other.toString()), path.entries());
        assertEquals(List.of("path", good.toString(), "path", other.toString()), path.arguments());
        assertEquals(List.of("", "lib", open.toString(), theirs.toString(), sb.dir.resolve("absent").toString(), "."),
                new ArrayList<>(orderedKeys(path.leftOut(), ":" + good + ":lib:" + open + ":" + theirs + ":" + sb.dir.resolve("absent") + ":.")));
        assertEquals("empty or relative: it would mean the working directory", path.leftOut().get("").english());
        assertEquals(open + " can be written by group or others (mode 0777)", path.leftOut().get(open.toString()).english());
        assertTrue(path.leftOut().get(theirs.toString()).english().contains("belongs to uid 65534"));
        assertTrue(path.describe().contains("left out '': empty or relative"), path.describe());
    }

    private static List<String> orderedKeys(Map<String, ?> map, String pythonPath) {
        List<String> keys = new ArrayList<>();
        for (String e : pythonPath.split(":", -1)) {
            if (map.containsKey(e) && !keys.contains(e)) {
                keys.add(e);
            }
        }
        assertEquals(map.size(), keys.size(), map.toString());
        return keys;
    }

    @Test
    void theUserSiteIsKeptOnlyWhenItExistsAndPasses() throws IOException {
        Path site = folder("site", "rwx------");
        assertEquals(Optional.of(site.toString()), PythonPath.of(sb.host(), Optional.of(site + "\n")).userSite());
        assertEquals(List.of("site", site.toString()), PythonPath.of(sb.host(), Optional.of(site + "\n")).arguments());
        assertEquals(Optional.empty(), PythonPath.of(sb.host(), Optional.of(sb.dir.resolve("none").toString())).userSite());
        assertTrue(PythonPath.of(sb.host(), Optional.of(sb.dir.resolve("none").toString())).leftOut().isEmpty());
        Files.setPosixFilePermissions(site, PosixFilePermissions.fromString("rwxrwxrwx"));
        PythonPath open = PythonPath.of(sb.host(), Optional.of(site.toString()));
        assertEquals(Optional.empty(), open.userSite());
        assertEquals(site + " can be written by group or others (mode 0777)", open.leftOut().get(site.toString()).english());
    }

    /** Runs the real python3 as the self-test does, in {@code cwd}; returns stdout + stderr. */
    private static String python(PythonPath path, String program, Path cwd, String pythonPathVariable) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(path.argv(program)).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "PYTHONPATH", pythonPathVariable));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        return out;
    }

    @Test
    void withTheRealPythonNothingPlantedInTheWorkingDirectoryRunsAndAKeptEntryIsImported() throws Exception {
        Path shared = folder("shared", "rwxrwxrwx");
        Path marker = sb.dir.resolve("planted-ran");
        for (String module : List.of("sitecustomize", "usercustomize", "torch", "mine")) {
            Files.writeString(shared.resolve(module + ".py"), "open('" + marker + "', 'a').write('" + module + "\\n')\n");
        }
        Path lib = folder("lib", "rwxr-xr-x");
        Files.writeString(lib.resolve("mine.py"), "WHERE = 'lib'\n");
        String variable = ":" + lib; // what `export PYTHONPATH=$PYTHONPATH:/opt/x` makes from an unset PYTHONPATH
        sb.env("PYTHONPATH", variable);
        PythonPath path = PythonPath.of(sb.host(), Optional.empty());

        String out = python(path, PythonPath.PRELUDE + "\nimport mine, sys\nprint(mine.WHERE)\ntry:\n    import torch\n"
                + "except ImportError:\n    print('no torch')\nprint(sys.path)", shared, variable);

        assertFalse(Files.exists(marker), "a planted module ran: " + (Files.exists(marker) ? Files.readString(marker) : "") + "\n" + out);
        assertTrue(out.startsWith("lib\nno torch\n"), out);
        assertFalse(out.contains("'" + shared + "'"), "the working directory is not on sys.path: " + out);
        assertTrue(out.contains("['" + lib + "', "), "the kept entry comes first, where PYTHONPATH puts it: " + out);
    }
}
