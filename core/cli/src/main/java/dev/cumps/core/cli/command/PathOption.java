package dev.cumps.core.cli.command;

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

    /** Why a value cannot be used as a path, or {@code null} when it can: {@link PathValues#problem}. */
    public static String problem(String value) {
        return PathValues.problem(value);
    }
}
