package dev.cumps.app.ui.archfixture;

import dev.cumps.app.main.Notice;

/** A UI-kit class that reaches up into a page's package, on purpose (ArchitectureRulesCanFailTest). */
public final class UiUsingAPage {
    public String text(Notice notice) {
        return notice.text();
    }
}
