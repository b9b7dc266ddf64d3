package dev.cumps.core.testing;

import java.util.ArrayList;
import java.util.List;
import org.quicktheories.QuickTheory;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * What the {@code *PropertyTest} classes share on top of QuickTheories: the runner with a per-property
 * number of examples, and the character and string generators (any UTF-16 unit, a range, an
 * alphabet) the parsers are fed with.
 *
 * <p>QuickTheories itself reads the system properties {@code QT_SEED} (the seed a failing run
 * prints as "Seed was ..."), {@code QT_EXAMPLES}, {@code QT_SHRINKS}, {@code QT_ATTEMPTS},
 * {@code QT_TESTING_TIME} and {@code QT_PROFILE}; surefire passes {@code -D} options given to Maven
 * on to the test JVM. A count set in code with {@code withExamples} would override
 * {@code QT_EXAMPLES}, so {@link #qt(int)} lets {@code -DQT_EXAMPLES=n} win.
 */
public final class Props {
    /** The system property QuickTheories reads for the number of examples. */
    public static final String EXAMPLES = "QT_EXAMPLES";

    private Props() {
    }

    /** A theory of {@code examples} examples ({@code -DQT_EXAMPLES=n} overrides), seeded from {@code -DQT_SEED} or the clock. */
    public static QuickTheory qt(int examples) {
        return QuickTheory.qt().withExamples(Integer.getInteger(EXAMPLES, examples));
    }

    /** Any character from {@code first} to {@code last}, both included; shrinks towards {@code first}. */
    public static Gen<Character> chars(char first, char last) {
        return Generate.range(first, last, first).map(c -> (char) c.intValue());
    }

    /**
     * Any character from {@code first} to {@code last} but those in {@code excluded}. (Built, not
     * filtered: QuickTheories gives up on an example after ten rejected draws.)
     */
    public static Gen<Character> chars(char first, char last, String excluded) {
        char[] skip = excluded.chars().filter(c -> c >= first && c <= last).distinct().sorted()
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString().toCharArray();
        return Generate.range(0, last - first - skip.length, 0).map(k -> {
            int c = first + k;
            for (char s : skip) {
                if (s <= c) {
                    c++;
                }
            }
            return (char) c;
        });
    }

    /** Any one of the characters of {@code alphabet}; shrinks towards its first. */
    public static Gen<Character> chars(String alphabet) {
        List<Character> cs = new ArrayList<>();
        for (char c : alphabet.toCharArray()) {
            cs.add(c);
        }
        return Generate.pick(cs);
    }

    /** Any UTF-16 unit: NUL, controls, lone surrogates, everything {@code char} can hold. */
    public static Gen<Character> anyChar() {
        return chars('\u0000', '\uffff');
    }

    /** Strings of {@code min} to {@code max} characters drawn from {@code chars}. */
    public static Gen<String> strings(Gen<Character> chars, int min, int max) {
        return SourceDSL.lists().of(chars).ofSizeBetween(min, max).map(cs -> {
            StringBuilder b = new StringBuilder(cs.size());
            cs.forEach(b::append);
            return b.toString();
        });
    }

    /** Strings of {@code min} to {@code max} characters of {@code alphabet}. */
    public static Gen<String> strings(String alphabet, int min, int max) {
        return strings(chars(alphabet), min, max);
    }

    /** Strings of {@code min} to {@code max} arbitrary UTF-16 units ({@link #anyChar()}). */
    public static Gen<String> anyStrings(int min, int max) {
        return strings(anyChar(), min, max);
    }

    /** A prefix of each generated string, cut anywhere from empty to whole. */
    public static Gen<String> cut(Gen<String> whole) {
        return in -> {
            String s = whole.generate(in);
            return s.substring(0, Generate.range(0, s.length()).generate(in));
        };
    }
}
