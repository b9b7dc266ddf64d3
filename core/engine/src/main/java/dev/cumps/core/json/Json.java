package dev.cumps.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * JSON exactly as Python's {@code json.dumps(obj, indent=2, sort_keys=True)} writes it: two-space
 * indent, {@code "key": value}, one array element per line, {@code []} and {@code {}} when empty,
 * non-ASCII escaped, and floats in plain positional notation ({@code 1732871234.5}, never
 * {@code 1.7E9}). Records and machine output both use it, so uni-cumps and cumps files diff cleanly.
 *
 * <p>Only jackson-core's streaming API is used: {@link #write} walks the value tree with a
 * {@link JsonGenerator}, {@link #read} builds plain maps and lists with a {@link JsonParser}. Reading
 * is strict, because the input is a file that others can shape: duplicate keys, data after the
 * top-level value and numbers that are not finite ({@code 1e400}) are refused.
 */
public final class Json {
    /** Jackson's own words about itself: a source location or the name of a limit's getter. */
    private static final Pattern INTERNALS = Pattern.compile("\\s*\\[Source:.*|,\\s*from `[^`]*`");
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private Json() {
    }

    /**
     * Writes a tree in Python's format. Maps (string keys, written sorted), lists and other
     * iterables, strings, numbers, booleans and null are accepted; anything else is a programming
     * error reported as a {@link CumpsException} naming its class.
     */
    public static String write(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = FACTORY.createGenerator(out)) {
            gen.setPrettyPrinter(new PythonPrettyPrinter());
            writeValue(gen, value);
        } catch (IOException e) {
            throw new CumpsException(Message.of(JsonText.CANNOT_WRITE, String.valueOf(e.getMessage())), e);
        }
        return out.toString();
    }

    /** {@link #read(byte[])} for text already decoded. */
    public static Object read(String text) {
        try (JsonParser parser = FACTORY.createParser(text)) {
            return readDocument(parser);
        } catch (JsonProcessingException e) {
            throw new CumpsException(Message.of(JsonText.INVALID, reason(e.getOriginalMessage(), e.getLocation())));
        } catch (IOException e) {
            throw new CumpsException(Message.of(JsonText.INVALID, reason(e.getMessage(), null)));
        }
    }

    /**
     * Parses one JSON document (UTF-8) into plain values: {@code Map<String, Object>} (insertion
     * ordered), {@code List<Object>}, {@code String}, {@code Long} or {@code BigInteger} for
     * integers, {@code Double} for other numbers, {@code Boolean} and {@code null}. Refuses
     * duplicate keys, anything after the top-level value, and numbers that overflow a double.
     *
     * @throws CumpsException {@code not valid JSON: <why>}
     */
    public static Object read(byte[] utf8) {
        try (JsonParser parser = FACTORY.createParser(utf8)) {
            return readDocument(parser);
        } catch (JsonProcessingException e) {
            throw new CumpsException(Message.of(JsonText.INVALID, reason(e.getOriginalMessage(), e.getLocation())));
        } catch (IOException e) {
            throw new CumpsException(Message.of(JsonText.INVALID, reason(e.getMessage(), null)));
        }
    }

    /**
     * The parser's complaint in the user's terms: its first line, without the parser's internals
     * (Jackson's {@code [Source: REDACTED …]} location, a limit's {@code from `StreamReadConstraints…`}), and
     * with the line and column where the parser stopped.
     */
    static String reason(String complaint, JsonLocation where) {
        String first = complaint == null ? "" : complaint.lines().findFirst().orElse("");
        String plain = INTERNALS.matcher(first).replaceAll("").strip();
        if (plain.isEmpty()) {
            plain = "malformed document";
        }
        return where == null || where.getLineNr() < 1 ? plain : plain + " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")";
    }

    private static Object readDocument(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null) {
            throw new CumpsException(Message.of(JsonText.EMPTY));
        }
        Object value = readValue(parser, first);
        JsonToken after = parser.nextToken();
        if (after != null) {
            throw new CumpsException(Message.of(JsonText.TRAILING_DATA,
                    parser.currentTokenLocation().getLineNr()));
        }
        return value;
    }

    private static Object readValue(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
                    String name = parser.currentName();
                    map.put(name, readValue(parser, parser.nextToken()));
                }
                return Collections.unmodifiableMap(map);
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                    list.add(readValue(parser, t));
                }
                return Collections.unmodifiableList(list);
            }
            case VALUE_STRING -> {
                return parser.getText();
            }
            case VALUE_NUMBER_INT -> {
                BigInteger big = parser.getBigIntegerValue();
                return big.bitLength() < Long.SIZE ? (Object) big.longValue() : big;
            }
            case VALUE_NUMBER_FLOAT -> {
                double d = parser.getDoubleValue();
                if (!Double.isFinite(d)) {
                    throw new CumpsException(Message.of(JsonText.NUMBER_OUT_OF_RANGE,
                            parser.getText(), parser.currentTokenLocation().getLineNr()));
                }
                return d;
            }
            case VALUE_TRUE -> {
                return Boolean.TRUE;
            }
            case VALUE_FALSE -> {
                return Boolean.FALSE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new CumpsException(Message.of(JsonText.UNEXPECTED_TOKEN, String.valueOf(token)));
        }
    }

    private static void writeValue(JsonGenerator gen, Object value) throws IOException {
        if (value == null) {
            gen.writeNull();
        } else if (value instanceof CharSequence s) {
            gen.writeString(s.toString());
        } else if (value instanceof Boolean b) {
            gen.writeBoolean(b);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            gen.writeNumber(((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            gen.writeNumber(big);
        } else if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            gen.writeNumber(pythonFloat(((Number) value).doubleValue()));
        } else if (value instanceof Map<?, ?> map) {
            List<Map.Entry<String, Object>> entries = new ArrayList<>(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                entries.add(new AbstractMap.SimpleImmutableEntry<>(String.valueOf(e.getKey()), e.getValue()));
            }
            // Python's sort_keys orders by code point; String.compareTo orders by UTF-16 unit.
            entries.sort((a, b) -> compareCodePoints(a.getKey(), b.getKey()));
            gen.writeStartObject();
            for (Map.Entry<String, Object> e : entries) {
                gen.writeFieldName(e.getKey());
                writeValue(gen, e.getValue());
            }
            gen.writeEndObject();
        } else if (value instanceof Path) {
            // A Path is Iterable (its own name elements); written as such it would recurse forever.
            throw new CumpsException(Message.of(JsonText.CANNOT_WRITE_TYPE_USE_STRING, value.getClass().getName()));
        } else if (value instanceof Iterable<?> list) {
            gen.writeStartArray();
            for (Object element : list) {
                writeValue(gen, element);
            }
            gen.writeEndArray();
        } else if (value instanceof Object[] array) {
            writeValue(gen, Arrays.asList(array));
        } else {
            throw new CumpsException(Message.of(JsonText.CANNOT_WRITE_TYPE, value.getClass().getName()));
        }
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /** Python's repr of a finite float for ordinary magnitudes: positional, at least one decimal. */
    public static String pythonFloat(double value) {
        if (!Double.isFinite(value)) {
            throw new CumpsException(Message.of(JsonText.CANNOT_WRITE_NON_FINITE));
        }
        String plain = new BigDecimal(Double.toString(value)).toPlainString();
        return plain.contains(".") ? plain : plain + ".0";
    }

    private static final class PythonPrettyPrinter extends DefaultPrettyPrinter {
        private static final long serialVersionUID = 1L;

        PythonPrettyPrinter() {
            super(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEntrySpacing(Separators.Spacing.NONE)
                    .withArrayValueSpacing(Separators.Spacing.NONE)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator(""));
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            indentObjectsWith(indenter);
            indentArraysWith(indenter);
        }

        @Override
        public DefaultPrettyPrinter createInstance() {
            return new PythonPrettyPrinter();
        }
    }
}
