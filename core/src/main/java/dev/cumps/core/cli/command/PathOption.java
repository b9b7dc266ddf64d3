package dev.cumps.core.cli.command;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * The converter of every path option ({@code --records}, {@code --pipe-dir}, {@code --log-dir}).
 * An empty value would silently mean the working directory, and a value that was not valid in the
 * locale's encoding has already been decoded with replacement characters (U+FFFD) by the JVM, so
 * it would name another directory than the one typed: both are usage errors. Picocli prefixes the
 * message with the option's name.
 */
public final class PathOption implements CommandLine.ITypeConverter<Path> {
    /** What the JVM substitutes for bytes of {@code argv} it cannot decode. */
    static final char REPLACEMENT = '\uFFFD';

    @Override
    public Path convert(String value) {
        return parse(value);
    }

    /** The path a value names; {@link CommandLine.TypeConversionException} if it is empty or was not decodable. */
    public static Path parse(String value) {
        String problem = problem(value);
        if (problem != null) {
            throw new CommandLine.TypeConversionException(problem);
        }
        return Path.of(value);
    }

    /**
     * Why a value cannot be used as a path, or {@code null} when it can. The one rule for path
     * options, shared with {@code FastPath}, which declines what this refuses so that picocli reports it.
     */
    public static String problem(String value) {
        if (value.isEmpty()) {
            return "the path is empty; give a directory (use . for the current one)";
        }
        if (value.indexOf(REPLACEMENT) >= 0) {
            return "the path is not valid text in this locale's encoding (UTF-8)"
                    + " and cannot be used as given; choose a directory whose name is valid UTF-8";
        }
        try {
            Path.of(value);
            return null;
        } catch (InvalidPathException e) {
            return "'" + value + "' is not a usable path: " + e.getReason();
        }
    }
}
