package dev.cumps.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks a parsed JSON document (maps, lists, strings, numbers, booleans, null) against one of the
 * golden shapes in {@code src/test/resources/contract/} (the spec language is in its README).
 * src-test uses this class too (core's test-jar) for the end-to-end contract test, and InteropE2eTest the
 * same check in Python; keep the two in step.
 */
public final class JsonContract {
    private JsonContract() {
    }

    /** The golden shape {@code contract/<name>.json}. */
    public static Object spec(String name) {
        try (InputStream in = JsonContract.class.getResourceAsStream("/contract/" + name + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no contract/" + name + ".json");
            }
            return Sandbox.parseObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every way {@code value} breaks the shape {@code name}; empty when it conforms. */
    public static List<String> violations(String name, Object value) {
        List<String> problems = new ArrayList<>();
        check(spec(name), value, "$", problems);
        return problems;
    }

    @SuppressWarnings("unchecked")
    static void check(Object spec, Object value, String where, List<String> problems) {
        if (spec instanceof String type) {
            checkScalar(type, value, where, problems);
        } else if (spec instanceof List<?> items) {
            if (!(value instanceof List<?> list)) {
                problems.add(where + ": expected a list, got " + describe(value));
                return;
            }
            for (int i = 0; i < list.size(); i++) {
                check(items.get(0), list.get(i), where + "[" + i + "]", problems);
            }
        } else {
            checkObject((Map<String, Object>) spec, value, where, problems);
        }
    }

    @SuppressWarnings("unchecked")
    private static void checkObject(Map<String, Object> spec, Object value, String where, List<String> problems) {
        if (spec.containsKey("$const")) {
            if (!spec.get("$const").equals(value)) {
                problems.add(where + ": expected exactly " + spec.get("$const") + ", got " + value);
            }
            return;
        }
        if (spec.containsKey("$enum")) {
            if (!((List<Object>) spec.get("$enum")).contains(value)) {
                problems.add(where + ": expected one of " + spec.get("$enum") + ", got " + describe(value));
            }
            return;
        }
        if (spec.containsKey("$oneOf")) {
            List<String> all = new ArrayList<>();
            for (Object alternative : (List<Object>) spec.get("$oneOf")) {
                List<String> these = new ArrayList<>();
                check(alternative, value, where, these);
                if (these.isEmpty()) {
                    return;
                }
                all.add(String.join("; ", these));
            }
            problems.add(where + ": matches no alternative: " + String.join(" | ", all));
            return;
        }
        if (!(value instanceof Map<?, ?> map)) {
            problems.add(where + ": expected an object, got " + describe(value));
            return;
        }
        if (spec.containsKey("$map")) {
            map.forEach((k, v) -> check(spec.get("$map"), v, where + "." + k, problems));
            return;
        }
        if (spec.containsKey("$ref")) {
            checkObject((Map<String, Object>) spec((String) spec.get("$ref")), value, where, problems);
        }
        for (Map.Entry<String, Object> key : spec.entrySet()) {
            if (key.getKey().startsWith("$")) {
                continue;
            }
            if (!map.containsKey(key.getKey())) {
                problems.add(where + "." + key.getKey() + ": missing");
            } else {
                check(key.getValue(), map.get(key.getKey()), where + "." + key.getKey(), problems);
            }
        }
    }

    private static void checkScalar(String type, Object value, String where, List<String> problems) {
        boolean nullable = type.endsWith("?");
        String base = nullable ? type.substring(0, type.length() - 1) : type;
        if (value == null) {
            if (!nullable) {
                problems.add(where + ": expected " + base + ", got null");
            }
            return;
        }
        boolean ok = switch (base) {
            case "str" -> value instanceof String;
            case "int" -> value instanceof Integer || value instanceof Long || value instanceof BigInteger;
            case "float" -> value instanceof Double || value instanceof Float || value instanceof BigDecimal;
            case "bool" -> value instanceof Boolean;
            default -> throw new IllegalArgumentException("unknown type " + type + " at " + where);
        };
        if (!ok) {
            problems.add(where + ": expected " + type + ", got " + describe(value));
        }
    }

    private static String describe(Object value) {
        return value == null ? "null" : value.getClass().getSimpleName() + " " + value;
    }
}
