package dev.cumps.core.env;

import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The variables a launcher exports so its CUDA processes use one recorded daemon. Generated here
 * only: the CLI prints it and the window shows and copies exactly this text. The caller's own
 * environment is never changed.
 */
public record LaunchEnvironment(String name, Map<String, String> variables) {
    public LaunchEnvironment {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    }

    public static LaunchEnvironment of(DaemonRecord record) {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("CUDA_VISIBLE_DEVICES", String.join(",", record.gpuUuids()));
        vars.put("CUDA_MPS_PIPE_DIRECTORY", record.pipeDirectory().toString());
        vars.put("CUDA_MPS_LOG_DIRECTORY", record.logDirectory().toString());
        vars.forEach((k, v) -> {
            // A newline or NUL breaks the export; any other control character (ESC, a carriage
            // return, C1) would act on the terminal that shows the exports.
            v.codePoints().filter(Character::isISOControl).findFirst().ifPresent(c -> {
                throw new CumpsException(c == '\n' || c == 0 ? Message.of(EnvText.VALUE_HAS_NEWLINE, k, record.name())
                        : Message.of(EnvText.VALUE_HAS_CONTROL_CHARACTER, k, record.name(), String.format("%04X", c)));
            });
        });
        return new LaunchEnvironment(record.name(), vars);
    }

    /** {@code export NAME='value'} lines; {@code eval} in any POSIX sh reproduces each value exactly. */
    public String posix() {
        return text(EnvFormat.POSIX);
    }

    /** The variables in {@code format}'s syntax: exactly what {@code cumps env --shell <format>} prints. */
    public String text(EnvFormat format) {
        return format.render(variables);
    }

    /** {@code {"env": {...}, "name": ...}} in the project's JSON format. */
    public Map<String, Object> jsonMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", name);
        map.put("env", variables);
        return map;
    }

    /** Exactly what {@code cumps env --json} prints. */
    public String jsonText() {
        return Json.write(jsonMap()) + "\n";
    }

    /** Single-quotes a value for POSIX sh; a single quote becomes {@code '\''}. */
    public static String shellQuote(String value) {
        return PosixRenderer.quote(value);
    }
}
