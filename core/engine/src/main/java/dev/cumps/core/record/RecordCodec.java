package dev.cumps.core.record;

import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads and writes {@code daemon.json} in uni-cumps's exact format. Reading is strict, because a
 * record is a file others can shape and every command acts on what it says: the JSON itself must be
 * strict (see {@link Json#read(byte[])}), every field uni-cumps writes must be there with its type,
 * strings must hold no NUL, paths must be absolute, and numbers must be in range without any cast:
 * uid 0..2<sup>32</sup>-2 (uid_t, minus the reserved {@code (uid_t) -1}), pid 1..2<sup>22</sup>
 * (Linux's largest {@code pid_max}), start ticks 0..{@link Long#MAX_VALUE}, {@code created_at} a
 * finite number (uni-cumps writes {@code time.time()}, a float; an integer is accepted as before).
 * Unknown fields are ignored, as uni-cumps may add some. The limits' extra keys (see
 * {@link DaemonRecord}) are optional but, when present, as strict: an integer 1..100 and a size
 * such as {@code "8G"}. Every failure is a {@link CumpsException}
 * whose message ({@link RecordText}) is the reason the record is unreadable.
 */
public final class RecordCodec {
    /** The largest uid a record may hold: {@code (uid_t) -1} is reserved. */
    public static final long MAX_UID = (1L << 32) - 2;
    /** Linux's {@code PID_MAX_LIMIT} on 64-bit. */
    public static final long MAX_PID = 1L << 22;

    private RecordCodec() {
    }

    public static String encode(DaemonRecord record) {
        return Json.write(record.toJsonMap()) + "\n";
    }

    public static DaemonRecord decode(String text) {
        return decode(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Decodes a record from the bytes of {@code daemon.json} (UTF-8). */
    public static DaemonRecord decode(byte[] utf8) {
        Object root = Json.read(utf8);
        if (!(root instanceof Map<?, ?> node)) {
            throw fail(RecordText.NOT_AN_OBJECT);
        }
        List<String> uuids = new ArrayList<>();
        Object list = required(node, "gpu_uuids");
        if (!(list instanceof List<?> elements)) {
            throw fail(RecordText.FIELD_NOT_A_LIST, "gpu_uuids");
        }
        for (Object u : elements) {
            if (!(u instanceof String s)) {
                throw fail(RecordText.FIELD_HOLDS_NON_STRING, "gpu_uuids");
            }
            uuids.add(noNul("gpu_uuids", s));
        }
        return new DaemonRecord(
                text(node, "name"),
                (int) integer(node, "uid", 0, MAX_UID), // uid_t bits, as the JDK's unix:uid reports them
                text(node, "host"),
                text(node, "topology_mode"),
                uuids,
                absolute(node, "pipe_directory"),
                absolute(node, "log_directory"),
                integer(node, "pid", 1, MAX_PID),
                integer(node, "process_start_ticks", 0, Long.MAX_VALUE),
                number(node, "created_at"),
                limits(node));
    }

    private static MpsLimits limits(Map<?, ?> node) {
        OptionalInt percentage = node.containsKey(DaemonRecord.ACTIVE_THREAD_PERCENTAGE_KEY)
                ? OptionalInt.of((int) integer(node, DaemonRecord.ACTIVE_THREAD_PERCENTAGE_KEY, 1, 100)) : OptionalInt.empty();
        OptionalLong size = OptionalLong.empty();
        if (node.containsKey(DaemonRecord.PINNED_MEM_LIMIT_KEY)) {
            String text = text(node, DaemonRecord.PINNED_MEM_LIMIT_KEY);
            try {
                size = OptionalLong.of(MpsLimits.parseSizeMiB(text));
            } catch (CumpsException e) {
                throw fail(RecordText.FIELD_NOT_A_SIZE, DaemonRecord.PINNED_MEM_LIMIT_KEY, text);
            }
        }
        return new MpsLimits(percentage, size);
    }

    private static CumpsException fail(RecordText text, Object... args) {
        return new CumpsException(Message.of(text, args));
    }

    private static Object required(Map<?, ?> node, String field) {
        Object value = node.get(field);
        if (value == null) {
            throw fail(RecordText.FIELD_MISSING, field);
        }
        return value;
    }

    private static String text(Map<?, ?> node, String field) {
        if (!(required(node, field) instanceof String s)) {
            throw fail(RecordText.FIELD_NOT_A_STRING, field);
        }
        return noNul(field, s);
    }

    private static String noNul(String field, String value) {
        if (value.indexOf('\0') >= 0) {
            throw fail(RecordText.FIELD_HAS_NUL, field);
        }
        return value;
    }

    private static long integer(Map<?, ?> node, String field, long min, long max) {
        Object v = required(node, field);
        if (v instanceof BigInteger big) {
            throw fail(RecordText.FIELD_OUT_OF_BOUNDS, field, big, min, max);
        }
        if (!(v instanceof Long n)) {
            throw fail(RecordText.FIELD_NOT_AN_INTEGER, field);
        }
        if (n < min || n > max) {
            throw fail(RecordText.FIELD_OUT_OF_BOUNDS, field, n, min, max);
        }
        return n;
    }

    private static double number(Map<?, ?> node, String field) {
        Object v = required(node, field);
        if (v instanceof Double d) {
            return d; // finite: Json.read refuses the rest
        }
        if (v instanceof Long n) {
            return n;
        }
        if (v instanceof BigInteger big && Double.isFinite(big.doubleValue())) {
            return big.doubleValue();
        }
        if (v instanceof BigInteger) {
            throw fail(RecordText.FIELD_OUT_OF_RANGE, field, (BigInteger) v);
        }
        throw fail(RecordText.FIELD_NOT_A_NUMBER, field);
    }

    private static Path absolute(Map<?, ?> node, String field) {
        String value = text(node, field);
        Path p;
        try {
            p = Path.of(value);
        } catch (InvalidPathException e) {
            throw fail(RecordText.FIELD_INVALID_PATH, field, String.valueOf(e.getReason()));
        }
        if (!p.isAbsolute()) {
            throw fail(RecordText.FIELD_NOT_ABSOLUTE, field, value);
        }
        return p;
    }
}
