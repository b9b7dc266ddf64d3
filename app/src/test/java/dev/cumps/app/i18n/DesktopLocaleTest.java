package dev.cumps.app.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The window's language comes from the environment's variables, not the JVM's default: {@code LANG=zh_CN.UTF-8}
 * alone gives the Chinese window also where that locale is not generated (the JVM then says English).
 */
class DesktopLocaleTest {

    @Test
    void langAloneGivesTheChineseWindowWhateverTheJvmSays() {
        Locale locale = Messages.desktopLocale(Map.of("LANG", "zh_CN.UTF-8"), Locale.ENGLISH);
        assertEquals(Locale.SIMPLIFIED_CHINESE, locale);
        assertEquals("MPS 控制台", Messages.forLocale(locale).get("app.title"));
    }

    @Test
    void thePosixOrderDecides() {
        assertEquals(Locale.ENGLISH.getLanguage(), Messages.desktopLocale(
                Map.of("LC_ALL", "en_US.UTF-8", "LANG", "zh_CN.UTF-8"), Locale.GERMAN).getLanguage());
        assertEquals(Locale.SIMPLIFIED_CHINESE, Messages.desktopLocale(
                Map.of("LC_MESSAGES", "zh_CN.utf8", "LANG", "en_GB.UTF-8"), Locale.ENGLISH));
        assertEquals(Locale.SIMPLIFIED_CHINESE, Messages.desktopLocale(
                Map.of("LANGUAGE", "zh_CN:en", "LANG", "en_US.UTF-8"), Locale.ENGLISH));
    }

    @Test
    void theCLocaleOrNothingLeavesTheJvmDefault() {
        assertEquals(Locale.ENGLISH, Messages.desktopLocale(Map.of("LC_ALL", "C", "LANG", "zh_CN.UTF-8"), Locale.ENGLISH));
        assertEquals(Locale.ENGLISH, Messages.desktopLocale(Map.of("LANG", "C.UTF-8", "LANGUAGE", "zh_CN"), Locale.ENGLISH));
        assertEquals(Locale.ENGLISH, Messages.desktopLocale(Map.of(), Locale.ENGLISH));
    }
}
