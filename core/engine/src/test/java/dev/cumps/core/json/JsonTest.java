package dev.cumps.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonLocation;
import dev.cumps.core.message.CumpsException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonTest {
    @Test
    void writesLikePythonJsonDumpsIndent2SortKeys() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("zeta", List.of("a", "b"));
        value.put("alpha", 1);
        value.put("empty_list", List.of());
        value.put("empty_map", Map.of());
        value.put("nested", Map.of("y", true, "x", "caf\u00e9"));
        value.put("none", null);
        value.put("float", 1732871234.5);
        // python3 -c 'import json; print(json.dumps({"zeta":["a","b"],"alpha":1,"empty_list":[],"empty_map":{},
        //   "nested":{"y":True,"x":"café"},"none":None,"float":1732871234.5}, indent=2, sort_keys=True))'
        String python = """
                {
                  "alpha": 1,
                  "empty_list": [],
                  "empty_map": {},
                  "float": 1732871234.5,
                  "nested": {
                    "x": "caf\\u00e9",
                    "y": true
                  },
                  "none": null,
                  "zeta": [
                    "a",
                    "b"
                  ]
                }""";
        assertEquals(python, Json.write(value));
    }

    @ParameterizedTest
    @CsvSource({"1732871234.0, 1732871234.0", "1732871234.5678902, 1732871234.5678902", "0.25, 0.25", "3.0, 3.0"})
    void floatsArePositionalWithADecimalPoint(double value, String expected) {
        assertEquals(expected, Json.pythonFloat(value));
    }

    @Test
    void writesEveryKindOfValueTheCoreUses() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("long", 4242L);
        value.put("big", new BigInteger("123456789012345678901234567890"));
        value.put("false", false);
        value.put("short_float", 0.25f);
        value.put("uni", "\u4e2d\ud83d\ude00");
        value.put("quote", "a\"b\\c\n\u0001");
        // python3 -c 'import json; print(json.dumps({"long":4242,"big":123456789012345678901234567890,"false":False,
        //   "short_float":0.25,"uni":"\u4e2d\U0001F600","quote":"a\"b\\c\n\x01"}, indent=2, sort_keys=True))'
        String python = """
                {
                  "big": 123456789012345678901234567890,
                  "false": false,
                  "long": 4242,
                  "quote": "a\\"b\\\\c\\n\\u0001",
                  "short_float": 0.25,
                  "uni": "\\u4e2d\\ud83d\\ude00"
                }""";
        assertEquals(python, Json.write(value));
    }

    @Test
    void keysAreSortedByCodePointAsPythonDoes() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("\ud83d\ude00", 1); // U+1F600, after U+FFFD by code point, before it by UTF-16 unit
        value.put("\ufffd", 2);
        value.put("a", 3);
        assertEquals("{\n  \"a\": 3,\n  \"\\ufffd\": 2,\n  \"\\ud83d\\ude00\": 1\n}", Json.write(value));
    }

    @Test
    void somethingThatIsNotJsonIsAnErrorNamingItsClass() {
        CumpsException e = assertThrows(CumpsException.class, () -> Json.write(Map.of("path", Path.of("/tmp"))));
        assertTrue(e.getMessage().contains("UnixPath"), e.getMessage());
    }

    @Test
    void readsPlainValues() {
        Object value = Json.read("{\"a\": [1, 2.5, \"x\", true, null], \"b\": {}, \"big\": 123456789012345678901234567890}");
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("a", Arrays.asList(1L, 2.5, "x", true, null));
        expected.put("b", Map.of());
        expected.put("big", new BigInteger("123456789012345678901234567890"));
        assertEquals(expected, value);
    }

    @Test
    void whatWriteWritesReadReadsBack() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("created_at", 1732871234.5678902);
        value.put("list", List.of("caf\u00e9", 7L));
        assertEquals(value, Json.read(Json.write(value)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"a\": 1, \"a\": 2} | not valid JSON: Duplicate field 'a'",
        "{\"a\": {\"b\": 1, \"b\": 1}} | not valid JSON: Duplicate field 'b'",
        "{} {} | not valid JSON: unexpected data after the JSON value",
        "{} trailing | not valid JSON: Unrecognized token 'trailing'",
        "[1e400] | not valid JSON: number 1e400 is out of range",
        "{\"x\": -1e400} | not valid JSON: number -1e400 is out of range",
        "NaN | not valid JSON: Non-standard token 'NaN'",
        "'' | not valid JSON: the document is empty",
        "{\"a\": | not valid JSON: Unexpected end-of-input",
    })
    void strictReadingRefuses(String text, String expectedStart) {
        CumpsException e = assertThrows(CumpsException.class, () -> Json.read(text));
        assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
    }

    /** A corrupt record's reason names the flaw and where, never the parser's internals (issue 20 point 6). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "DEPTH | not valid JSON: Document nesting depth (1001) exceeds the maximum allowed (1000)",
        "DIGITS | not valid JSON: Number value length (2000) exceeds the maximum allowed (1000)",
        "{\"a\": | not valid JSON: Unexpected end-of-input within/between Object entries (line 1, column 6)",
    })
    void aRefusalSaysWhereWithoutTheParsersInternals(String text, String expectedStart) {
        String document = switch (text) {
            case "DEPTH" -> "[".repeat(1500) + "]".repeat(1500);
            case "DIGITS" -> "{\"a\": " + "1".repeat(2000) + "}";
            default -> text;
        };
        String message = assertThrows(CumpsException.class, () -> Json.read(document.getBytes(StandardCharsets.UTF_8))).getMessage();
        assertTrue(message.startsWith(expectedStart), message);
        for (String internal : List.of("Source", "REDACTED", "StreamRead", "`", "\n")) {
            assertFalse(message.contains(internal), internal + " in " + message);
        }
    }

    @Test
    void jacksonsLocationSuffixAndLimitGetterAreCutFromAnyComplaint() {
        assertEquals("Unexpected character ('x' (code 120)) (line 3, column 4)", Json.reason(
                "Unexpected character ('x' (code 120))\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 3, column: 4]",
                new JsonLocation(null, -1, 3, 4)));
        assertEquals("String value length (9) exceeds the maximum allowed (5)",
                Json.reason("String value length (9) exceeds the maximum allowed (5, from `StreamReadConstraints.getMaxStringLength()`)", null));
        assertEquals("malformed document", Json.reason(null, null));
    }
}
