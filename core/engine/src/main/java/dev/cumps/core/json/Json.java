package dev.cumps.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
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
 * <p>{@link #write} walks the value tree into a {@code StringBuilder} itself, writing what jackson-core's
 * generator wrote with Python's separators (its escapes: {@code \"}, {@code \\}, {@code \b \t \n \f \r},
 * {@code \}{@code u00xx} for other control characters, {@code \}{@code uxxxx} in lower-case hex for every
 * UTF-16 unit above 127; {@code JsonWriterTest} compares the two): writing a status then loads none of
 * Jackson's classes (about 65, and their set-up, at every start). {@link #read} builds plain maps and lists
 * with jackson-core's {@link JsonParser}. Reading is strict, because the input is a file that others can
 * shape: duplicate keys, data after the top-level value and numbers that are not finite ({@code 1e400})
 * are refused.
 */
public final class Json {
    private Json() {
    }

    /** What only reading needs, set up on the first read: Jackson's parser factory and its words about itself. */
    private static final class Reading {
        /** Jackson's own words about itself: a source location or the name of a limit's getter. */
        static final Pattern INTERNALS = Pattern.compile("\\s*\\[Source:.*|,\\s*from `[^`]*`");
        static final JsonFactory FACTORY = JsonFactory.builder()
                .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
                .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();

        private Reading() {
        }
    }

    /**
     * Writes a tree in Python's format. Maps (string keys, written sorted), lists and other
     * iterables, strings, numbers, booleans and null are accepted; anything else is a programming
     * error reported as a {@link CumpsException} naming its class.
     */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder(1024);
        writeValue(out, value, 0);
        return out.toString();
    }

    /** {@link #read(byte[])} for text already decoded. */
    public static Object read(String text) {
        try (JsonParser parser = Reading.FACTORY.createParser(text)) {
            return readDocument(parser);
        } catch (JsonProcessingException e) {
            throw new CumpsException(Message.of(JsonMessages.INVALID, reason(e.getOriginalMessage(), e.getLocation())));
        } catch (IOException e) {
            throw new CumpsException(Message.of(JsonMessages.INVALID, reason(e.getMessage(), null)));
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
        try (JsonParser parser = Reading.FACTORY.createParser(utf8)) {
            return readDocument(parser);
        } catch (JsonProcessingException e) {
            throw new CumpsException(Message.of(JsonMessages.INVALID, reason(e.getOriginalMessage(), e.getLocation())));
        } catch (IOException e) {
            throw new CumpsException(Message.of(JsonMessages.INVALID, reason(e.getMessage(), null)));
        }
    }

    /**
     * The parser's complaint in the user's terms: its first line, without the parser's internals
     * (Jackson's {@code [Source: REDACTED …]} location, a limit's {@code from `StreamReadConstraints…`}), and
     * with the line and column where the parser stopped.
     */
    static String reason(String complaint, JsonLocation where) {
        String first = complaint == null ? "" : complaint.lines().findFirst().orElse("");
        String plain = Reading.INTERNALS.matcher(first).replaceAll("").strip();
        if (plain.isEmpty()) {
            plain = "malformed document";
        }
        return where == null || where.getLineNr() < 1 ? plain : plain + " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")";
    }

    private static Object readDocument(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null) {
            throw new CumpsException(Message.of(JsonMessages.EMPTY));
        }
        Object value = readValue(parser, first);
        JsonToken after = parser.nextToken();
        if (after != null) {
            throw new CumpsException(Message.of(JsonMessages.TRAILING_DATA,
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
                    throw new CumpsException(Message.of(JsonMessages.NUMBER_OUT_OF_RANGE,
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
            default -> throw new CumpsException(Message.of(JsonMessages.UNEXPECTED_TOKEN, String.valueOf(token)));
        }
    }

    private static void writeValue(StringBuilder out, Object value, int depth) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof CharSequence s) {
            writeString(out, s.toString());
        } else if (value instanceof Boolean b) {
            out.append(b.booleanValue() ? "true" : "false");
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            out.append(((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            out.append(big.toString());
        } else if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            out.append(pythonFloat(((Number) value).doubleValue()));
        } else if (value instanceof Map<?, ?> map) {
            List<Map.Entry<String, Object>> entries = new ArrayList<>(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                entries.add(new AbstractMap.SimpleImmutableEntry<>(String.valueOf(e.getKey()), e.getValue()));
            }
            // Python's sort_keys orders by code point; String.compareTo orders by UTF-16 unit.
            entries.sort((a, b) -> compareCodePoints(a.getKey(), b.getKey()));
            out.append('{');
            for (int i = 0; i < entries.size(); i++) {
                out.append(i == 0 ? "" : ",");
                newLine(out, depth + 1);
                writeString(out, entries.get(i).getKey());
                out.append(": ");
                writeValue(out, entries.get(i).getValue(), depth + 1);
            }
            if (!entries.isEmpty()) {
                newLine(out, depth);
            }
            out.append('}');
        } else if (value instanceof Path) {
            // A Path is Iterable (its own name elements); written as such it would recurse forever.
            throw new CumpsException(Message.of(JsonMessages.CANNOT_WRITE_TYPE_USE_STRING, value.getClass().getName()));
        } else if (value instanceof Iterable<?> list) {
            out.append('[');
            boolean first = true;
            for (Object element : list) {
                out.append(first ? "" : ",");
                newLine(out, depth + 1);
                writeValue(out, element, depth + 1);
                first = false;
            }
            if (!first) {
                newLine(out, depth);
            }
            out.append(']');
        } else if (value instanceof Object[] array) {
            writeValue(out, Arrays.asList(array), depth);
        } else {
            throw new CumpsException(Message.of(JsonMessages.CANNOT_WRITE_TYPE, value.getClass().getName()));
        }
    }

    private static void newLine(StringBuilder out, int depth) {
        out.append('\n');
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** A JSON string as jackson-core escaped it with {@code ESCAPE_NON_ASCII} and lower-case hex (see the class comment). */
    private static void writeString(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c > 0x7f) {
                        out.append("\\u").append(HEX[c >> 12 & 0xf]).append(HEX[c >> 8 & 0xf]).append(HEX[c >> 4 & 0xf]).append(HEX[c & 0xf]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
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
            throw new CumpsException(Message.of(JsonMessages.CANNOT_WRITE_NON_FINITE));
        }
        String plain = new BigDecimal(Double.toString(value)).toPlainString();
        return plain.contains(".") ? plain : plain + ".0";
    }
}
