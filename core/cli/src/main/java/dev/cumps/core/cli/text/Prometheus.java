package dev.cumps.core.cli.text;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A writer of the Prometheus text exposition format, version 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/): per metric family one {@code # HELP}
 * and one {@code # TYPE} line, then its samples {@code name{label="value",...} number}, one per line,
 * each family's samples together. Label values escape backslash, double quote and line feed
 * ({@code \\}, {@code \"}, {@code \n}); HELP text escapes backslash and line feed. Names are the
 * caller's constants, checked against the format's name rules.
 */
public final class Prometheus {
    /** The media type a scraper expects for this format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4";

    private final StringBuilder out = new StringBuilder();
    private final List<String> families = new ArrayList<>();

    /** Starts the family {@code name} (a gauge) with its help text; its samples follow. */
    public Prometheus gauge(String name, String help) {
        if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*") || families.contains(name)) {
            throw new IllegalArgumentException("bad or repeated metric name " + name);
        }
        families.add(name);
        out.append("# HELP ").append(name).append(' ').append(escapeHelp(help)).append('\n');
        out.append("# TYPE ").append(name).append(" gauge\n");
        return this;
    }

    /** One sample of the family last started: {@code labels} in their order (use a LinkedHashMap), then the value. */
    public Prometheus sample(Map<String, String> labels, BigDecimal value) {
        String family = families.get(families.size() - 1);
        out.append(family);
        if (!labels.isEmpty()) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, String> label : labels.entrySet()) {
                if (!label.getKey().matches("[a-zA-Z_][a-zA-Z0-9_]*") || label.getKey().startsWith("__")) {
                    throw new IllegalArgumentException("bad label name " + label.getKey());
                }
                out.append(first ? "" : ",").append(label.getKey()).append("=\"").append(escapeLabel(label.getValue())).append('"');
                first = false;
            }
            out.append('}');
        }
        out.append(' ').append(value.stripTrailingZeros().toPlainString()).append('\n');
        return this;
    }

    /** A sample with a whole-number value. */
    public Prometheus sample(Map<String, String> labels, long value) {
        return sample(labels, BigDecimal.valueOf(value));
    }

    public String text() {
        return out.toString();
    }

    /** A label value as the format writes it between double quotes. */
    public static String escapeLabel(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /** HELP text: backslash and line feed escaped. */
    static String escapeHelp(String help) {
        return help.replace("\\", "\\\\").replace("\n", "\\n");
    }
}
