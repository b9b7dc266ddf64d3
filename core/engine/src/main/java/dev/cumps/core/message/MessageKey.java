package dev.cumps.core.message;

/**
 * One kind of user-visible text: a stable key and its English pattern. Each core package declares
 * its keys as an {@code enum} implementing this interface, so every key that can ever be produced
 * (also those chosen at run time, such as a compute mode's display name) is a constant that tests
 * can enumerate and check for a translation in every bundle of the window.
 *
 * <p>Patterns use {@code {0}}, {@code {1}}, ... for arguments and nothing else: no quoting rules and
 * no number formatting, so a pid prints as {@code 12345} in every language.
 */
public interface MessageKey {

    /** The area of the key (the owning package's short name), e.g. {@code lifecycle}. */
    String area();

    /** The constant's name, as {@link Enum#name()} gives it. */
    String name();

    /** The English pattern: what the CLI prints and logs show. */
    String english();

    /** The stable key: {@code <area>.<NAME>}, also the key in the window's bundles. */
    default String key() {
        return area() + "." + name();
    }
}
