package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.message.Message;

/**
 * A doctor result's remedy as the window words it. The core's remedies are written for the command
 * line ({@code `cumps doctor --fix` moves them aside}); where the window can do the same with a
 * button, the window's bundle has its own wording under {@code window.<core key>} (for example
 * {@code window.doctor.STALE_RECORDS_REMEDY}: "click Fix… to move them aside"), which takes the core
 * message's arguments in the same order. A remedy without such a variant is the core's text.
 *
 * <p>Why a mapping here and not a second message from the core: which button does what is the
 * window's knowledge (its bundle already names the buttons), and the core keeps one remedy per
 * result for the CLI, JSON and Markdown report, whose output stays byte for byte as it was.
 */
public final class WindowRemedy {

    /** The prefix of a window variant's key in the window's bundle. */
    public static final String PREFIX = Messages.WINDOW_PREFIX;

    private WindowRemedy() {
    }

    /** The remedy of {@code check} in the window's language and words; empty when it has none. */
    public static String of(CheckResult check, Messages messages) {
        return check.remedyMessage().map(remedy -> of(remedy, messages)).orElse("");
    }

    /**
     * {@code remedy} in the window's words: each message in it (a joined remedy holds several) in its
     * window variant where it has one, else in the core's text ({@link Messages#windowText}).
     */
    public static String of(Message remedy, Messages messages) {
        return messages.windowText(remedy);
    }
}
