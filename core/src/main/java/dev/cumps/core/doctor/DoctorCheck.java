package dev.cumps.core.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/** One diagnosis: what was looked at, what was seen, what was expected, and what to do about it. */
public record DoctorCheck(String id, String title, CheckStatus status, String observed, String expected, String remedy) {
    public Map<String, Object> toJsonMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("title", title);
        m.put("status", status.id());
        m.put("observed", observed);
        m.put("expected", expected);
        m.put("remedy", remedy);
        return m;
    }
}
