package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cumps.core.CumpsException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

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

    @Provide
    Arbitrary<String> names() {
        Arbitrary<Character> first = Arbitraries.chars().with("abcdefghijklmnopqrstuvwxyz0123456789".toCharArray());
        Arbitrary<String> rest = Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyz0123456789-").ofMaxLength(63);
        return Combinators.combine(first, rest).as((f, r) -> f + r);
    }

    /**
     * Absolute paths of any ASCII byte but NUL (the one byte a Linux path cannot hold): spaces, quotes,
     * {@code $}, newlines, control characters. (Non-ASCII is left out because the core tests run
     * under {@code LC_ALL=C}, where the JVM cannot name such a path at all; the mutations below
     * check that such a record is refused cleanly.)
     */
    @Provide
    Arbitrary<Path> paths() {
        Arbitrary<String> segment = Arbitraries.strings().withCharRange('\u0001', '\u007f').excludeChars('/').ofMinLength(1).ofMaxLength(12)
                .filter(s -> !s.equals(".") && !s.equals(".."));
        return segment.list().ofMinSize(1).ofMaxSize(5).map(parts -> Path.of("/" + String.join("/", parts)));
    }

    @Provide
    Arbitrary<String> uuids() {
        return Arbitraries.strings().withChars("0123456789abcdef").ofLength(32)
                .map(h -> "GPU-" + h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-" + h.substring(16, 20)
                        + "-" + h.substring(20));
    }

    /** {@code time.time()} values: epoch seconds with up to microseconds, from 2001 to 2100. */
    @Provide
    Arbitrary<Double> createdAt() {
        return Arbitraries.longs().between(1_000_000_000_000_000L, 4_102_444_800_000_000L).map(micros -> micros / 1_000_000.0);
    }

    @Provide
    Arbitrary<DaemonRecord> records() {
        Arbitrary<String> hosts = Arbitraries.strings().all().excludeChars('\0').ofMinLength(1).ofMaxLength(40)
                .filter(s -> s.codePoints().noneMatch(c -> Character.getType(c) == Character.SURROGATE));
        Arbitrary<Object[]> identity = Combinators.combine(Arbitraries.integers().between(0, Integer.MAX_VALUE),
                Arbitraries.longs().between(1, 4_194_304), Arbitraries.longs().between(0, Long.MAX_VALUE)).as((u, p, t) -> new Object[] {u, p, t});
        return Combinators.combine(names(), hosts, Arbitraries.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"),
                uuids().list().ofMaxSize(4), paths(), paths(), identity, createdAt())
                .as((name, host, mode, gpus, pipe, log, id, created) -> new DaemonRecord(name, (Integer) id[0], host, mode, gpus, pipe, log,
                        (Long) id[1], (Long) id[2], created));
    }

    @Property(tries = 2000)
    void validRecordsRoundTripByteForByte(@ForAll("records") DaemonRecord record) {
        String text = RecordCodec.encode(record);
        DaemonRecord back = RecordCodec.decode(text);
        assertEquals(record, back);
        assertEquals(text, RecordCodec.encode(back));
    }

    @Property(tries = 3000)
    void mutatedRecordsAreRefusedOnlyWithTheCodecsError(@ForAll("mutated") String text) {
        decodeOrCodecError(text);
    }

    @Property(tries = 2000)
    void arbitraryTextIsRefusedOnlyWithTheCodecsError(@ForAll("arbitrary") String text) {
        decodeOrCodecError(text);
    }

    private static void decodeOrCodecError(String text) {
        try {
            RecordCodec.decode(text);
        } catch (CumpsException e) {
            // the codec's own error, which RecordStore turns into an UNREADABLE record with this reason
        }
    }

    @Provide
    Arbitrary<String> arbitrary() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(300),
                Arbitraries.strings().withChars("{}[]\":,0123456789.eE+-truefalsn \n\\u").ofMaxLength(300));
    }

    /** A valid record with one field removed, retyped, or set to an odd value; or its text cut or spliced. */
    @Provide
    Arbitrary<String> mutated() {
        List<String> fields = List.of("created_at", "gpu_uuids", "host", "log_directory", "name", "pid", "pipe_directory",
                "process_start_ticks", "topology_mode", "uid");
        Arbitrary<Object> odd = Arbitraries.of("", "relative/dir", "/a\u0000b", "/caf\u00e9/\ud83d\ude00", "/lone\ud800",
                -1, Long.MIN_VALUE, "1e400", 1.5, true, List.of(), List.of(7),
                Map.of(), "NaN", 9_223_372_036_854_775_807L, "18446744073709551616", 4_294_967_296L);
        Arbitrary<String> fieldMutation = Combinators.combine(records(), Arbitraries.of(fields), odd, Arbitraries.of(true, false))
                .as((record, field, value, remove) -> {
                    ObjectNode node = PLAIN.valueToTree(record.toJsonMap());
                    if (remove) {
                        node.remove(field);
                    } else {
                        node.set(field, PLAIN.valueToTree(value));
                    }
                    return node.toString();
                });
        Arbitrary<String> textMutation = Combinators.combine(records().map(RecordCodec::encode), Arbitraries.integers().between(0, 10_000),
                Arbitraries.strings().all().ofMaxLength(8), Arbitraries.integers().between(0, 3)).as((text, at, junk, kind) -> {
                    int i = at % (text.length() + 1);
                    return switch (kind) {
                        case 0 -> text.substring(0, i);
                        case 1 -> text.substring(0, i) + junk + text.substring(i);
                        case 2 -> text + junk;
                        default -> text.substring(0, i) + text.substring(Math.min(text.length(), i + junk.length() + 1));
                    };
                });
        return Arbitraries.oneOf(fieldMutation, textMutation);
    }

    // ---------------------------------------------------------------- the strict rules (records are files others can shape)

    /** One way to break a valid record that the strict reader must refuse. */
    enum Breakage { NUL_IN_STRING, NUL_IN_PATH, RELATIVE_PATH, NON_FINITE, HUGE_FLOAT, UID_RANGE, PID_RANGE, TICKS_RANGE, DUPLICATE_KEY,
        TRAILING_DATA }

    @Property(tries = 3000)
    void recordsBrokenByAnyStrictRuleAreRefusedWithTheReason(@ForAll("records") DaemonRecord record, @ForAll Breakage breakage,
            @ForAll @net.jqwik.api.constraints.LongRange(min = 1, max = Long.MAX_VALUE / 4) long beyond) {
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
        CumpsException e = org.junit.jupiter.api.Assertions.assertThrows(CumpsException.class, () -> RecordCodec.decode(input),
                breakage + " must be refused: " + input);
        org.junit.jupiter.api.Assertions.assertFalse(e.getMessage().isBlank());
    }

    private static String with(ObjectNode node, String field, com.fasterxml.jackson.databind.JsonNode value) {
        ObjectNode copy = node.deepCopy();
        copy.set(field, value);
        return copy.toString();
    }

    @Property(tries = 1000)
    void everyUidAndPidInRangeRoundTrips(@ForAll @net.jqwik.api.constraints.LongRange(min = 0, max = RecordCodec.MAX_UID) long uid,
            @ForAll @net.jqwik.api.constraints.LongRange(min = 1, max = RecordCodec.MAX_PID) long pid, @ForAll("records") DaemonRecord base) {
        DaemonRecord record = new DaemonRecord(base.name(), (int) uid, base.host(), base.topologyMode(), base.gpuUuids(), base.pipeDirectory(),
                base.logDirectory(), pid, base.processStartTicks(), base.createdAt());
        String text = RecordCodec.encode(record);
        assertEquals(text, RecordCodec.encode(RecordCodec.decode(text)));
        assertEquals(uid, PLAIN.valueToTree(record.toJsonMap()).get("uid").asLong(), "uid is written unsigned, as uid_t");
    }
}
