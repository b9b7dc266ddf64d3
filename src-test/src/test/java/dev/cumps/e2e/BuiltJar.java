package dev.cumps.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * Makes sure the end-to-end suite tests the jar built from the current sources: a jar left over from
 * another checkout, branch or edit would make every test here prove nothing about the code under
 * review. Checked once per JVM: no core source or resource is newer than {@code cumps.jar}, and every
 * class in {@code core/cli/target/classes} is in the jar with the same bytes (CRC-32).
 */
final class BuiltJar {
    private static volatile Path verified;

    private BuiltJar() {
    }

    static void verify(Path jar) {
        if (jar.equals(verified)) {
            return;
        }
        Optional<String> problem = problem(jar);
        if (problem.isPresent()) {
            throw new IllegalStateException(jar + " was not built from the current sources (" + problem.get()
                    + "): rebuild it with `mvn -o -q -pl core/cli -am package -DskipTests`, or run the suite as `mvn -pl src-test -am verify`");
        }
        verified = jar;
    }

    /** Why the jar is not the current build, if it is not. */
    static Optional<String> problem(Path jar) {
        try {
            if (!Files.isRegularFile(jar)) {
                return Optional.of("it is missing");
            }
            Path core = jar.getParent().getParent();
            FileTime built = Files.getLastModifiedTime(jar);
            Path sources = core.resolve("src/main");
            if (Files.isDirectory(sources)) {
                try (Stream<Path> walk = Files.walk(sources)) {
                    Optional<Path> newer = walk.filter(Files::isRegularFile).filter(p -> modified(p).compareTo(built) > 0).findFirst();
                    if (newer.isPresent()) {
                        return Optional.of(core.relativize(newer.get()) + " changed after the jar was built");
                    }
                }
            }
            Path classes = core.resolve("target/classes");
            if (!Files.isDirectory(classes)) {
                return Optional.of(classes + " is missing");
            }
            try (JarFile file = new JarFile(jar.toFile()); Stream<Path> walk = Files.walk(classes)) {
                for (Path c : walk.filter(p -> p.toString().endsWith(".class")).toList()) {
                    String entryName = classes.relativize(c).toString();
                    JarEntry entry = file.getJarEntry(entryName);
                    if (entry == null) {
                        return Optional.of(entryName + " is in target/classes but not in the jar");
                    }
                    CRC32 crc = new CRC32();
                    crc.update(Files.readAllBytes(c));
                    if (entry.getCrc() != crc.getValue()) {
                        return Optional.of(entryName + " in the jar differs from target/classes");
                    }
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot read it: " + e.getMessage());
        }
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
