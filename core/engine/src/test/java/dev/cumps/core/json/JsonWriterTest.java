package dev.cumps.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Json#write} writes what jackson-core's generator wrote before it was replaced (ESCAPE_NON_ASCII, lower-case
 * hex, Python's separators), byte for byte: every UTF-16 unit alone and in random strings, and random trees.
 */
class JsonWriterTest {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .build();

    /** The generator {@code Json.write} used: Python's {@code json.dumps(indent=2, sort_keys=True)} separators. */
    private static String jackson(Object value) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = FACTORY.createGenerator(out)) {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEntrySpacing(Separators.Spacing.NONE)
                    .withArrayValueSpacing(Separators.Spacing.NONE)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator(""));
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            printer.indentObjectsWith(indenter);
            printer.indentArraysWith(indenter);
            gen.setPrettyPrinter(printer);
            write(gen, value);
        }
        return out.toString();
    }

    /** Sorted as Json.write sorts (the keys here are ASCII letters, where code point and UTF-16 order agree). */
    private static void write(JsonGenerator gen, Object value) throws IOException {
        if (value == null) {
            gen.writeNull();
        } else if (value instanceof String s) {
            gen.writeString(s);
        } else if (value instanceof Boolean b) {
            gen.writeBoolean(b);
        } else if (value instanceof Long n) {
            gen.writeNumber(n);
        } else if (value instanceof BigInteger big) {
            gen.writeNumber(big);
        } else if (value instanceof Double d) {
            gen.writeNumber(Json.pythonFloat(d));
        } else if (value instanceof Map<?, ?> map) {
            gen.writeStartObject();
            for (Object key : map.keySet().stream().map(String::valueOf).sorted().toList()) {
                gen.writeFieldName((String) key);
                write(gen, map.get(key));
            }
            gen.writeEndObject();
        } else {
            gen.writeStartArray();
            for (Object element : (List<?>) value) {
                write(gen, element);
            }
            gen.writeEndArray();
        }
    }

    @Test
    void everyUtf16UnitIsEscapedAsJacksonEscapedIt() throws IOException {
        for (int c = 0; c <= 0xffff; c++) {
            String one = String.valueOf((char) c);
            assertEquals(jackson(one), Json.write(one), () -> "unit " + one.codePointAt(0));
            assertEquals(jackson(Map.of(one, one)), Json.write(Map.of(one, one)));
        }
    }

    @Test
    void randomTreesAreWrittenAsJacksonWroteThem() throws IOException {
        Random random = new Random(22);
        for (int i = 0; i < 2000; i++) {
            Object tree = tree(random, 0);
            assertEquals(jackson(tree), Json.write(tree), () -> String.valueOf(tree));
        }
    }

    @Test
    void emptyContainersAndScalarsAtTheTop() throws IOException {
        for (Object value : new Object[] {Map.of(), List.of(), List.of(List.of(), Map.of()), "", 0L, -1L, 1.5, true, false, null,
            new BigInteger("123456789012345678901234567890")}) {
            assertEquals(jackson(value), Json.write(value), () -> String.valueOf(value));
        }
    }

    private static Object tree(Random random, int depth) {
        int kind = random.nextInt(depth > 3 ? 6 : 8);
        switch (kind) {
            case 0 -> {
                return null;
            }
            case 1 -> {
                return random.nextBoolean();
            }
            case 2 -> {
                return random.nextLong();
            }
            case 3 -> {
                return random.nextInt(2_000_000) / 8.0;
            }
            case 4, 5 -> {
                return string(random);
            }
            case 6 -> {
                List<Object> list = new ArrayList<>();
                for (int n = random.nextInt(4); n > 0; n--) {
                    list.add(tree(random, depth + 1));
                }
                return list;
            }
            default -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int n = random.nextInt(4); n > 0; n--) {
                    map.put(String.valueOf((char) ('a' + random.nextInt(26))) + random.nextInt(100), tree(random, depth + 1));
                }
                return map;
            }
        }
    }

    private static String string(Random random) {
        StringBuilder s = new StringBuilder();
        for (int n = random.nextInt(12); n > 0; n--) {
            int pick = random.nextInt(4);
            s.append(pick == 0 ? (char) random.nextInt(0x80) : pick == 1 ? (char) random.nextInt(0x10000) : (char) (' ' + random.nextInt(95)));
        }
        return s.toString();
    }
}
