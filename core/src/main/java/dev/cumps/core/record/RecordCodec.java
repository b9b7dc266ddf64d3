package dev.cumps.core.record;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.core.CumpsException;
import dev.cumps.core.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads and writes {@code daemon.json} in uni-cumps's exact format; reading is strict. */
public final class RecordCodec {
    private RecordCodec() {
    }

    public static String encode(DaemonRecord record) {
        return Json.write(record.toJsonMap()) + "\n";
    }

    public static DaemonRecord decode(String text) {
        JsonNode node = Json.read(text);
        if (!node.isObject()) {
            throw new CumpsException("daemon.json is not a JSON object");
        }
        List<String> uuids = new ArrayList<>();
        JsonNode list = required(node, "gpu_uuids");
        if (!list.isArray()) {
            throw new CumpsException("field gpu_uuids is not a list");
        }
        for (JsonNode u : list) {
            if (!u.isTextual()) {
                throw new CumpsException("field gpu_uuids holds a non-string");
            }
            uuids.add(u.asText());
        }
        return new DaemonRecord(
                text(node, "name"),
                (int) integer(node, "uid"),
                text(node, "host"),
                text(node, "topology_mode"),
                uuids,
                absolute(node, "pipe_directory"),
                absolute(node, "log_directory"),
                integer(node, "pid"),
                integer(node, "process_start_ticks"),
                number(node, "created_at"));
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new CumpsException("field " + field + " is missing");
        }
        return value;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = required(node, field);
        if (!v.isTextual()) {
            throw new CumpsException("field " + field + " is not a string");
        }
        return v.asText();
    }

    private static long integer(JsonNode node, String field) {
        JsonNode v = required(node, field);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new CumpsException("field " + field + " is not an integer");
        }
        return v.asLong();
    }

    private static double number(JsonNode node, String field) {
        JsonNode v = required(node, field);
        if (!v.isNumber()) {
            throw new CumpsException("field " + field + " is not a number");
        }
        return v.asDouble();
    }

    private static Path absolute(JsonNode node, String field) {
        String value = text(node, field);
        Path p = Path.of(value);
        if (!p.isAbsolute()) {
            throw new CumpsException("field " + field + " is not an absolute path: " + value);
        }
        return p;
    }
}
