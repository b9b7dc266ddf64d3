package dev.cumps.app.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.Message;
import dev.cumps.core.message.MessageKey;
import dev.cumps.core.message.Templates;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every key the core can produce has a Chinese translation with the same placeholders. The keys are
 * found by scanning core's compiled classes for enums implementing {@link MessageKey}, so a key added
 * anywhere in core (also one chosen at run time) is checked without registering it here.
 */
class CoreTextTranslationsTest {

    private final CoreText chinese = CoreText.forLocale(Locale.SIMPLIFIED_CHINESE);

    @Test
    void everyCoreKeyHasAChineseTranslationWithTheSamePlaceholders() throws Exception {
        List<String> problems = new ArrayList<>();
        for (MessageKey key : allCoreKeys()) {
            var translation = chinese.translation(key);
            if (translation.isEmpty()) {
                problems.add(key.key() + ": no zh_CN translation (add it to dev/cumps/app/i18n/core/"
                        + key.area() + "_zh_CN.properties)");
                continue;
            }
            String zh = translation.get();
            if (Templates.arity(zh) != Templates.arity(key.english())) {
                problems.add(key.key() + ": placeholders differ from the English pattern '" + key.english() + "'");
            }
            if (zh.chars().noneMatch(c -> c > 0x2E80)) {
                problems.add(key.key() + ": translation has no Chinese text: " + zh);
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void theScanFindsTheCoreKeysAndTheirAreasAreUnique() throws Exception {
        List<MessageKey> keys = allCoreKeys();
        assertEquals(keys.size(), keys.stream().map(MessageKey::key).distinct().count(), "duplicate keys");
    }

    @Test
    void nestedMessagesAreRenderedInTheSameLanguageAndEvidenceStaysRaw() {
        MessageKey outer = new TestKey("t", "OUTER", "daemon {0} is {1}");
        MessageKey inner = new TestKey("t", "INNER", "stale");
        Map<String, String> zh = Map.of("t.OUTER", "守护进程 {0} {1}", "t.INNER", "已失效");
        Message message = Message.of(outer, "gpu-0", Message.of(inner));
        assertEquals("daemon gpu-0 is stale", message.english());
        assertEquals("守护进程 gpu-0 已失效", message.render(k -> zh.get(k.key())));
    }

    private record TestKey(String area, String name, String english) implements MessageKey {
    }

    /** All constants of all enums in core that implement {@link MessageKey}. */
    static List<MessageKey> allCoreKeys() throws IOException, URISyntaxException, ClassNotFoundException {
        Path location = Path.of(MessageKey.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<MessageKey> keys = new ArrayList<>();
        if (Files.isDirectory(location)) {
            collect(location, keys);
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(location)) {
                collect(jar.getPath("/"), keys);
            }
        }
        return keys;
    }

    private static void collect(Path root, List<MessageKey> keys) throws IOException, ClassNotFoundException {
        List<String> names;
        try (Stream<Path> files = Files.walk(root.resolve("dev/cumps"))) {
            names = files.map(p -> root.relativize(p).toString())
                    .filter(n -> n.endsWith(".class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .sorted().toList();
        }
        ClassLoader loader = CoreTextTranslationsTest.class.getClassLoader();
        for (String name : names) {
            Class<?> type = Class.forName(name, false, loader);
            if (type.isEnum() && MessageKey.class.isAssignableFrom(type)) {
                for (Object constant : type.getEnumConstants()) {
                    keys.add((MessageKey) constant);
                }
            }
        }
    }
}
