package dev.cumps.app.session.archfixture;

import dev.cumps.app.ui.UiExecutor;

/** A session class that uses the window's executor, on purpose (ArchitectureRulesCanFailTest). */
public final class SessionUsingTheWindow {
    public void later(UiExecutor executor, Runnable action) {
        executor.runOnUi(action);
    }
}
