package dev.cumps.core.cli.command;

import dev.cumps.core.message.Message;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * The converter of every option that takes a pid ({@code terminate-client --pid}): 1 to 7 ASCII
 * digits naming 1 to Linux's {@code PID_MAX_LIMIT}. {@link Long#parseLong} alone would also take a
 * sign ({@code +3184}) and any Unicode decimal digit (Arabic-Indic {@code ٣١٨٤}, full-width
 * {@code ３１８４}), so a pid that looks like another one on screen could be acted on. Anything else is
 * a usage error; picocli prefixes the message with the option's name.
 */
public final class PidOption implements CommandLine.ITypeConverter<Long> {
    /** Linux's PID_MAX_LIMIT. */
    public static final long PID_MAX = 4_194_304L;

    /** {@code [0-9]} is ASCII only in Java's regular expressions (no UNICODE_CHARACTER_CLASS). */
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,7}");

    @Override
    public Long convert(String value) {
        return parse(value);
    }

    /** The pid {@code value} names; {@link CommandLine.TypeConversionException} for anything but a pid in ASCII digits. */
    public static long parse(String value) {
        if (!valid(value)) {
            throw new CommandLine.TypeConversionException(Message.of(CommandText.PID_INVALID, value).english());
        }
        return Long.parseLong(value);
    }

    /** Whether {@code value} is 1 to 7 ASCII digits naming a pid from 1 to {@value #PID_MAX}; shared with {@code FastPath}. */
    public static boolean valid(String value) {
        if (value == null || !DIGITS.matcher(value).matches()) {
            return false;
        }
        long pid = Long.parseLong(value);
        return pid >= 1 && pid <= PID_MAX;
    }
}
