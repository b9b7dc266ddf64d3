package dev.cumps.core.live;

import dev.cumps.core.message.Message;

/** A question to a control daemon that got no answer: the daemon is not answering (or the live view's time is spent). */
final class Unanswered extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Message why;
    private final boolean budgetSpent;

    Unanswered(Message why) {
        this(why, false);
    }

    Unanswered(Message why, boolean budgetSpent) {
        super(why.english(), null, false, false);
        this.why = why;
        this.budgetSpent = budgetSpent;
    }

    Message why() {
        return why;
    }

    /** Whether the live view's time ran out (rather than the daemon failing to answer in a question's own time). */
    boolean budgetSpent() {
        return budgetSpent;
    }
}
