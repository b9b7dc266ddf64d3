package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.record.RecordNames;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Props;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
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

    @Test
    void anyGpuSelectorStartsOneDaemonOrIsRefusedInOneLine() {
        Props.qt(300).forAll(selectors()).checkAssert(selector -> {
            Result r = cumps(sb, "start", "--name", "prop", "--gpus", selector);
            if (r.code() == 0) {
                assertEquals("", r.err());
                assertEquals(0, cumps(sb, "stop", "--name", "prop").code());
            } else {
                assertOneCleanErrorLine(r, selector);
            }
        });
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

    @Test
    void anyPipeDirectoryStartsADaemonThereOrIsRefusedInOneLine() {
        Props.qt(250).forAll(directories()).checkAssert(dir -> {
            Result r = cumps(sb, "start", "--name", "prop", "--gpus", "0", "--pipe-dir", dir);
            if (r.code() == 0) {
                assertEquals(0, cumps(sb, "stop", "--name", "prop").code());
            } else {
                assertOneCleanErrorLine(r, dir);
            }
        });
    }
}
