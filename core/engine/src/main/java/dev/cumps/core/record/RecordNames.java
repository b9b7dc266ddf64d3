package dev.cumps.core.record;

import dev.cumps.core.gpu.GpuUuid;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.Optional;
import java.util.regex.Pattern;

/** Daemon names: {@code ^[a-z0-9][a-z0-9-]{0,63}$}, the same rule as uni-cumps. */
public final class RecordNames {
    public static final Pattern VALID = Pattern.compile("^[a-z0-9][a-z0-9-]{0,63}$");

    private RecordNames() {
    }

    public static String validate(String name) {
        Optional<Message> problem = problemText(name);
        if (problem.isPresent()) {
            throw new CumpsException(problem.get());
        }
        return name;
    }

    /** Why a name is invalid, or empty when it is valid; for validating as the user types. */
    public static Optional<Message> problemText(String name) {
        if (name == null || !VALID.matcher(name).matches()) {
            return Optional.of(Message.of(RecordText.INVALID_NAME, name == null ? "" : name.replace("\n", "\\n")));
        }
        return Optional.empty();
    }

    /** {@link #problemText(String)} in English. */
    public static Optional<String> problem(String name) {
        return problemText(name).map(Message::english);
    }

    /** The default name for a daemon pinned to one GPU: {@code gpu-<full uuid>}. */
    public static String defaultFor(GpuUuid uuid) {
        return "gpu-" + uuid.bare();
    }
}
