package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.MpsLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecordCodecTest {
    /** What uni-cumps writes (json.dumps(indent=2, sort_keys=True) of time.time() and ints). */
    static final String UNI_CUMPS = """
            {
              "created_at": 1732871234.0,
              "gpu_uuids": [
                "GPU-5f0c1a2e-0000-4000-8000-000000000000"
              ],
              "host": "node1",
              "log_directory": "/tmp/uni-cumps-1000/train/log",
              "name": "train",
              "pid": 4242,
              "pipe_directory": "/tmp/uni-cumps-1000/train/pipe",
              "process_start_ticks": 987654,
              "topology_mode": "single_gpu",
              "uid": 1000
            }
            """;

    private static String with(String field, String json) {
        return UNI_CUMPS.replaceFirst("\"" + field + "\": [^\\n]*?(,?)\\n", "\"" + field + "\": " + json.replace("\\", "\\\\") + "$1\n");
    }

    private static String reason(String text) {
        return assertThrows(CumpsException.class, () -> RecordCodec.decode(text)).getMessage();
    }

    @Test
    void aUniCumpsRecordDecodesAndEncodesBackByteForByte() {
        DaemonRecord r = RecordCodec.decode(UNI_CUMPS);
        assertEquals(new DaemonRecord("train", 1000, "node1", "single_gpu", List.of("GPU-5f0c1a2e-0000-4000-8000-000000000000"),
                Path.of("/tmp/uni-cumps-1000/train/pipe"), Path.of("/tmp/uni-cumps-1000/train/log"), 4242, 987654, 1732871234.0), r);
        assertEquals(UNI_CUMPS, RecordCodec.encode(r));
    }

    @Test
    void limitsAreWrittenAsExtraKeysAndReadBack() {
        DaemonRecord limited = RecordCodec.decode(UNI_CUMPS).withLimits(MpsLimits.parse(Optional.of("25"), Optional.of("8192M")));
        String json = RecordCodec.encode(limited);
        assertTrue(json.contains("\"mps_active_thread_percentage\": 25,\n"), json);
        assertTrue(json.contains("\"mps_pinned_device_mem_limit\": \"8G\",\n"), json);
        assertEquals(limited, RecordCodec.decode(json));
        assertEquals(MpsLimits.NONE, RecordCodec.decode(UNI_CUMPS).limits(), "uni-cumps's records have no limits");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"mps_active_thread_percentage\": 0|field mps_active_thread_percentage is out of range: 0 (allowed 1..100)",
        "\"mps_active_thread_percentage\": 101|field mps_active_thread_percentage is out of range: 101 (allowed 1..100)",
        "\"mps_active_thread_percentage\": 25.5|field mps_active_thread_percentage is not an integer",
        "\"mps_pinned_device_mem_limit\": 8|field mps_pinned_device_mem_limit is not a string",
        "\"mps_pinned_device_mem_limit\": \"8T\"|field mps_pinned_device_mem_limit is not a size such as 512M or 8G: 8T",
    })
    void malformedLimitKeysMakeTheRecordUnreadable(String entry, String expected) {
        assertEquals(expected, reason(UNI_CUMPS.replace("{\n", "{\n  " + entry + ",\n")));
    }

    @Test
    void createdAtMayBeAnIntegerOrAFloat() {
        assertEquals(1732871234.0, RecordCodec.decode(with("created_at", "1732871234")).createdAt());
        assertEquals(1732871234.5678902, RecordCodec.decode(with("created_at", "1732871234.5678902")).createdAt());
    }

    @Test
    void aNulInAPathIsUnreadableNotAnInvalidPathException() {
        assertEquals("field pipe_directory contains a NUL character", reason(with("pipe_directory", "\"/tmp/a\\u0000b\"")));
        assertEquals("field name contains a NUL character", reason(with("name", "\"tr\\u0000ain\"")));
        assertEquals("field gpu_uuids contains a NUL character",
                reason(UNI_CUMPS.replace("\"GPU-5f0c1a2e-0000-4000-8000-000000000000\"", "\"GPU-\\u0000\"")));
    }

    @Test
    void createdAtThatOverflowsADoubleIsRefused() {
        String why = reason(with("created_at", "1e400"));
        assertTrue(why.startsWith("not valid JSON: number 1e400 is out of range"), why);
    }

    @Test
    void aUidOfMinePlusTwoToTheThirtyTwoIsNotMine() {
        String why = reason(with("uid", Long.toString(1000 + (1L << 32))));
        assertEquals("field uid is out of range: 4294968296 (allowed 0..4294967294)", why);
    }

    @Test
    void aLargeButValidUidKeepsItsBitsAndIsWrittenUnsigned() {
        DaemonRecord r = RecordCodec.decode(with("uid", "4294967294"));
        assertEquals(-2, r.uid(), "the JDK's unix:uid reports uid_t bits as an int");
        assertTrue(RecordCodec.encode(r).contains("\"uid\": 4294967294\n"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "uid | -1 | field uid is out of range: -1 (allowed 0..4294967294)",
        "uid | 4294967295 | field uid is out of range: 4294967295 (allowed 0..4294967294)",
        "uid | 1000.0 | field uid is not an integer",
        "pid | 0 | field pid is out of range: 0 (allowed 1..4194304)",
        "pid | 4194305 | field pid is out of range: 4194305 (allowed 1..4194304)",
        "pid | 99999999999999999999999 | field pid is out of range: 99999999999999999999999 (allowed 1..4194304)",
        "process_start_ticks | -5 | field process_start_ticks is out of range: -5 (allowed 0..9223372036854775807)",
        "process_start_ticks | 9223372036854775808 | field process_start_ticks is out of range: 9223372036854775808 (allowed 0..9223372036854775807)",
        "pipe_directory | \"relative/pipe\" | field pipe_directory is not an absolute path: relative/pipe",
        "created_at | \"yesterday\" | field created_at is not a number",
        "host | null | field host is missing",
    })
    void outOfRangeOrMistypedFieldsAreRefusedWithoutACast(String field, String json, String expected) {
        assertEquals(expected, reason(with(field, json)));
    }

    @Test
    void aDuplicateKeyIsRefused() {
        String twice = UNI_CUMPS.replace("\"uid\": 1000\n", "\"uid\": 1000,\n  \"uid\": 0\n");
        String why = reason(twice);
        assertTrue(why.startsWith("not valid JSON: Duplicate field 'uid'"), why);
    }

    @Test
    void trailingDataAfterTheRecordIsRefused() {
        assertTrue(reason(UNI_CUMPS + "{}").startsWith("not valid JSON: unexpected data after the JSON value"), reason(UNI_CUMPS + "{}"));
        String garbage = reason(UNI_CUMPS + "garbage");
        assertTrue(garbage.startsWith("not valid JSON: "), garbage);
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] bytes = UNI_CUMPS.replace("node1", "node\u00ff").getBytes(StandardCharsets.ISO_8859_1);
        String why = assertThrows(CumpsException.class, () -> RecordCodec.decode(bytes)).getMessage();
        assertTrue(why.startsWith("not valid JSON: Invalid UTF-8"), why);
    }
}
