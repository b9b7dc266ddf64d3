package dev.cumps.core.message;

/**
 * A failure the operator can act on. It carries a {@link Message}: the CLI prints its English as
 * {@code error: <message>}, the window renders it in the user's language.
 */
public class CumpsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Message text;

    public CumpsException(Message text) {
        super(text.english());
        this.text = text;
    }

    public CumpsException(Message text, Throwable cause) {
        super(text.english(), cause);
        this.text = text;
    }

    /** The failure as a message: what the window renders in its language. */
    public Message errorMessage() {
        return text;
    }
}
