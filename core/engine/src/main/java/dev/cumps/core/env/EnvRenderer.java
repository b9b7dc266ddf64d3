package dev.cumps.core.env;

import java.util.Map;

/** Writes a launch environment's variables in one consumer's syntax; one class per {@link EnvFormat}. */
interface EnvRenderer {
    /** The whole text for {@code variables} (name to value, in order), ending in a newline. */
    String render(Map<String, String> variables);
}
