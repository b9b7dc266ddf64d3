package dev.cumps.core.cli.command;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What {@code cumps --version} prints: the version filtered into the jar at build time, and the Java runtime
 * it runs on (a package bundles its own: whether that has its security updates shows here). Apart from
 * {@link VersionProvider} (picocli's) so that the fast path's {@code --version} loads no picocli class.
 */
public final class BuildVersion {
    private static final String RESOURCE = "/dev/cumps/core/cli/version.properties";

    private BuildVersion() {
    }

    /** {@code cumps --version}'s lines: {@code cumps <version>}, then the runtime. */
    public static String[] lines() {
        return new String[] {"cumps " + version(), runtime()};
    }

    /** The runtime: {@code runtime: Java <version> (<vendor>) in <java.home>}. */
    public static String runtime() {
        return "runtime: Java " + Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ") in "
                + System.getProperty("java.home", "?");
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
