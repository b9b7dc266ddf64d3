package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.record.RecordNames;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Whatever a user types as a name, a GPU selector, {@code CUDA_VISIBLE_DEVICES} or a directory, the
 * CLI either does the job or prints exactly one line, {@code error: ...}, with no control
 * character of the input echoed raw (no carriage return or escape sequence reaches the terminal)
 * and no stack trace; exit 1, or 2 for usage errors. (Each try runs the whole CLI in-process over a
 * fake host, so tries are hundreds here; the pure parsers behind it get thousands in their own tests.)
 */
class CliInputPropertyTest {
    private Sandbox sb;

    @BeforeProperty
    void setUp() {
        sb = new Sandbox();
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
    }

    @AfterProperty
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
    @Provide
    Arbitrary<String> names() {
        Arbitrary<String> nearValid = Arbitraries.strings().withChars("abcxyz0129-_.A Z/\\'\"$\r\n\t\u001b\u00e9").ofMinLength(1).ofMaxLength(70);
        return Arbitraries.oneOf(nearValid, Arbitraries.strings().all().ofMaxLength(80).filter(s -> !s.isEmpty()));
    }

    @Property(tries = 300)
    void anyNameIsAcceptedExactlyWhenValidAndOtherwiseRefusedInOneLine(@ForAll("names") String name) {
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
    }

    /** Selectors: indices, UUID spellings, lists, and junk. */
    @Provide
    Arbitrary<String> selectors() {
        Arbitrary<String> structured = Arbitraries.strings().withChars("0123456789,allGPU-abcdefMIG +\u0663\uff11\r\n\u001b").ofMinLength(1)
                .ofMaxLength(50);
        Arbitrary<String> uuidSpellings = Arbitraries.of(FakeGpu.exclusive(0).uuid(), FakeGpu.exclusive(1).uuid())
                .flatMap(u -> Arbitraries.of(u, u.toUpperCase(), u.substring(4), u.replace("-", ""), " " + u + " ", u + ",0"));
        return Arbitraries.oneOf(structured, uuidSpellings, Arbitraries.strings().all().ofMinLength(1).ofMaxLength(60));
    }

    @Property(tries = 300)
    void anyGpuSelectorStartsOneDaemonOrIsRefusedInOneLine(@ForAll("selectors") String selector) {
        Result r = cumps(sb, "start", "--name", "prop", "--gpus", selector);
        if (r.code() == 0) {
            assertEquals("", r.err());
            assertEquals(0, cumps(sb, "stop", "--name", "prop").code());
        } else {
            assertOneCleanErrorLine(r, selector);
        }
    }

    @Property(tries = 150)
    void anyCudaVisibleDevicesIsAppliedOrRefusedInOneLine(@ForAll("selectors") String mask) {
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
    }

    /**
     * Directories as typed, kept inside the sandbox (the JVM's working directory and / are not ours to
     * fill): dots, spaces, quotes, {@code $}, control characters, non-ASCII, up to far too long for a socket.
     */
    @Provide
    Arbitrary<String> directories() {
        Arbitrary<String> segment = Arbitraries.strings().withChars("ab .-_'\"$\\\r\n\t\u001b\u00e9").ofMinLength(1).ofMaxLength(12)
                .filter(s -> !s.equals(".."));
        return segment.list().ofMinSize(1).ofMaxSize(12).map(parts -> sb.dir + "/p/" + String.join("/", parts));
    }

    @Property(tries = 250)
    void anyPipeDirectoryStartsADaemonThereOrIsRefusedInOneLine(@ForAll("directories") String dir) {
        Result r = cumps(sb, "start", "--name", "prop", "--gpus", "0", "--pipe-dir", dir);
        if (r.code() == 0) {
            assertEquals(0, cumps(sb, "stop", "--name", "prop").code());
        } else {
            assertOneCleanErrorLine(r, dir);
        }
    }
}
