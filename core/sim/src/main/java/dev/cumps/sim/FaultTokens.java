package dev.cumps.sim;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Shared parsing of fault tokens such as {@code launch-fails} (also accepted as {@code LAUNCH_FAILS}). */
final class FaultTokens {

    private FaultTokens() {
    }

    static <E extends Enum<E>> E parse(Class<E> type, E[] values, String token, Function<E, String> spelling,
            E none) {
        if (token == null || token.isBlank()) {
            return none;
        }
        String wanted = token.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (E value : values) {
            if (spelling.apply(value).equals(wanted)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName() + " '" + token + "'; expected one of "
                + Arrays.stream(values).map(spelling).collect(Collectors.joining(", ")));
    }
}
