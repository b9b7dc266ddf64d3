package dev.cumps.app.guide;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;

/**
 * The user guide as the window shows it: {@code docs/guide.md}, or {@code docs/guide.zh-CN.md} for a
 * Chinese window, packed into the jar by the build (the same Markdown as in the repository and the
 * packages; decision 0014) and parsed with commonmark-java. Being part of the jar, it needs no
 * launcher property and no file others could shape.
 */
public final class GuideDocument {
    /** Where the build packs the guides. */
    static final String FOLDER = "/dev/cumps/app/guide/";

    private final Locale language;
    private final String markdown;
    private final Node root;

    private GuideDocument(Locale language, String markdown) {
        this.language = language;
        this.markdown = markdown;
        this.root = Parser.builder().build().parse(markdown);
    }

    /** The guide in {@code locale}'s language: Simplified Chinese for Chinese, else English. */
    public static GuideDocument forLocale(Locale locale) {
        Locale language = languageOf(locale);
        return of(language, read(language.equals(Locale.SIMPLIFIED_CHINESE) ? "guide.zh-CN.md" : "guide.md"));
    }

    /** The guide's language for a window in {@code locale}: Simplified Chinese for Chinese, else English. */
    public static Locale languageOf(Locale locale) {
        return "zh".equals(Objects.requireNonNull(locale, "locale").getLanguage()) ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
    }

    /** A guide of the given text (tests). */
    public static GuideDocument of(Locale language, String markdown) {
        return new GuideDocument(language, markdown);
    }

    private static String read(String name) {
        try (InputStream in = GuideDocument.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar has no " + FOLDER + name + " (the build copies docs/" + name + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** English or Simplified Chinese. */
    public Locale language() {
        return language;
    }

    /** The Markdown as written. */
    public String markdown() {
        return markdown;
    }

    /** The parsed document. */
    Node root() {
        return root;
    }
}
