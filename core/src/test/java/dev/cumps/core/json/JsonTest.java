package dev.cumps.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
