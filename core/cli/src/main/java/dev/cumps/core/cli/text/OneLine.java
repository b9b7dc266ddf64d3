package dev.cumps.core.cli.text;

/** The CLI's one-line error: {@code error: <message>}, with the message flattened and escaped for a terminal. */
public final class OneLine {
    private OneLine() {
    }

    /** The message as one printable line: line breaks become spaces, other control characters are shown escaped. */
    public static String of(String message) {
        return message == null ? "" : Printable.escape(message.strip().replace('\n', ' '));
    }

    /** {@code error: <message>} as one printable line. */
    public static String error(String message) {
        return "error: " + of(message);
    }
}
