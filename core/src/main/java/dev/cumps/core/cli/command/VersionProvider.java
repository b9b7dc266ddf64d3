package dev.cumps.core.cli.command;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** {@code cumps --version}: {@code cumps <version>}, the version filtered into the jar at build time. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    private static final String RESOURCE = "/dev/cumps/core/cli/version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"cumps " + version()};
    }

    /** The build's version, or {@code unknown} when the resource is missing. */
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // Fall through to "unknown".
        }
        return p.getProperty("version", "unknown");
    }
}
