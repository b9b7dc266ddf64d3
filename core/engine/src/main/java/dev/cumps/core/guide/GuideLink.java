package dev.cumps.core.guide;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the user guide ({@code docs/guide.md}) is on this machine, and the link to one of its
 * entries. The launchers name the guide with the system property {@value #PROPERTY} (an absolute
 * path: {@code <repo>/docs/guide.md} in the source tree, {@code <image>/lib/docs/guide.md} in the
 * app image, {@code /usr/share/doc/cumps/guide.md} from the .deb, with {@code guide.zh-CN.md} beside
 * it: {@link #file(String)}); a value that is missing,
 * relative, or not a regular file (a link is not followed) means no guide is known. Then the link
 * is the guide's path in the source tree, {@code docs/guide.md#anchor}, which still names the entry
 * for a reader of the repository.
 */
public final class GuideLink {
    /** The system property the launchers set to the guide's absolute path. */
    public static final String PROPERTY = "cumps.guide";
    /** The guide's path in the source tree (and in the published repository). */
    public static final String SOURCE_PATH = "docs/guide.md";
    /** The Chinese guide's name, beside the English one. */
    public static final String CHINESE_NAME = "guide.zh-CN.md";

    private static final GuideLink NONE = new GuideLink(Optional.empty());

    private final Optional<Path> file;

    private GuideLink(Optional<Path> file) {
        this.file = file;
    }

    /** No guide known: links are {@code docs/guide.md#anchor}. */
    public static GuideLink none() {
        return NONE;
    }

    /** The guide the launcher named with {@code -D}{@value #PROPERTY}, if it is one. */
    public static GuideLink fromSystemProperty() {
        return of(System.getProperty(PROPERTY));
    }

    /** The guide at {@code location} when that is an absolute path of a regular file (not a link), else none. */
    public static GuideLink of(String location) {
        if (location == null || location.isBlank()) {
            return NONE;
        }
        Path path;
        try {
            path = Path.of(location);
        } catch (InvalidPathException e) {
            return NONE;
        }
        if (!path.isAbsolute() || !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            return NONE;
        }
        return new GuideLink(Optional.of(path.normalize()));
    }

    /** The guide file, when one is known. */
    public Optional<Path> file() {
        return file;
    }

    /**
     * The guide file in {@code language} (an ISO 639 code): for {@code zh} the Chinese guide
     * {@code guide.zh-CN.md} beside the English one when it is there as a regular file (not a link),
     * otherwise the English guide; empty when no guide is known.
     */
    public Optional<Path> file(String language) {
        if ("zh".equals(language)) {
            Optional<Path> chinese = file.map(f -> f.resolveSibling(CHINESE_NAME)).filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS));
            if (chinese.isPresent()) {
                return chinese;
            }
        }
        return file;
    }

    /** {@code file:///…/guide.md#anchor} when the guide is known. */
    public Optional<String> link(String anchor) {
        Objects.requireNonNull(anchor, "anchor");
        return file.map(f -> f.toUri() + "#" + anchor);
    }

    /** The link as shown to a user: {@link #link} when the guide is known, else {@code docs/guide.md#anchor}. */
    public String shown(String anchor) {
        return link(anchor).orElse(SOURCE_PATH + "#" + anchor);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GuideLink other && file.equals(other.file);
    }

    @Override
    public int hashCode() {
        return file.hashCode();
    }

    @Override
    public String toString() {
        return file.map(Path::toString).orElse(SOURCE_PATH);
    }
}
