package dev.cumps.app.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class MessagesTest {

    private static final Pattern KEY_LITERAL = Pattern.compile("\\bmessages\\.get\\(\\s*\"([^\"]+)\"");

    @Test
    void bothBundlesHaveTheSameKeys() throws IOException {
        Set<String> english = load("messages.properties").stringPropertyNames();
        Set<String> chinese = load("messages_zh_CN.properties").stringPropertyNames();
        Set<String> onlyEnglish = new TreeSet<>(english);
        onlyEnglish.removeAll(chinese);
        Set<String> onlyChinese = new TreeSet<>(chinese);
        onlyChinese.removeAll(english);
        assertEquals(Set.of(), onlyEnglish, "keys missing from messages_zh_CN.properties");
        assertEquals(Set.of(), onlyChinese, "keys missing from messages.properties");
    }

    @Test
    void noValueIsEmpty() throws IOException {
        for (String bundle : List.of("messages.properties", "messages_zh_CN.properties")) {
            Properties p = load(bundle);
            Set<String> empty = p.stringPropertyNames().stream()
                    .filter(key -> p.getProperty(key).isBlank())
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(Set.of(), empty, "empty values in " + bundle);
        }
    }

    /** Review 2026-12-06 L-15: "您" in About and Stop all, "你" everywhere else; the window says "你" throughout. */
    @Test
    void chineseAddressesTheUserOneWay() throws IOException {
        Set<String> formal = new TreeSet<>();
        try (Stream<Path> bundles = Files.walk(Path.of("src/main/resources/dev/cumps/app/i18n"))) {
            for (Path bundle : (Iterable<Path>) bundles.filter(f -> f.toString().endsWith("_zh_CN.properties"))::iterator) {
                Files.readAllLines(bundle, StandardCharsets.UTF_8).stream().filter(line -> line.contains("\u60a8") || line.contains("您"))
                        .forEach(line -> formal.add(bundle.getFileName() + ": " + line));
            }
        }
        assertEquals(Set.of(), formal);
    }

    @Test
    void everyKeyUsedInTheSourcesExists() throws IOException {
        Set<String> used = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
                Matcher m = KEY_LITERAL.matcher(Files.readString(file));
                while (m.find()) {
                    used.add(m.group(1));
                }
            }
        }
        assertTrue(used.size() >= 10, "the scan found too few keys to be working: " + used);
        Set<String> missing = new TreeSet<>(used);
        missing.removeAll(load("messages.properties").stringPropertyNames());
        assertEquals(Set.of(), missing, "keys used in src/main/java but not defined");
    }

    @Test
    void chineseTextIsReadAsUtf8() {
        assertEquals("守护进程", Messages.forLocale(Locale.SIMPLIFIED_CHINESE).get("main.daemons"));
    }

    @Test
    void englishIsGivenEvenWhenTheDesktopIsChinese() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
        try {
            assertEquals("Daemons", Messages.forLocale(Locale.ENGLISH).get("main.daemons"));
            assertEquals("Daemons", Messages.forLocale(Locale.GERMAN).get("main.daemons"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void argumentsAreFormatted() {
        Messages messages = Messages.forLocale(Locale.ENGLISH);
        assertEquals("Unsupported language 'fr'; choose one of: en, zh-CN",
                messages.get("launch.error.lang", "fr", "en, zh-CN"));
    }

    @Test
    void aMissingKeyIsVisibleInsteadOfFatal() {
        assertEquals("!no.such.key!", Messages.forLocale(Locale.ENGLISH).get("no.such.key"));
    }

    private static Properties load(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Messages.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        assertFalse(p.isEmpty(), name);
        return p;
    }
}
