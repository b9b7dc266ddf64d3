package dev.cumps.sim;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How {@link SimTools#install(Path, SimToolOptions)} writes the stand-in launchers.
 *
 * @param classpath  class path the launchers run the stand-ins from; usually
 *                   {@link SimTools#currentClasspath()}
 * @param configFile JSON {@link SimConfig} the launchers export as {@code CUMPS_SIM_CONFIG} unless the
 *                   caller's environment already sets it; {@code null} for none
 */
public record SimToolOptions(String classpath, Path configFile) {

    public SimToolOptions {
        Objects.requireNonNull(classpath, "classpath");
        if (classpath.isBlank()) {
            throw new IllegalArgumentException("classpath is empty");
        }
    }
}
