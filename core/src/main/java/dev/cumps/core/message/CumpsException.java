package dev.cumps.core.message;

import java.util.Optional;

/**
 * A failure the operator can act on. It carries a {@link Message}: the CLI prints its English as
 * {@code error: <message>}, the window renders it in the user's language.
 *
 * <p>The plain-string constructors remain only while the core is moved over to messages; new code
 * passes a {@link Message}.
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

    public CumpsException(String message) {
        super(message);
        this.text = null;
    }

    public CumpsException(String message, Throwable cause) {
        super(message, cause);
        this.text = null;
    }

    /** The failure as a message, when it was raised with one. */
    public Optional<Message> text() {
        return Optional.ofNullable(text);
    }
}
