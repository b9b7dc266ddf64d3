package dev.cumps.core.record;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.gpu.GpuUuid;
import java.util.regex.Pattern;

/** Daemon names: {@code ^[a-z0-9][a-z0-9-]{0,63}$}, the same rule as uni-cumps. */
public final class RecordNames {
    public static final Pattern VALID = Pattern.compile("^[a-z0-9][a-z0-9-]{0,63}$");

    private RecordNames() {
    }

    public static String validate(String name) {
        if (name == null || !VALID.matcher(name).matches()) {
            throw new CumpsException("invalid daemon name '" + (name == null ? "" : name.replace("\n", "\\n"))
                    + "': use 1-64 lowercase letters, digits and dashes, starting with a letter or digit");
        }
        return name;
    }

    /** Why a name is invalid, or empty when it is valid; for validating as the user types. */
    public static java.util.Optional<String> problem(String name) {
        try {
            validate(name);
            return java.util.Optional.empty();
        } catch (CumpsException e) {
            return java.util.Optional.of(e.getMessage());
        }
    }

    /** The default name for a daemon pinned to one GPU: {@code gpu-<full uuid>}. */
    public static String defaultFor(GpuUuid uuid) {
        return "gpu-" + uuid.bare();
    }
}
