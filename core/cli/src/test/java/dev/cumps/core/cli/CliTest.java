package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cumps.core.cli.command.Globals;
import dev.cumps.core.cli.text.OneLine;
import dev.cumps.core.env.EnvFormat;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordCodec;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CLI in-process over a fake host: each command's output and exit status, usage errors, and the one
 * {@code error:} line with no control character or stack trace.
 * Size: over 300 lines because it is the cross-command catalogue (one short test per behaviour); per-command
 * suites live beside it ({@code LimitsCliTest}, {@code TopCommandTest}, ...).
 */
class CliTest {
    private Sandbox sb;
    private String out;
    private String err;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private int cumps(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), globals -> sb.services()).run(args);
        out = o.toString();
        err = e.toString();
        return code;
    }

    private void assertOneErrorLine() {
        List<String> lines = err.lines().toList();
        assertEquals(1, lines.size(), err);
        assertTrue(lines.get(0).startsWith("error: "), err);
        assertFalse(err.contains("at dev."), err);
        assertFalse(out.contains("at dev."), out);
    }

    private static void assertKeysSorted(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            List<String> sorted = new ArrayList<>(names);
            Collections.sort(sorted);
            assertEquals(sorted, names);
            for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                assertKeysSorted(it.next());
            }
        } else if (node.isArray()) {
            node.forEach(CliTest::assertKeysSorted);
        }
    }

    @Test
    void statusJsonIsSortedTwoSpaceIndentedJson() throws Exception {
        sb.start("listed");

        int code = cumps("status", "--json");

        assertEquals(0, code, err);
        JsonNode tree = new ObjectMapper().readTree(out);
        assertKeysSorted(tree);
        assertTrue(out.startsWith("{\n  \"all_gpus\": [\n"), out);
        assertTrue(out.lines().filter(l -> l.startsWith(" ")).allMatch(l -> (l.length() - l.stripLeading().length()) % 2 == 0), out);
        assertEquals("listed", tree.get("managed_daemons").get(0).get("name").asText());
        assertEquals("", err);
    }

    @Test
    void statusWithoutNvidiaSmiExitsZero() {
        sb.mps.smi(FakeMpsHost.Smi.NOT_FOUND);

        int code = cumps("status", "--json");

        assertEquals(0, code, err);
        assertEquals(false, Sandbox.parseObject(out).get("nvidia_smi_available"));
    }

    @Test
    void textStatusShowsLiveAndStaleDaemons() {
        DaemonRecord down = sb.start("down");
        sb.processes.kill(down.pid());
        sb.start("up"); // a stale record does not block its GPU

        assertEquals(0, cumps("status"));

        assertTrue(out.lines().anyMatch(l -> l.contains("up") && l.contains("LIVE")), out);
        assertTrue(out.lines().anyMatch(l -> l.contains("down") && l.contains("STALE")), out);
    }

    @Test
    void anErrorIsOneLineWithExitOneAndNoStackTrace() {
        int code = cumps("stop", "--name", "nobody");

        assertEquals(1, code);
        assertOneErrorLine();
        assertTrue(err.contains("only daemons recorded"), err);
    }

    @Test
    void anInvalidNameIsOneErrorLine() {
        int code = cumps("env", "--name", "Bad_Name");

        assertEquals(1, code);
        assertOneErrorLine();
    }

    /** A newline typed into a value shows as {@code \n}, not as a space that would hide it. */
    @Test
    void aTypedNewlineInAValueIsShownEscapedInTheOneErrorLine() {
        int code = cumps("env", "--name", "a\nb");

        assertEquals(1, code);
        assertOneErrorLine();
        assertTrue(err.contains("a\\nb"), err);
        assertFalse(err.contains("a b"), err);

        assertEquals(2, cumps("stop", "--bogus\nline"));
        assertTrue(err.contains("--bogus\\nline"), err);
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertEquals(2, cumps("status", "--frobnicate"));
        assertTrue(err.startsWith("error: "), err);
        assertFalse(err.contains("at dev."), err);
    }

    @Test
    void stopAllWithNameIsAUsageError() {
        DaemonRecord r = sb.start("x");

        assertEquals(2, cumps("stop", "--all", "--name", "x"));
        assertTrue(err.startsWith("error: "), err);
        assertTrue(sb.processes.contains(r.pid()), "nothing was stopped");
    }

    @Test
    void unsupportedShellIsAUsageErrorNamingTheFormats() {
        sb.start("sh");

        assertEquals(2, cumps("env", "--shell", "csh"));
        assertEquals("error: unsupported --shell 'csh'; use one of posix, fish, systemd, docker, dotenv (see `cumps --help`)\n", err);
        assertEquals("", out);
    }

    @ParameterizedTest
    @EnumSource(EnvFormat.class)
    void everyShellFormatPrintsTheCoresTextForTheDaemon(EnvFormat format) {
        sb.start("fmt");

        assertEquals(0, cumps("env", "--shell", format.id()), err);
        assertEquals(sb.services().env().launchEnvironment(Optional.of("fmt")).text(format), out);
        assertEquals("", err);
    }

    @Test
    void jsonIgnoresTheShellFormat() {
        sb.start("js");

        assertEquals(0, cumps("env", "--shell", "systemd", "--json"), err);
        assertEquals(sb.services().env().launchEnvironment(Optional.of("js")).jsonText(), out);
    }

    @Test
    void completionPrintsABashScript() {
        assertEquals(0, cumps("completion"));

        assertTrue(out.contains("complete "), out.substring(0, Math.min(out.length(), 300)));
        assertTrue(out.contains("doctor") && out.contains("stop"), "subcommands are completed");
    }

    @Test
    void versionPrintsTheProgramName() {
        assertEquals(0, cumps("--version"));

        assertTrue(out.startsWith("cumps "), out);
    }

    @Test
    void doctorExitsZeroWhenValidAndOneWhenInvalid() {
        assertEquals(1, cumps("doctor"));
        assertTrue(out.contains("INVALID"), out);

        sb.start("good");

        assertEquals(0, cumps("doctor"));
        assertTrue(out.contains("VALID"), out);
        assertEquals(0, cumps("doctor", "--json"));
        assertEquals(true, Sandbox.parseObject(out).get("valid"));
    }

    @Test
    void stopOfAStaleRecordExitsOneSayingStale() {
        DaemonRecord r = sb.start("old");
        sb.processes.kill(r.pid());

        assertEquals(1, cumps("stop", "--name", "old"));

        assertOneErrorLine();
        assertTrue(err.contains("stale"), err);
        assertFalse(Files.exists(sb.recordFile("old")));
    }

    /**
     * A record is shaped by others: terminal control sequences in its strings (set the title, clear
     * the screen, recolour, return to the start of the line, reverse the text direction) must reach
     * the operator's terminal as visible escapes, in the table and in the one error line.
     */
    @Test
    void controlCharactersFromARecordAreShownEscapedNeverSentToTheTerminal() {
        String hostile = "/tmp/\u001b]0;owned\u0007\u001b[2J\rfake";
        DaemonRecord r = new DaemonRecord("esc", sb.uid, Sandbox.HOSTNAME, "single_gpu", List.of("GPU-\u202ecod.exe\u009b"),
                Path.of(hostile), Path.of("/tmp/l"), 4_190_777L, 5, 1764410000.25);
        sb.writeRaw("esc", RecordCodec.encode(r));
        sb.processes.put(4_190_777L, "nvidia-cuda-mps", 5);

        assertEquals(0, cumps("status"));
        assertTrue(out.contains("/tmp/\\x1b]0;owned\\x07\\x1b[2J\\rfake"), out);
        assertTrue(out.contains("GPU-\\u202ecod.exe\\x9b"), out);
        assertNoControlCharacters(out);

        assertEquals(1, cumps("stop", "--name", "esc"));
        assertOneErrorLine();
        assertTrue(err.contains("\\x1b]0;owned"), err);
        assertNoControlCharacters(err);
    }

    private static void assertNoControlCharacters(String text) {
        text.codePoints().filter(cp -> cp != '\n' && (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT))
                .findFirst().ifPresent(cp -> Assertions.fail(String.format("U+%04X reached the terminal: %s", cp, text)));
    }

    @Test
    void stopPrintsTheStoppedRecords() {
        DaemonRecord r = sb.start("live");

        assertEquals(0, cumps("stop"));

        Map<String, Object> json = Sandbox.parseObject(out);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> stopped = (List<Map<String, Object>>) json.get("stopped");
        assertEquals(1, stopped.size());
        assertEquals("live", stopped.get(0).get("name"));
        assertEquals(r.pid(), ((Number) stopped.get(0).get("pid")).longValue());
    }

    @Test
    void stopAllReportsEachOutcomeAndFailsWhenOneFailed() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1)); // one live daemon per GPU
        sb.mps.launch(FakeMpsHost.Launch.IGNORES_QUIT);
        sb.start("a-stuck", 0);
        sb.mps.launch(FakeMpsHost.Launch.OK);
        sb.start("b-live", 1);

        int code = cumps("stop", "--all");

        assertEquals(1, code);
        Map<String, Object> json = Sandbox.parseObject(out);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> stopped = (List<Map<String, Object>>) json.get("stopped");
        assertEquals(List.of("b-live"), stopped.stream().map(m -> m.get("name")).toList());
        assertTrue(err.lines().allMatch(l -> l.startsWith("error: ")) && err.contains("a-stuck"), err);
    }

    @Test
    void startPrintsTheRecordAsJson() {
        assertEquals(0, cumps("start", "--name", "fresh"));

        Map<String, Object> json = Sandbox.parseObject(out);
        assertEquals("fresh", json.get("name"));
        assertEquals(sb.mps.launches().size(), 1);
    }

    @Test
    void startFailureIsOneErrorLineWithTheLogTail() {
        sb.mps.launch(FakeMpsHost.Launch.LOG_ERROR);

        assertEquals(1, cumps("start", "--name", "broken"));

        assertOneErrorLine();
        assertTrue(err.contains("failed to start the control daemon"), err);
    }

    @Test
    void envPrintsExportsAndJson() {
        DaemonRecord r = sb.start("e");

        assertEquals(0, cumps("env"));
        assertTrue(out.contains("export CUDA_MPS_PIPE_DIRECTORY='" + r.pipeDirectory() + "'"), out);

        assertEquals(0, cumps("env", "--json"));
        assertEquals("e", Sandbox.parseObject(out).get("name"));
    }

    @Test
    void globalRecordsOptionReachesTheServices() {
        AtomicReference<Globals> seen = new AtomicReference<>();
        StringWriter o = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(new StringWriter()), g -> {
            seen.set(g);
            return sb.services();
        }).run("--records", sb.records.toString(), "status", "--json");

        assertEquals(0, code);
        assertEquals(Optional.of(sb.records), seen.get().records());
    }

    @Test
    void daemonAndForegroundTogetherAreAUsageError() {
        assertEquals(2, cumps("start", "--daemon", "--foreground"));
        assertTrue(sb.mps.launches().isEmpty());
    }

    @Test
    void anUnexpectedFailureIsStillOneErrorLine() {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), g -> {
            throw new IllegalStateException("boom\nsecond line");
        }).run("status");
        out = o.toString();
        err = e.toString();

        assertEquals(1, code);
        assertOneErrorLine();
        assertTrue(err.contains("boom"), err);
    }
    /** An empty path would mean the working directory; U+FFFD is what the JVM made of bytes it could not decode. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--pipe-dir|''|empty", "--log-dir|''|empty", "--records|''|empty",
        "--pipe-dir|/tmp/p\uFFFDx|not valid text", "--log-dir|\uFFFD|not valid text", "--records|/r\uFFFD|not valid text"})
    void anEmptyOrUndecodablePathOptionIsAUsageErrorNamingIt(String option, String value, String reason) {
        String[] args = option.equals("--records") ? new String[] {option, value, "start", "--name", "p"}
                : new String[] {"start", "--name", "p", option, value};

        assertEquals(2, cumps(args), err);

        assertOneErrorLine();
        assertTrue(err.contains("'" + option + "'") && err.contains(reason), err);
        assertTrue(sb.mps.launches().isEmpty(), "no daemon was started");
        assertFalse(Files.exists(sb.recordFile("p")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"oom", "soe", "npe", "invalid-path"})
    void anyThrowableIsOneErrorLineThatNamesTheCause(String kind) {
        Throwable failure = switch (kind) {
            case "oom" -> new OutOfMemoryError("Java heap space");
            case "soe" -> new StackOverflowError();
            case "npe" -> new NullPointerException("x is null");
            default -> new InvalidPathException("/a\0b", "Nul character not allowed");
        };
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), g -> {
            if (failure instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) failure;
        }).run("status");
        out = o.toString();
        err = e.toString();

        assertEquals(1, code);
        assertOneErrorLine();
        assertTrue(err.startsWith("error: cumps status "), err);
        assertTrue(err.strip().endsWith("(" + failure.getClass().getSimpleName()
                + (failure.getMessage() == null ? "" : ": " + OneLine.of(failure.getMessage())) + ")"), err);
        assertTrue(err.codePoints().filter(c -> c != '\n').noneMatch(Character::isISOControl), "control characters are shown escaped: " + err);
        assertEquals("", out);
    }
}
