package dev.cumps.core.fix;

import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.message.Message;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One fix the product can make: the doctor check that found it, its target, and the dry-run
 * description (exactly what {@link FixService#apply} will do, before it is done).
 */
public record Fix(DoctorCheckId check, FixTarget target, Message description) {
    public Fix {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(description, "description");
    }

    /** The description in English (the CLI's text). */
    public String describe() {
        return description.english();
    }

    public Map<String, Object> toJsonMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("check", check.id());
        m.putAll(target.toJsonMap());
        m.put("description", describe());
        return m;
    }
}
