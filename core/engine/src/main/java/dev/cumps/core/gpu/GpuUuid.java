package dev.cumps.core.gpu;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A GPU UUID in its one canonical form: {@code GPU-} followed by lowercase, dashed 8-4-4-4-12 hex.
 * Any case is accepted, with or without the {@code GPU-} prefix, with or without dashes. MIG
 * device UUIDs are refused: MIG is not supported.
 */
public record GpuUuid(String value) implements Comparable<GpuUuid> {
    private static final Pattern CANONICAL = Pattern.compile("GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern HEX32 = Pattern.compile("[0-9a-f]{32}");

    public GpuUuid {
        if (!CANONICAL.matcher(value).matches()) {
            throw new CumpsException(Message.of(GpuMessages.NOT_CANONICAL_UUID, String.valueOf(value)));
        }
    }

    /** Parses any accepted spelling; throws with an explanation otherwise. */
    public static GpuUuid parse(String text) {
        String trimmed = text.strip();
        if (trimmed.toUpperCase(Locale.ROOT).startsWith("MIG-")) {
            throw new CumpsException(Message.of(GpuMessages.MIG_DEVICE_REFUSED, trimmed));
        }
        String body = trimmed.toUpperCase(Locale.ROOT).startsWith("GPU-") ? trimmed.substring(4) : trimmed;
        String hex = body.replace("-", "").toLowerCase(Locale.ROOT);
        if (!HEX32.matcher(hex).matches() || !dashesWellPlaced(body)) {
            throw new CumpsException(Message.of(GpuMessages.NOT_A_UUID, trimmed));
        }
        return new GpuUuid("GPU-" + hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16)
                + "-" + hex.substring(16, 20) + "-" + hex.substring(20));
    }

    /** Whether the text looks like a UUID (as opposed to an index) and so should be parsed as one. */
    public static boolean looksLikeUuid(String text) {
        String t = text.strip();
        String upper = t.toUpperCase(Locale.ROOT);
        return upper.startsWith("GPU-") || upper.startsWith("MIG-") || t.replace("-", "").length() == 32;
    }

    private static boolean dashesWellPlaced(String body) {
        if (!body.contains("-")) {
            return true;
        }
        if (body.length() != 36 || body.charAt(8) != '-' || body.charAt(13) != '-' || body.charAt(18) != '-' || body.charAt(23) != '-') {
            return false;
        }
        // Those four and no other; a loop, not chars().filter().count(): on status's path that stream pipeline
        // loaded and linked 21 classes and a lambda for one count (docs/performance.md, round nine).
        int dashes = 0;
        for (int i = 0; i < body.length(); i++) {
            if (body.charAt(i) == '-') {
                dashes++;
            }
        }
        return dashes == 4;
    }

    /** The 8-4-4-4-12 part without the {@code GPU-} prefix. */
    public String bare() {
        return value.substring(4);
    }

    @Override
    public int compareTo(GpuUuid other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
