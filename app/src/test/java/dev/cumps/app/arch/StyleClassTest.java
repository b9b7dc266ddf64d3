package dev.cumps.app.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.Styles;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.MonospaceFont;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every style class of the window is a constant: AtlantaFX's {@link Styles} where AtlantaFX defines that very
 * class, else {@link ConsoleStyles}. This holds the vocabulary and the stylesheet together (a constant that says
 * console.css styles it is a selector there, one that says it is not is none, and none repeats an AtlantaFX name)
 * and scans the window's sources for a style class written as an inline string: a string literal handed to
 * {@code getStyleClass()}, or any string literal that is one of the vocabulary's hyphenated names (a helper's
 * argument; a one-word name such as {@code diagnostic} is also a node's id or a property's name, so only a
 * literal handed to {@code getStyleClass()} counts for those).
 */
class StyleClassTest {

    private static final String UNSTYLED = "not in console.css";
    private static final Pattern STYLE_CLASS_CALL = Pattern.compile("getStyleClass\\(\\)\\s*\\.\\s*\\w+\\s*\\(([^;]*)");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern SELECTOR = Pattern.compile("\\.([a-z][a-z0-9-]*)");

    @Test
    void eachConstantIsASelectorOfTheStylesheetExactlyWhenItsLineSaysSo() throws IOException {
        Set<String> selectors = selectors(stylesheet() + "\n" + MonospaceFont.SELECTOR);
        Map<String, String> javadocs = javadocs(Files.readString(source(ConsoleStyles.class), StandardCharsets.UTF_8));
        Set<String> atlantafx = Set.copyOf(constants(Styles.class).values());
        List<String> wrong = new ArrayList<>();
        constants(ConsoleStyles.class).forEach((field, name) -> {
            String line = javadocs.getOrDefault(field, "");
            boolean styled = selectors.contains(name);
            if (line.isBlank()) {
                wrong.add(field + ": no one-line Javadoc");
            } else if (styled && line.contains(UNSTYLED)) {
                wrong.add(field + ": console.css has ." + name + ", its line says it does not");
            } else if (!styled && !line.contains(UNSTYLED)) {
                wrong.add(field + ": console.css has no ." + name + " (rename it there too, or say '" + UNSTYLED + "')");
            }
            if (atlantafx.contains(name)) {
                wrong.add(field + ": AtlantaFX's Styles has \"" + name + "\": use that constant");
            }
        });
        assertEquals(List.of(), wrong);
        assertTrue(constants(ConsoleStyles.class).size() > 50, "the vocabulary was read: " + constants(ConsoleStyles.class).size());
    }

    @Test
    void noStyleClassIsAnInlineStringInTheWindowsCode() throws IOException {
        Path main = Path.of("src/main/java").toAbsolutePath();
        assertTrue(Files.isDirectory(main), main + " is missing: run from the app module");
        assertEquals(List.of(), inline(main, Set.copyOf(constants(ConsoleStyles.class).values())),
                "use ConsoleStyles' constant (or AtlantaFX's Styles) for these");
    }

    @Test
    void anInlineStyleClassIsFound(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Inline.java"), """
                final class Inline {
                    void build() {
                        label.getStyleClass().add("muted");
                        cell.getStyleClass().addAll(ConsoleStyles.EVIDENCE_CELL, "brand-new");
                        box = blocks(node, "guide-quote");
                    }
                }
                """);
        Files.writeString(dir.resolve("Clean.java"), """
                final class Clean {
                    void build() {
                        label.getStyleClass().add(ConsoleStyles.MUTED);
                        button.getStyleClass().add(Styles.ACCENT);
                        title.setText(messages.get("doctor.title"));
                        diagnostic.setId("diagnostic");
                    }
                }
                """);
        assertEquals(List.of("Inline.java:3: \"muted\"", "Inline.java:4: \"brand-new\"", "Inline.java:5: \"guide-quote\""),
                inline(dir, Set.of("muted", "guide-quote", "evidence-cell", "diagnostic")));
    }

    /** Each inline style class under {@code root} as "path:line: "name"", in file and line order. */
    static List<String> inline(Path root, Set<String> vocabulary) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                if (file.getFileName().toString().equals(ConsoleStyles.class.getSimpleName() + ".java")) {
                    continue;
                }
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    Set<String> names = new TreeSet<>();
                    Matcher call = STYLE_CLASS_CALL.matcher(lines.get(i));
                    while (call.find()) {
                        literals(call.group(1)).forEach(names::add);
                    }
                    literals(lines.get(i)).stream().filter(v -> v.contains("-") && vocabulary.contains(v)).forEach(names::add);
                    for (String name : names) {
                        found.add(root.relativize(file) + ":" + (i + 1) + ": \"" + name + "\"");
                    }
                }
            }
        }
        return found;
    }

    private static List<String> literals(String code) {
        List<String> values = new ArrayList<>();
        Matcher literal = LITERAL.matcher(code);
        while (literal.find()) {
            values.add(literal.group(1));
        }
        return values;
    }

    /** The {@code public static final String} constants of {@code type}, field name to value, in declaration order. */
    private static Map<String, String> constants(Class<?> type) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Field field : type.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)
                    && field.getType() == String.class) {
                try {
                    values.put(field.getName(), (String) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return values;
    }

    /** Each constant's one-line Javadoc, by field name, from the source. */
    private static Map<String, String> javadocs(String source) {
        Map<String, String> lines = new LinkedHashMap<>();
        Matcher m = Pattern.compile("/\\*\\*(.*?)\\*/\\s*public static final String (\\w+)").matcher(source);
        while (m.find()) {
            lines.put(m.group(2), m.group(1).strip());
        }
        return lines;
    }

    /** The class names console.css selects on (comments left out). */
    private static Set<String> selectors(String css) {
        Set<String> names = new TreeSet<>();
        Matcher m = SELECTOR.matcher(css.replaceAll("(?s)/\\*.*?\\*/", ""));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static String stylesheet() throws IOException {
        try (InputStream in = ConsoleStyles.class.getResourceAsStream("/dev/cumps/app/console.css")) {
            assertTrue(in != null, "console.css is on the class path");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Path source(Class<?> type) {
        return Path.of("src/main/java", type.getName().replace('.', '/') + ".java");
    }
}
