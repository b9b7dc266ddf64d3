package dev.cumps.app.context;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.UiExecutor;
import java.time.Clock;

/**
 * The window's seams every view model shares, wired once by hand in {@code ConsoleApplication} (no
 * singletons): the executor seam, the texts, the activity log, the clipboard and the clock. The core
 * services are not here: the view-model factory ({@code ViewModels}) hands each view model exactly
 * the services it uses.
 */
public record ConsoleContext(UiExecutor executor, Messages messages, ActivityLog activity, ClipboardSink clipboard,
                             Clock clock) {
}
