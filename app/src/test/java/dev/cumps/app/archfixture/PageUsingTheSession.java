package dev.cumps.app.archfixture;

import dev.cumps.app.session.HostSession;

/** A page class that reaches the session, on purpose (ArchitectureRulesCanFailTest). */
public final class PageUsingTheSession {
    public boolean simulated(HostSession session) {
        return session.services().simulated();
    }
}
