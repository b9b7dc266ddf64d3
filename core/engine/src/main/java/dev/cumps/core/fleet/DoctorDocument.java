package dev.cumps.core.fleet;

import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a host's {@code cumps doctor --json} printed, read defensively: the checks (id, status, title,
 * observed, expected, remedy; every text printable, at most {@value #MAX_TEXT} characters, control
 * characters but the line break shown as {@code \xNN}, so a hostile host cannot draw on the reader's screen) and the
 * GPUs the run diagnosed. A check with a status this cumps does not know is kept with its status as
 * written; a document that is not the doctor's is empty.
 *
 * @param checks the checks in the host's order
 * @param gpus   the indexes of the GPUs the host's plan resolved to (empty when it resolved to none)
 */
public record DoctorDocument(List<Check> checks, List<Long> gpus) {

    public DoctorDocument {
        checks = List.copyOf(checks);
        gpus = List.copyOf(gpus);
    }

    /** One check as the host wrote it; {@code status} is {@code pass}, {@code warn}, {@code fail} or {@code skip}. */
    public record Check(String id, String status, String title, String observed, String expected, String remedy) {
    }

    /** The document in {@code stdout}, or empty when it is not a doctor's JSON. */
    public static Optional<DoctorDocument> read(String stdout) {
        try {
            if (!(Json.read(stdout.strip()) instanceof Map<?, ?> map) || !(map.get("checks") instanceof List<?> raw)) {
                return Optional.empty();
            }
            List<Check> checks = new ArrayList<>();
            for (Object c : raw) {
                if (c instanceof Map<?, ?> m) {
                    checks.add(new Check(text(m.get("id")), text(m.get("status")), text(m.get("title")), text(m.get("observed")),
                            text(m.get("expected")), text(m.get("remedy"))));
                }
            }
            List<Long> gpus = new ArrayList<>();
            if (map.get("plan") instanceof Map<?, ?> plan && plan.get("gpus") instanceof List<?> list) {
                for (Object g : list) {
                    if (g instanceof Map<?, ?> gpu && gpu.get("index") instanceof Number index) {
                        gpus.add(index.longValue());
                    }
                }
            }
            return Optional.of(new DoctorDocument(checks, gpus));
        } catch (CumpsException e) {
            return Optional.empty();
        }
    }

    /** How many checks have {@code status}. */
    public long count(String status) {
        return checks.stream().filter(c -> c.status().equals(status)).count();
    }

    /** The most characters of one text kept from a host. */
    static final int MAX_TEXT = 2000;

    private static String text(Object value) {
        if (!(value instanceof String raw)) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        raw.codePoints().limit(MAX_TEXT).forEach(c -> {
            if (c != '\n' && (c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0)) {
                sb.append(String.format("\\x%02x", c));
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }
}
