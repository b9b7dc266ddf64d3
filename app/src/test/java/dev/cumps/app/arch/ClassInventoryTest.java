package dev.cumps.app.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every production package has a {@code package-info.java}, and its Javadoc names every top-level type of the
 * package (the file's simple name, as a whole word: {@code {@link Foo}}, {@code {@code Foo}} or plain text), so
 * that it is the class inventory docs/architecture.md promises. Run from the window module, where the core's
 * sources are one folder up (as {@link ClassSizeTest}); a class added without a line there fails this test.
 */
class ClassInventoryTest {

    private static final String PACKAGE_INFO = "package-info.java";
    private static final Pattern JAVADOC = Pattern.compile("/\\*\\*(.*?)\\*/", Pattern.DOTALL);

    @Test
    void everyPackageInfoNamesEveryClassOfItsPackage() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path root : ProductionSources.roots()) {
            missing.addAll(missing(root));
        }
        assertEquals(List.of(), missing, "name each class in its package's package-info.java (one short phrase)");
    }

    @Test
    void aClassTheInventoryLeavesOutIsFound(@TempDir Path dir) throws IOException {
        Path listed = Files.createDirectories(dir.resolve("a"));
        Files.writeString(listed.resolve(PACKAGE_INFO),
                "/**\n * The a things: {@link Named}, {@code Coded} and Plain.\n */\npackage a;\n");
        for (String name : List.of("Named", "Coded", "Plain", "NamedTwice", "Forgotten")) {
            Files.writeString(listed.resolve(name + ".java"), "package a;\n\nfinal class " + name + " {\n}\n");
        }
        Path bare = Files.createDirectories(dir.resolve("b"));
        Files.writeString(bare.resolve("Alone.java"), "package b;\n\nfinal class Alone {\n}\n");
        Files.createDirectories(dir.resolve("c"));
        assertEquals(List.of("a: Forgotten", "a: NamedTwice", "b: no " + PACKAGE_INFO), missing(dir));
    }

    /**
     * The gaps under {@code root}: "package: Name" for a type its package-info does not name, and
     * "package: no package-info.java" for a package without one (package as a path relative to {@code root}).
     */
    static List<String> missing(Path root) throws IOException {
        Map<Path, List<String>> types = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.getFileName().toString().endsWith(".java"))
                    .forEach(f -> types.computeIfAbsent(f.getParent(), d -> new ArrayList<>())
                            .add(f.getFileName().toString()));
        }
        List<String> found = new ArrayList<>();
        for (Map.Entry<Path, List<String>> entry : types.entrySet()) {
            String where = root.relativize(entry.getKey()).toString();
            Path info = entry.getKey().resolve(PACKAGE_INFO);
            if (!Files.isRegularFile(info)) {
                found.add(where + ": no " + PACKAGE_INFO);
                continue;
            }
            String inventory = javadoc(Files.readString(info, StandardCharsets.UTF_8));
            entry.getValue().stream()
                    .filter(file -> !file.equals(PACKAGE_INFO))
                    .map(file -> file.substring(0, file.length() - ".java".length()))
                    .filter(name -> !Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(inventory).find())
                    .sorted()
                    .forEach(name -> found.add(where + ": " + name));
        }
        return found;
    }

    /** The text of every Javadoc comment in {@code source}, one after the other. */
    private static String javadoc(String source) {
        StringBuilder text = new StringBuilder();
        Matcher comment = JAVADOC.matcher(source);
        while (comment.find()) {
            text.append(comment.group(1)).append('\n');
        }
        return text.toString();
    }
}
