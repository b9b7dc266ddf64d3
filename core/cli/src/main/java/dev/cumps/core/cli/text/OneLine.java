package dev.cumps.core.cli.text;

/** The CLI's one-line error: {@code error: <message>}, with the message flattened and escaped for a terminal. */
public final class OneLine {
    private OneLine() {
    }

    /**
     * The message as one printable line: every control character, a line feed included, is shown escaped
     * ({@code \n}), so a newline the user typed into a name reads as one, not as a space.
     */
    public static String of(String message) {
        return message == null ? "" : TerminalEscapes.escape(message.strip());
    }

    /** {@code error: <message>} as one printable line. */
    public static String error(String message) {
        return "error: " + of(message);
    }
}
