package dev.cumps.core.message;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A user-visible text as data: a {@link MessageKey} and typed arguments. The CLI and logs use
 * {@link #english()}; the window renders the same message through its resource bundles with
 * {@link #render(Function)}, so a Chinese window shows Chinese wherever the core speaks.
 *
 * <p>Arguments are raw evidence that is never translated ({@link CharSequence}: names, paths in
 * text form, command output; {@link Number}; {@link Path}; {@link Boolean}) or nested messages,
 * which are rendered in the same language as the message around them.
 */
public record Message(MessageKey id, List<Object> args) {

    public Message {
        Objects.requireNonNull(id, "id");
        args = List.copyOf(args);
        for (Object arg : args) {
            if (!(arg instanceof CharSequence || arg instanceof Number || arg instanceof Path
                    || arg instanceof Boolean || arg instanceof Message)) {
                throw new IllegalArgumentException("message argument of unsupported type "
                        + arg.getClass().getName() + " for " + id.key());
            }
        }
        int needed = Templates.arity(id.english());
        if (args.size() != needed) {
            throw new IllegalArgumentException(id.key() + " takes " + needed + " argument(s), got " + args.size());
        }
    }

    /** The message {@code id} with {@code args} (see the class comment for the allowed types). */
    public static Message of(MessageKey id, Object... args) {
        return new Message(id, Arrays.asList(args));
    }

    /** The stable key, e.g. {@code lifecycle.STOP_STALE}. */
    public String key() {
        return id.key();
    }

    /** The English text: the CLI's output and the logs' language. */
    public String english() {
        return render(MessageKey::english);
    }

    /**
     * The text in another language: {@code patterns} gives the pattern for a key (for example from
     * a resource bundle); nested messages are rendered with the same function.
     */
    public String render(Function<MessageKey, String> patterns) {
        Object[] rendered = new Object[args.size()];
        for (int i = 0; i < rendered.length; i++) {
            Object arg = args.get(i);
            rendered[i] = arg instanceof Message nested ? nested.render(patterns) : String.valueOf(arg);
        }
        return Templates.format(patterns.apply(id), rendered);
    }

    /** The English text, so a message in a log line or exception reads naturally. */
    @Override
    public String toString() {
        return english();
    }
}
