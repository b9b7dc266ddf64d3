package dev.cumps.core;

/**
 * A failure the operator can act on. Its message is one line that says what went wrong and what to
 * do; the CLI prints it as {@code error: <message>} and the window shows it in a dialog.
 */
public class CumpsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CumpsException(String message) {
        super(message);
    }

    public CumpsException(String message, Throwable cause) {
        super(message, cause);
    }
}
