package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.record.RecordNames;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Props;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Whatever a user types as a name, a GPU selector, {@code CUDA_VISIBLE_DEVICES} or a directory, the
 * CLI either does the job or prints exactly one line, {@code error: ...}, with no control
 * character of the input echoed raw (no carriage return or escape sequence reaches the terminal)
 * and no stack trace; exit 1, or 2 for usage errors. (Each try runs the whole CLI in-process over a
 * fake host, so tries are hundreds here; the pure parsers behind it get thousands in their own tests.)
 */
class CliInputPropertyTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    record Result(int code, String out, String err) {
    }

    private Result cumps(Sandbox sandbox, String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sandbox.host(), new PrintWriter(o), new PrintWriter(e), globals -> sandbox.services()).run(args);
        return new Result(code, o.toString(), e.toString());
    }

    /** Exit 1 or 2 and one clean line {@code error: ...} on stderr. */
    private static void assertOneCleanErrorLine(Result r, String input) {
        assertTrue(r.code() == 1 || r.code() == 2, "exit 1 or 2 for " + printable(input) + ": " + r);
        assertTrue(r.err().startsWith("error: ") && r.err().endsWith("\n"), "one error line for " + printable(input) + ": " + printable(r.err()));
        String line = r.err().substring(0, r.err().length() - 1);
        assertTrue(line.codePoints().noneMatch(Character::isISOControl), "no control character in " + printable(line));
        assertFalse(line.contains("Exception") || line.contains("\tat "), line);
    }

    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().forEach(c -> b.append(Character.isISOControl(c) ? String.format("\\u%04x", c) : new String(Character.toChars(c))));
        return b.toString();
    }

    /** Names as users mistype them: near-valid, with control characters, or anything at all. */
    static Gen<String> names() {
        Gen<String> nearValid = Props.strings("abcxyz0129-_.A Z/\\'\"$\r\n\t\u001b\u00e9", 1, 70);
        return Generate.oneOf(nearValid, Props.anyStrings(1, 80));
    }

    @Test
    void anyNameIsAcceptedExactlyWhenValidAndOtherwiseRefusedInOneLine() {
        Props.qt(300).forAll(names()).checkAssert(name -> {
            boolean valid = RecordNames.VALID.matcher(name).matches();
            for (String command : List.of("env", "stop")) {
                Result r = cumps(sb, command, "--name", name);
                assertOneCleanErrorLine(r, name); // nothing is recorded here: a valid name is "no record", an invalid one is refused
                if (valid) {
                    assertTrue(r.err().contains("'" + name + "'") && !r.err().contains("invalid daemon name"), r.err());
                } else if (!name.startsWith("-")) {
                    assertTrue(r.err().contains("invalid daemon name") || r.code() == 2, r.err());
                }
            }
        });
    }

    /** Selectors: indices, UUID spellings, lists, and junk. */
    static Gen<String> selectors() {
        Gen<String> structured = Props.strings("0123456789,allGPU-abcdefMIG +\u0663\uff11\r\n\u001b", 1, 50);
        Gen<String> uuid = Generate.pick(List.of(FakeGpu.exclusive(0).uuid(), FakeGpu.exclusive(1).uuid()));
        Gen<Integer> spelling = Generate.range(0, 5);
        Gen<String> uuidSpellings = uuid.zip(spelling, (u, kind) -> List.of(u, u.toUpperCase(), u.substring(4), u.replace("-", ""), " " + u + " ",
                u + ",0").get(kind));
        return Generate.oneOf(structured, uuidSpellings, Props.anyStrings(1, 60));
    }

    /** The fake host's GPU {@code index} an entry of a selector names, by ASCII index or any spelling of its UUID; -1 for none. */
    private static int named(String entry) {
        String e = entry.strip();
        if (e.matches("[0-9]{1,9}")) {
            int index = Integer.parseInt(e);
            return index <= 1 ? index : -1;
        }
        String canonical = e.toUpperCase(Locale.ROOT).replaceFirst("^GPU-", "").replace("-", "");
        for (int i = 0; i <= 1; i++) {
            if (FakeGpu.exclusive(i).uuid().toUpperCase(Locale.ROOT).substring(4).replace("-", "").equals(canonical)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A start succeeds only for a selector naming exactly one GPU (multi-GPU and {@code all} fail closed), and the
     * daemon runs on that GPU; everything else is one clean error line.
     */
    @Test
    void anyGpuSelectorStartsOneDaemonOrIsRefusedInOneLine() {
        Props.qt(300).forAll(selectors()).checkAssert(selector -> {
            Result r = cumps(sb, "start", "--name", "prop", "--gpus", selector);
            if (r.code() == 0) {
                assertEquals("", r.err());
                List<Integer> gpus = Arrays.stream(selector.split(",", -1)).map(CliInputPropertyTest::named).distinct().toList();
                assertTrue(!selector.strip().equalsIgnoreCase("all") && gpus.size() == 1 && gpus.get(0) >= 0,
                        "a selector naming no single GPU started a daemon: " + printable(selector) + " " + r.out());
                assertTrue(r.out().contains("\"" + FakeGpu.exclusive(gpus.get(0)).uuid() + "\"")
                        && !r.out().contains("\"" + FakeGpu.exclusive(1 - gpus.get(0)).uuid() + "\""),
                        "the daemon runs on the GPU named, and only there: " + printable(selector) + " " + r.out());
                assertEquals(0, cumps(sb, "stop", "--name", "prop").code());
            } else {
                assertOneCleanErrorLine(r, selector);
            }
        });
    }

    /** The selectors that name two GPUs, or all: each is refused, whatever else it says (multi-GPU fails closed). */
    @Test
    void selectorsNamingSeveralGpusAreRefused() {
        for (String selector : List.of("0,1", "1,0", "all", "ALL", "0,1,0", FakeGpu.exclusive(0).uuid() + ",1")) {
            Result r = cumps(sb, "start", "--name", "prop", "--gpus", selector);
            assertOneCleanErrorLine(r, selector);
            assertEquals(0, cumps(sb, "status", "--json").code());
        }
    }

    @Test
    void anyCudaVisibleDevicesIsAppliedOrRefusedInOneLine() {
        Props.qt(150).forAll(selectors()).checkAssert(mask -> {
            Sandbox masked = new Sandbox();
            try {
                masked.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
                masked.env("CUDA_VISIBLE_DEVICES", mask);
                Result r = cumps(masked, "start", "--name", "prop", "--gpus", "0");
                if (r.code() != 0) {
                    assertOneCleanErrorLine(r, mask);
                }
                Result status = cumps(masked, "status", "--json");
                assertEquals(0, status.code(), "status works whatever the mask: " + status);
            } finally {
                masked.close();
            }
        });
    }

    /**
     * Directories as typed, kept inside the sandbox (the JVM's working directory and / are not ours to
     * fill): dots, spaces, quotes, {@code $}, control characters, non-ASCII, up to far too long for a socket.
     */
    Gen<String> directories() {
        Gen<String> segment = Props.strings("ab .-_'\"$\\\r\n\t\u001b\u00e9", 1, 12).assuming(s -> !s.equals(".."));
        return SourceDSL.lists().of(segment).ofSizeBetween(1, 12).map(parts -> sb.dir + "/p/" + String.join("/", parts));
    }

    /**
     * What already stands where the typed directory goes: nothing, a folder of ours ({@code 0700}, {@code 0755},
     * {@code 0777}) or of another user, under a parent that is ours ({@code 0700}, {@code 0755}), open to all
     * ({@code 0777}) or sticky ({@code 1777}).
     */
    record Setup(int existing, int parentMode) {
        static final int[] EXISTING = {-1, 0700, 0755, 0777, -2};
        static final int[] PARENT = {0700, 0755, 0777, 01777};
    }

    static Gen<Setup> setups() {
        return Generate.range(0, Setup.EXISTING.length - 1).zip(Generate.range(0, Setup.PARENT.length - 1),
                (e, p) -> new Setup(Setup.EXISTING[e], Setup.PARENT[p]));
    }

    private static int mode(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
    }

    private static int owner(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * A daemon starts in a typed directory only when that directory ends up ours, {@code 0700}, not a link, and no
     * folder above it is another user's or writable by others (unless sticky); else one clean error line. A folder
     * others can write, another user's folder, or one under a parent others can write is always refused.
     */
    @Test
    void anyPipeDirectoryStartsADaemonThereOrIsRefusedInOneLine() {
        Props.qt(250).forAll(directories(), setups()).checkAssert((dir, setup) -> {
            Path path;
            try {
                path = Path.of(dir);
            } catch (InvalidPathException e) {
                path = null; // not a path in this JVM's file name encoding (LC_ALL=C): the CLI must refuse it in one line
            }
            boolean prepared = path != null && prepare(path, setup);
            Result r = cumps(sb, "start", "--name", "prop", "--gpus", "0", "--pipe-dir", dir);
            if (r.code() == 0 && path == null) {
                throw new AssertionError("started in a directory this JVM cannot name: " + printable(dir));
            }
            if (r.code() == 0) {
                try {
                    assertEquals(sb.uid, owner(path), "ours: " + printable(dir));
                    assertEquals(040700, mode(path), "a private real directory: " + printable(dir));
                    for (Path p = path.getParent(); p != null; p = p.getParent()) {
                        int m = mode(p);
                        assertTrue(owner(p) == sb.uid || owner(p) == 0, "no folder above is another user's: " + p);
                        assertTrue((m & 0022) == 0 || (m & 01000) != 0, "no folder above others can change: " + p + " " + Integer.toOctalString(m));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                assertEquals(0, cumps(sb, "stop", "--name", "prop").code());
            } else {
                assertOneCleanErrorLine(r, dir);
            }
            boolean mustRefuse = prepared && (setup.existing() == 0777 || setup.existing() == 0755 || setup.existing() == -2
                    || setup.parentMode() == 0777);
            assertTrue(!mustRefuse || r.code() != 0, "started in " + printable(dir) + " with " + setup);
            reset();
        });
    }

    /** Makes what {@code setup} says stand at {@code dir}; false when the file system would not have it (a name too long). */
    private boolean prepare(Path dir, Setup setup) {
        try {
            Files.createDirectories(dir.getParent());
            Files.setAttribute(dir.getParent(), "unix:mode", setup.parentMode());
            if (setup.existing() != -1) {
                Files.createDirectory(dir);
                Files.setAttribute(dir, "unix:mode", setup.existing() == -2 ? 0700 : setup.existing());
                if (setup.existing() == -2) {
                    Files.setAttribute(dir, "unix:uid", 65534);
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Removes what a try left under the sandbox's {@code p} folder, so the next starts from nothing. */
    private void reset() {
        Path top = sb.dir.resolve("p");
        try (Stream<Path> all = Files.exists(top) ? Files.walk(top)
                : Stream.empty()) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
