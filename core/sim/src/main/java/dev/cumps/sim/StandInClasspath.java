package dev.cumps.sim;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Class-path discovery for the stand-in launchers: where this JVM can run the stand-ins from. */
final class StandInClasspath {

    private StandInClasspath() {
    }

    /**
     * The class path the stand-ins can run from in this JVM: the JVM's class path when it holds
     * this code (a directory of classes, or a jar with its dependencies beside it); else, when this
     * code comes from a jar that is not on it (a shaded jar started another way, or the module
     * path), that jar followed by the module path entries.
     */
    static String current() {
        String javaClassPath = System.getProperty("java.class.path", "");
        Path own = ownCodeSource();
        if (own == null || !Files.isRegularFile(own)) {
            return javaClassPath;
        }
        Set<String> entries = new LinkedHashSet<>();
        for (String entry : javaClassPath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        if (entries.contains(own.toString())) {
            return javaClassPath;
        }
        entries.clear();
        entries.add(own.toString());
        for (String entry : System.getProperty("jdk.module.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** {@code classpath} with its empty entries dropped and each entry but a {@code dir/*} wildcard made absolute. */
    static String absolute(String classpath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(entry.endsWith("*") ? entry : Path.of(entry).toAbsolutePath().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static Path ownCodeSource() {
        CodeSource source = StandInClasspath.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
