package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.testing.Props;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * {@code daemon.json}: every valid record survives encode → decode → encode byte for byte (what
 * uni-cumps and cumps exchange), and any other text, whether mutated from a valid record or arbitrary,
 * is refused with the codec's own error and never with anything else. The strict rules of a file
 * others can shape hold for every generated record: NUL in any string, a relative path, a
 * non-finite or overflowing number, uid/pid/start ticks out of range, a duplicate key and trailing
 * data are each refused with the reason.
 */
class RecordCodecPropertyTest {
    private static final ObjectMapper PLAIN = new ObjectMapper();

    static Gen<String> names() {
        return Props.chars("abcdefghijklmnopqrstuvwxyz0123456789").zip(Props.strings("abcdefghijklmnopqrstuvwxyz0123456789-", 0, 63), (f, r) -> f + r);
    }

    /**
     * Absolute paths of any ASCII byte but NUL (the one byte a Linux path cannot hold): spaces, quotes,
     * {@code $}, newlines, control characters. (Non-ASCII is left out because the core tests run
     * under {@code LC_ALL=C}, where the JVM cannot name such a path at all; the mutations below
     * check that such a record is refused cleanly.)
     */
    static Gen<Path> paths() {
        Gen<String> segment = Props.strings(Props.chars('\u0001', '\u007f', "/"), 1, 12).assuming(s -> !s.equals(".") && !s.equals(".."));
        return SourceDSL.lists().of(segment).ofSizeBetween(1, 5).map(parts -> Path.of("/" + String.join("/", parts)));
    }

    static Gen<String> uuids() {
        return Props.strings("0123456789abcdef", 32, 32)
                .map(h -> "GPU-" + h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-" + h.substring(16, 20)
                        + "-" + h.substring(20));
    }

    /** {@code time.time()} values: epoch seconds with up to microseconds, from 2001 to 2100. */
    static Gen<Double> createdAt() {
        return Generate.longRange(1_000_000_000_000_000L, 4_102_444_800_000_000L).map(micros -> micros / 1_000_000.0);
    }

    /**
     * Host names: any characters but NUL, as well-formed UTF-16 (a lone surrogate cannot be written
     * as UTF-8; the mutations below send one). Mostly the Basic Multilingual Plane, some beyond.
     */
    static Gen<String> hosts() {
        Gen<Integer> bmp = Generate.oneOf(Generate.range(0x0001, 0xd7ff), Generate.range(0xe000, 0xffff));
        Gen<Integer> codePoint = Generate.frequency(Pair.of(9, bmp), Pair.of(1, Generate.range(0x10000, Character.MAX_CODE_POINT)));
        return SourceDSL.lists().of(codePoint).ofSizeBetween(1, 40).map(cps -> {
            StringBuilder b = new StringBuilder();
            cps.forEach(b::appendCodePoint);
            return b.toString();
        });
    }

    static Gen<DaemonRecord> records() {
        Gen<String> name = names();
        Gen<String> host = hosts();
        Gen<String> mode = Generate.pick(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"));
        Gen<List<String>> gpus = SourceDSL.lists().of(uuids()).ofSizeBetween(0, 4);
        Gen<Path> path = paths();
        Gen<Integer> uid = Generate.range(0, Integer.MAX_VALUE);
        Gen<Long> pid = Generate.longRange(1, 4_194_304);
        Gen<Long> ticks = Generate.longRange(0, Long.MAX_VALUE);
        Gen<Double> created = createdAt();
        return in -> new DaemonRecord(name.generate(in), uid.generate(in), host.generate(in), mode.generate(in), gpus.generate(in), path.generate(in),
                path.generate(in), pid.generate(in), ticks.generate(in), created.generate(in));
    }

    @Test
    void validRecordsRoundTripByteForByte() {
        Props.qt(2000).forAll(records()).checkAssert(record -> {
            String text = RecordCodec.encode(record);
            DaemonRecord back = RecordCodec.decode(text);
            assertEquals(record, back);
            assertEquals(text, RecordCodec.encode(back));
        });
    }

    @Test
    void mutatedRecordsAreRefusedOnlyWithTheCodecsError() {
        Props.qt(3000).forAll(mutated()).checkAssert(RecordCodecPropertyTest::decodeOrCodecError);
    }

    @Test
    void arbitraryTextIsRefusedOnlyWithTheCodecsError() {
        Props.qt(2000).forAll(arbitrary()).checkAssert(RecordCodecPropertyTest::decodeOrCodecError);
    }

    /**
     * Refused with the codec's own error (which RecordStore turns into an UNREADABLE record with this reason), or
     * decoded into a record that is valid by every rule a record must meet (checked here, not by the codec) and
     * that reads back the same: a mutation the codec lets through must still be a record cumps may act on.
     */
    private static void decodeOrCodecError(String text) {
        DaemonRecord record;
        try {
            record = RecordCodec.decode(text);
        } catch (CumpsException e) {
            assertFalse(e.getMessage().isBlank());
            return;
        }
        assertValid(record, text);
        assertEquals(record, RecordCodec.decode(RecordCodec.encode(record)), text);
    }

    /**
     * The codec's rules of a record, stated independently of the codec. (Whether the name is a valid one, and the
     * record's own directory's, is the store's rule: a record naming another is unreadable there.)
     */
    private static void assertValid(DaemonRecord r, String text) {
        assertTrue(Integer.toUnsignedLong(r.uid()) <= RecordCodec.MAX_UID, "uid: " + text);
        assertTrue(r.pid() >= 1 && r.pid() <= RecordCodec.MAX_PID, "pid: " + text);
        assertTrue(r.processStartTicks() >= 0, "ticks: " + text);
        assertTrue(Double.isFinite(r.createdAt()), "created_at: " + text);
        for (Path p : List.of(r.pipeDirectory(), r.logDirectory())) {
            assertTrue(p.isAbsolute() && !p.toString().contains("\0"), "path " + p + ": " + text);
        }
        for (String s : r.gpuUuids()) {
            assertFalse(s.contains("\0"), "gpu: " + text);
        }
        assertFalse(r.host().contains("\0") || r.name().contains("\0"), text);
    }

    /** Which JSON type each field must have. */
    private static final Map<String, String> FIELD_TYPES = Map.of("created_at", "number", "gpu_uuids", "array", "host", "string",
            "log_directory", "string", "name", "string", "pid", "integer", "pipe_directory", "string", "process_start_ticks", "integer",
            "topology_mode", "string", "uid", "integer");

    /**
     * A field uni-cumps always writes that is missing, or holds a value of another JSON type, is always refused: these
     * mutations must never decode (the property above accepts a decode; this one does not).
     */
    @Test
    void aMissingOrRetypedFieldIsAlwaysRefused() {
        Gen<Object> wrongTyped = Generate.pick(List.<Object>of("text", true, List.of(), Map.of(), 7, 1.5));
        Props.qt(2000).forAll(records(), Generate.pick(List.copyOf(FIELD_TYPES.keySet())), wrongTyped, Generate.booleans())
                .checkAssert((record, field, value, remove) -> {
                    ObjectNode node = PLAIN.valueToTree(record.toJsonMap());
                    JsonNode v = PLAIN.valueToTree(value);
                    String type = FIELD_TYPES.get(field);
                    boolean sameType = switch (type) {
                        case "number" -> v.isNumber();
                        case "integer" -> v.isIntegralNumber();
                        case "array" -> v.isArray() && v.isEmpty();
                        default -> v.isTextual();
                    };
                    if (!remove && sameType) {
                        return; // not a retyping
                    }
                    if (remove) {
                        node.remove(field);
                    } else {
                        node.set(field, v);
                    }
                    String text = node.toString();
                    assertThrows(CumpsException.class, () -> RecordCodec.decode(text), (remove ? "missing " : "retyped ") + field + ": " + text);
                });
    }

    static Gen<String> arbitrary() {
        return Generate.oneOf(Props.anyStrings(0, 300), Props.strings("{}[]\":,0123456789.eE+-truefalsn \n\\u", 0, 300));
    }

    /** A valid record with one field removed, retyped, or set to an odd value; or its text cut or spliced. */
    static Gen<String> mutated() {
        List<String> fields = List.of("created_at", "gpu_uuids", "host", "log_directory", "name", "pid", "pipe_directory",
                "process_start_ticks", "topology_mode", "uid");
        Gen<Object> odd = Generate.pick(List.<Object>of("", "relative/dir", "/a\u0000b", "/caf\u00e9/\ud83d\ude00", "/lone\ud800",
                -1, Long.MIN_VALUE, "1e400", 1.5, true, List.of(), List.of(7),
                Map.of(), "NaN", 9_223_372_036_854_775_807L, "18446744073709551616", 4_294_967_296L));
        Gen<String> fieldMutation = records().zip(Generate.pick(fields), odd, Generate.booleans(), (record, field, value, remove) -> {
            ObjectNode node = PLAIN.valueToTree(record.toJsonMap());
            if (remove) {
                node.remove(field);
            } else {
                node.set(field, PLAIN.valueToTree(value));
            }
            return node.toString();
        });
        Gen<String> textMutation = records().map(RecordCodec::encode).zip(Generate.range(0, 10_000), Props.anyStrings(0, 8), Generate.range(0, 3),
                (text, at, junk, kind) -> {
                    int i = at % (text.length() + 1);
                    return switch (kind) {
                        case 0 -> text.substring(0, i);
                        case 1 -> text.substring(0, i) + junk + text.substring(i);
                        case 2 -> text + junk;
                        default -> text.substring(0, i) + text.substring(Math.min(text.length(), i + junk.length() + 1));
                    };
                });
        return Generate.oneOf(fieldMutation, textMutation);
    }

    // ---------------------------------------------------------------- the strict rules (records are files others can shape)

    /** One way to break a valid record that the strict reader must refuse. */
    enum Breakage { NUL_IN_STRING, NUL_IN_PATH, RELATIVE_PATH, NON_FINITE, HUGE_FLOAT, UID_RANGE, PID_RANGE, TICKS_RANGE, DUPLICATE_KEY,
        TRAILING_DATA }

    @Test
    void recordsBrokenByAnyStrictRuleAreRefusedWithTheReason() {
        Props.qt(3000).forAll(records(), Generate.enumValues(Breakage.class), Generate.longRange(1, Long.MAX_VALUE / 4))
                .checkAssert(RecordCodecPropertyTest::assertRefused);
    }

    private static void assertRefused(DaemonRecord record, Breakage breakage, long beyond) {
        ObjectNode node = PLAIN.valueToTree(record.toJsonMap());
        String text;
        switch (breakage) {
            case NUL_IN_STRING -> text = with(node, "host", PLAIN.getNodeFactory().textNode(record.host() + "\0"));
            case NUL_IN_PATH -> text = with(node, "pipe_directory", PLAIN.getNodeFactory().textNode(record.pipeDirectory() + "/\0x"));
            case RELATIVE_PATH -> text = with(node, "log_directory", PLAIN.getNodeFactory().textNode(record.logDirectory().toString().substring(1)));
            case NON_FINITE -> text = node.toString().replaceFirst("\"created_at\":[^,}]+", "\"created_at\":" + (beyond % 2 == 0 ? "NaN" : "Infinity"));
            case HUGE_FLOAT -> text = node.toString().replaceFirst("\"created_at\":[^,}]+", "\"created_at\":1e" + (309 + beyond % 1000));
            case UID_RANGE -> text = with(node, "uid", PLAIN.getNodeFactory().numberNode(beyond % 2 == 0 ? -beyond : RecordCodec.MAX_UID + beyond));
            case PID_RANGE -> text = with(node, "pid", PLAIN.getNodeFactory().numberNode(beyond % 2 == 0 ? 1 - beyond : RecordCodec.MAX_PID + beyond));
            case TICKS_RANGE -> text = node.toString().replaceFirst("\"process_start_ticks\":[^,}]+",
                    "\"process_start_ticks\":" + (beyond % 2 == 0 ? "-" + beyond : "9223372036854775808" + beyond % 10));
            case DUPLICATE_KEY -> text = node.toString().replaceFirst("^\\{", "{\"pid\":" + record.pid() + ",");
            default -> text = RecordCodec.encode(record) + (beyond % 2 == 0 ? "{}" : "x");
        }
        String input = text;
        CumpsException e = assertThrows(CumpsException.class, () -> RecordCodec.decode(input), breakage + " must be refused: " + input);
        assertFalse(e.getMessage().isBlank());
    }

    private static String with(ObjectNode node, String field, JsonNode value) {
        ObjectNode copy = node.deepCopy();
        copy.set(field, value);
        return copy.toString();
    }

    @Test
    void everyUidAndPidInRangeRoundTrips() {
        Props.qt(1000).forAll(Generate.longRange(0, RecordCodec.MAX_UID), Generate.longRange(1, RecordCodec.MAX_PID), records()).checkAssert((uid, pid, base) -> {
            DaemonRecord record = new DaemonRecord(base.name(), (int) (long) uid, base.host(), base.topologyMode(), base.gpuUuids(), base.pipeDirectory(),
                    base.logDirectory(), pid, base.processStartTicks(), base.createdAt());
            String text = RecordCodec.encode(record);
            assertEquals(text, RecordCodec.encode(RecordCodec.decode(text)));
            assertEquals(uid, PLAIN.valueToTree(record.toJsonMap()).get("uid").asLong(), "uid is written unsigned, as uid_t");
        });
    }
}
