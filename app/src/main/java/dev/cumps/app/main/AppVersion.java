package dev.cumps.app.main;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The build's version for Help → About: the one {@code cumps --version} prints, filtered into the jar at build time. */
final class AppVersion {

    /** The console's own, as {@code mps-console --version} reads it (the CLI's is not on the console's class path: review L-1). */
    static final String RESOURCE = "/dev/cumps/app/version.properties";

    private AppVersion() {
    }

    /** The version, or {@code unknown} when the build left no version resource. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = AppVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // Fall through to "unknown".
        }
        return p.getProperty("version", "unknown");
    }
}
