package dev.cumps.app.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.CoreText;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.guide.GuideEntries;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Simplified Chinese guide the window shows ({@code docs/guide.zh-CN.md}, packed into the jar)
 * keeps up with the English one: the same entry for every doctor check, under a heading with the
 * check's id and its Chinese title as the doctor table shows it, with the three parts; the same
 * code blocks; and every window control it names in italics or bold (a label ending in "…") is the
 * label the Chinese window shows, never an English one.
 */
class ChineseGuideTest {
    private static final GuideDocument ENGLISH = GuideDocument.forLocale(Locale.ENGLISH);
    private static final GuideDocument CHINESE = GuideDocument.forLocale(Locale.SIMPLIFIED_CHINESE);
    private static final Pattern FENCE = Pattern.compile("(?s)```[a-z]*\\n(.*?)```");
    private static final Pattern NAMED = Pattern.compile("\\*{1,2}([^*`\\n]+…)\\*{1,2}");

    @Test
    void everyCheckHasAChineseEntryWithItsChineseTitleAndTheThreeParts() {
        GuideEntries entries = GuideEntries.parse(CHINESE.markdown());
        CoreText chinese = CoreText.forLocale(Locale.SIMPLIFIED_CHINESE);
        List<String> problems = new ArrayList<>();
        for (DoctorCheckId id : DoctorCheckId.values()) {
            String entry = entries.get(id.anchor()).orElse(null);
            if (entry == null) {
                problems.add(id.id() + ": no <a id=\"" + id.anchor() + "\"></a>");
                continue;
            }
            String title = chinese.translation(id).orElseThrow();
            String heading = entry.lines().findFirst().orElse("");
            if (!heading.equals("### `" + id.id() + "`：" + title)) {
                problems.add(id.id() + ": heading " + heading + ", expected ### `" + id.id() + "`：" + title);
            }
            for (String part : List.of("**含义。**", "**修复方法。**", "**验证。**")) {
                if (!entry.contains(part)) {
                    problems.add(id.id() + ": no " + part);
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void theChineseGuideHasTheEnglishGuidesCodeBlocks() {
        assertEquals(blocks(ENGLISH.markdown()), blocks(CHINESE.markdown()));
    }

    @Test
    void everyControlTheChineseGuideNamesIsTheChineseWindowsLabel() throws IOException {
        Set<String> chineseLabels = values("messages_zh_CN.properties");
        Set<String> englishLabels = values("messages.properties");
        Set<String> named = new TreeSet<>();
        Matcher m = NAMED.matcher(CHINESE.markdown());
        while (m.find()) {
            named.add(m.group(1));
        }
        assertTrue(named.size() >= 6, "the guide names the window's controls: " + named);
        List<String> unknown = named.stream().filter(n -> !chineseLabels.contains(n)).toList();
        assertTrue(unknown.isEmpty(), "named in the Chinese guide but not a label of the Chinese window: " + unknown);
        List<String> english = englishLabels.stream().filter(l -> l.endsWith("…") && !l.contains("{"))
                .filter(l -> CHINESE.markdown().contains(l)).toList();
        assertTrue(english.isEmpty(), "English labels in the Chinese guide: " + english);
    }

    @Test
    void theLabelCheckFindsAnEnglishOrUnknownName() throws IOException {
        Matcher m = NAMED.matcher("选中这一行并按 **Fix…**，或 *停止守护进程…*。");
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        assertEquals(List.of("Fix…", "停止守护进程…"), found);
        assertTrue(!values("messages_zh_CN.properties").contains("Fix…"));
    }

    private static List<String> blocks(String markdown) {
        List<String> out = new ArrayList<>();
        Matcher m = FENCE.matcher(markdown);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static Set<String> values(String bundle) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = ChineseGuideTest.class.getResourceAsStream("/dev/cumps/app/i18n/" + bundle)) {
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        Set<String> values = new TreeSet<>();
        properties.values().forEach(v -> values.add(v.toString()));
        return values;
    }
}
