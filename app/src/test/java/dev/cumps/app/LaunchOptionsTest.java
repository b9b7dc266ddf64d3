package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class LaunchOptionsTest {

    private final Messages messages = Messages.forLocale(Locale.ENGLISH);

    @Test
    void noArgumentsMeanTheRealHostInTheDesktopLanguage() {
        assertEquals(LaunchOptions.DEFAULTS, LaunchOptions.parse(new String[0], messages));
    }

    @Test
    void allOptionsAreRead() {
        LaunchOptions options = LaunchOptions.parse(
                new String[] {"--simulate", "--lang", "zh-CN", "--screenshot", "out.png"}, messages);
        assertTrue(options.simulate());
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE), options.language());
        assertEquals(Optional.of(Path.of("out.png")), options.screenshot());
    }

    @Test
    void languageAcceptsUnderscoreAndAnyCase() {
        assertEquals(Optional.of(Locale.SIMPLIFIED_CHINESE),
                LaunchOptions.parse(new String[] {"--lang=zh_cn"}, messages).language());
        assertEquals(Optional.of(Locale.ENGLISH),
                LaunchOptions.parse(new String[] {"--lang=EN"}, messages).language());
    }

    @Test
    void anUnsupportedLanguageIsRefusedWithTheChoices() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--lang", "fr"}, messages));
        assertTrue(e.getMessage().contains("en, zh-CN"), e.getMessage());
    }

    @Test
    void anUnknownOptionIsRefused() {
        assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--simulated"}, messages));
    }

    @Test
    void headlessPlatformIsChosenOnlyWithoutADisplay() {
        Properties noDisplay = new Properties();
        assertTrue(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of(), noDisplay));
        assertEquals("Monocle", noDisplay.getProperty("glass.platform"));
        assertEquals("Headless", noDisplay.getProperty("monocle.platform"));
        assertEquals("sw", noDisplay.getProperty("prism.order"));

        Properties x11 = new Properties();
        assertFalse(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of("DISPLAY", ":0"), x11));
        assertTrue(x11.isEmpty());

        Properties wayland = new Properties();
        assertFalse(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0"), wayland));
        assertTrue(wayland.isEmpty());
    }

    @Test
    void aPlatformChosenByTheCallerIsKept() {
        Properties gtk = new Properties();
        gtk.setProperty("glass.platform", "gtk");
        assertFalse(ConsoleLauncher.selectHeadlessPlatformIfNoDisplay(Map.of(), gtk));
        assertEquals("gtk", gtk.getProperty("glass.platform"));
    }
    @ParameterizedTest
    @ValueSource(strings = {"", "shot\uFFFD.png"})
    void anEmptyOrUndecodableScreenshotPathIsRefusedNamingTheOption(String value) {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> LaunchOptions.parse(new String[] {"--screenshot", value}, messages));
        assertTrue(e.getMessage().contains("--screenshot"), e.getMessage());
        assertTrue(e.getMessage().contains(value.isEmpty() ? "empty" : "UTF-8"), e.getMessage());
    }
}
