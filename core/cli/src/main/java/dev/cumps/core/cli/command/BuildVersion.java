package dev.cumps.core.cli.command;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version filtered into the jar at build time. Apart from {@link VersionProvider} (picocli's) so that
 * the fast path's {@code --version} loads no picocli class (issue 22).
 */
public final class BuildVersion {
    private static final String RESOURCE = "/dev/cumps/core/cli/version.properties";

    private BuildVersion() {
    }

    /** The build's version, or {@code unknown} when the resource is missing. */
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // Fall through to "unknown".
        }
        return p.getProperty("version", "unknown");
    }
}
