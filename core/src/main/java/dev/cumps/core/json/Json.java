package dev.cumps.core.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.cumps.core.CumpsException;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;

/**
 * JSON exactly as Python's {@code json.dumps(obj, indent=2, sort_keys=True)} writes it: two-space
 * indent, {@code "key": value}, one array element per line, {@code []} and {@code {}} when empty,
 * non-ASCII escaped, and floats in plain positional notation ({@code 1732871234.5}, never
 * {@code 1.7E9}). Records and machine output both use it, so uni-cumps and cumps files diff cleanly.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(com.fasterxml.jackson.databind.MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .build();

    private Json() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Writes a tree (maps, lists, strings, numbers, booleans, null) in Python's format. */
    public static String write(Object value) {
        JsonNode tree = MAPPER.valueToTree(value);
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = MAPPER.getFactory().createGenerator(out)) {
            gen.setPrettyPrinter(new PythonPrettyPrinter());
            writeNode(gen, tree);
        } catch (IOException e) {
            throw new CumpsException("could not write JSON: " + e.getMessage(), e);
        }
        return out.toString();
    }

    public static JsonNode read(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new CumpsException("not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static void writeNode(JsonGenerator gen, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                gen.writeStartObject();
                java.util.List<String> names = new java.util.ArrayList<>();
                node.fieldNames().forEachRemaining(names::add);
                java.util.Collections.sort(names);
                for (String name : names) {
                    gen.writeFieldName(name);
                    writeNode(gen, node.get(name));
                }
                gen.writeEndObject();
            }
            case ARRAY -> {
                gen.writeStartArray();
                for (JsonNode element : node) {
                    writeNode(gen, element);
                }
                gen.writeEndArray();
            }
            case NUMBER -> {
                if (node.isFloatingPointNumber()) {
                    gen.writeNumber(pythonFloat(node.doubleValue()));
                } else {
                    gen.writeNumber(node.bigIntegerValue());
                }
            }
            default -> MAPPER.writeTree(gen, node);
        }
    }

    /** Python's repr of a finite float for ordinary magnitudes: positional, at least one decimal. */
    public static String pythonFloat(double value) {
        if (!Double.isFinite(value)) {
            throw new CumpsException("cannot write a non-finite number as JSON");
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
